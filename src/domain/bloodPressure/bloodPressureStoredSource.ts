// One source's readings (provider, source type) as the list of its pages' typed arrays, kept as
// they arrive without copying a reading; read by index across the pages, sorted only when a page
// went back in time.
import { internString, TEXT_FIELDS, type ReadingColumns, type TextColumn, type TextField } from './bloodPressureColumns';
import { isPlausible } from './bloodPressurePlausibility';
import { chartSeriesKey, isPressureUnit } from './bloodPressureUnits';

/** One page's readings of a source, as the page sent them (in time order), and where they start. */
interface Chunk {
  start: number;
  epochMs: Float64Array;
  systolic: Float64Array;
  diastolic: Float64Array;
  text: Record<TextField, TextColumn>;
  /** The chunk's readings per chart series (one unit each): the chunk's own arrays when it has one unit. */
  series: ChartPart[];
}

/** Readings of one chart series (a provider in one unit), in time order. */
export interface ChartPart {
  key: string;
  epochMs: Float64Array;
  systolic: Float64Array;
  diastolic: Float64Array;
}

/** One source's readings so far, oldest first once `sources()` returned it. */
export class StoredSource {
  length = 0;
  /** Plausible readings in mmHg (or without a unit): the only ones the summary's figures are made of. */
  pressureCount = 0;
  /** Readings in mmHg that cannot be a blood pressure: counted, left out of the figures. */
  implausibleCount = 0;
  sumSystolic = 0;
  sumDiastolic = 0;
  /** Readings in another unit, per unit as sent. */
  readonly otherUnits = new Map<string, number>();
  firstMs = Number.POSITIVE_INFINITY;
  lastMs = Number.NEGATIVE_INFINITY;
  /** The own timezone_offset of the first and last reading (the summary shows their time by the one rule). */
  firstOwnOffsetSeconds: number | undefined;
  lastOwnOffsetSeconds: number | undefined;
  /** Whether the pages follow each other in time (each page is in time order by itself). */
  sorted = true;
  private chunks: Chunk[] = [];
  /** The chunk the last lookup landed in: the table reads neighbouring rows. */
  private recent = 0;

  constructor(
    readonly provider: string,
    /** undefined: the service sent no source type. */
    readonly sourceType: string | undefined,
  ) {}

  /** Adds one page's columns; returns them per chart series. */
  append(columns: ReadingColumns): readonly ChartPart[] {
    const count = columns.epochMs.length;
    if (count === 0) return [];
    const { epochMs, systolic, diastolic, text } = columns;
    if (this.length > 0 && (epochMs[0] ?? 0) < this.lastMs) this.sorted = false;
    const series = chartParts(this.provider, epochMs, systolic, diastolic, text.unit);
    this.chunks.push({ start: this.length, epochMs, systolic, diastolic, text, series });
    const units = text.unit;
    const pressure = units.values.map((unit) => isPressureUnit(unit));
    if (pressure.every(Boolean)) this.addPressures(systolic, diastolic, 0, count);
    else {
      for (let i = 0; i < count; i++) {
        const unit = units.index[i]!;
        if (pressure[unit]) this.addPressures(systolic, diastolic, i, i + 1);
        else {
          const name = units.values[unit] ?? '';
          this.otherUnits.set(name, (this.otherUnits.get(name) ?? 0) + 1);
        }
      }
    }
    const ownOffset = (i: number): number | undefined => {
      const value = text.ownOffset.values[text.ownOffset.index[i] ?? 0] ?? '';
      return value === '' ? undefined : Number(value);
    };
    if (epochMs[0]! < this.firstMs) {
      this.firstMs = epochMs[0]!;
      this.firstOwnOffsetSeconds = ownOffset(0);
    }
    if (epochMs[count - 1]! >= this.lastMs) {
      this.lastMs = epochMs[count - 1]!;
      this.lastOwnOffsetSeconds = ownOffset(count - 1);
    }
    this.length += count;
    return series;
  }

  /** Readings `from`..`to` (exclusive) in mmHg: into the summary's sums, or counted as implausible. */
  private addPressures(systolic: Float64Array, diastolic: Float64Array, from: number, to: number): void {
    // Added one by one in reading order, as before: the same sums to the last bit.
    let sumSystolic = this.sumSystolic;
    let sumDiastolic = this.sumDiastolic;
    let plausible = 0;
    for (let i = from; i < to; i++) {
      const s = systolic[i]!;
      const d = diastolic[i]!;
      if (!isPlausible(s, d)) continue;
      sumSystolic += s;
      sumDiastolic += d;
      plausible++;
    }
    this.sumSystolic = sumSystolic;
    this.sumDiastolic = sumDiastolic;
    this.pressureCount += plausible;
    this.implausibleCount += to - from - plausible;
  }

  /** The pages' columns per chart series, for readers that take them one at a time (the chart). */
  get parts(): readonly ChartPart[] {
    return this.chunks.flatMap((chunk) => chunk.series);
  }

  timeAt(index: number): number {
    const [chunk, i] = this.locate(index);
    return chunk ? chunk.epochMs[i]! : 0;
  }

  systolicAt(index: number): number {
    const [chunk, i] = this.locate(index);
    return chunk ? chunk.systolic[i]! : 0;
  }

  diastolicAt(index: number): number {
    const [chunk, i] = this.locate(index);
    return chunk ? chunk.diastolic[i]! : 0;
  }

  /** A text field of reading `index` ('' when absent). */
  textOf(field: TextField, index: number): string {
    const [chunk, i] = this.locate(index);
    const column = chunk?.text[field];
    return column ? (column.values[column.index[i] ?? 0] ?? '') : '';
  }

  /** The reading's unit as sent; undefined when it carried none. */
  unit(index: number): string | undefined {
    return this.textOf('unit', index) || undefined;
  }

  /** The offset written in the reading's timestamp, or undefined when it carried none. */
  originalOffset(index: number): string | undefined {
    return this.textOf('offset', index) || undefined;
  }

  /** The reading's own `timezone_offset` in seconds east of UTC; undefined when not sent. */
  ownOffsetSeconds(index: number): number | undefined {
    const text = this.textOf('ownOffset', index);
    return text === '' ? undefined : Number(text);
  }

  /** The index of the reading at `epochMs` (the first of equal ones) whose unit draws it in series `key`; -1 when none. */
  indexAt(epochMs: number, key: string): number {
    let low = 0;
    let high = this.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.timeAt(middle) < epochMs) low = middle + 1;
      else high = middle;
    }
    for (let i = low; i < this.length && this.timeAt(i) === epochMs; i++) {
      if (chartSeriesKey(this.provider, this.unit(i)) === key) return i;
    }
    return -1;
  }

  /** Puts the readings in time order (only needed when a page went back in time): one chunk of all. */
  sort(): void {
    if (this.sorted) return;
    const all: [Chunk, number][] = [];
    for (const chunk of this.chunks) for (let i = 0; i < chunk.epochMs.length; i++) all.push([chunk, i]);
    // Array.prototype.sort is stable: equal instants keep the order they arrived in.
    all.sort(([a, i], [b, j]) => a.epochMs[i]! - b.epochMs[j]!);
    const epochMs = Float64Array.from(all, ([c, i]) => c.epochMs[i]!);
    const systolic = Float64Array.from(all, ([c, i]) => c.systolic[i]!);
    const diastolic = Float64Array.from(all, ([c, i]) => c.diastolic[i]!);
    const text = Object.fromEntries(TEXT_FIELDS.map((field) => [field, mergedText(all, field)])) as Record<TextField, TextColumn>;
    const merged: Chunk = { start: 0, epochMs, systolic, diastolic, text, series: chartParts(this.provider, epochMs, systolic, diastolic, text.unit) };
    this.chunks = [merged];
    this.recent = 0;
    this.sorted = true;
  }

  /** The chunk holding reading `index` and the index inside it. */
  private locate(index: number): [Chunk | undefined, number] {
    if (index < 0 || index >= this.length) return [undefined, 0];
    const chunks = this.chunks;
    let at = this.recent;
    const near = chunks[at];
    if (!near || index < near.start || index >= near.start + near.epochMs.length) {
      let low = 0;
      let high = chunks.length - 1;
      while (low < high) {
        const middle = (low + high + 1) >> 1;
        if (chunks[middle]!.start <= index) low = middle;
        else high = middle - 1;
      }
      at = this.recent = low;
    }
    const chunk = chunks[at]!;
    return [chunk, index - chunk.start];
  }
}

/** A chunk's readings per chart series: no copy when they share one series (the usual case). */
function chartParts(provider: string, epochMs: Float64Array, systolic: Float64Array, diastolic: Float64Array, units: TextColumn): ChartPart[] {
  const keys = units.values.map((unit) => chartSeriesKey(provider, unit || undefined));
  if (new Set(keys).size <= 1) return [{ key: keys[0] ?? provider, epochMs, systolic, diastolic }];
  const byKey = new Map<string, number[]>();
  for (let i = 0; i < epochMs.length; i++) {
    const key = keys[units.index[i]!]!;
    let indexes = byKey.get(key);
    if (!indexes) byKey.set(key, (indexes = []));
    indexes.push(i);
  }
  return [...byKey.entries()].map(([key, indexes]) => ({
    key,
    epochMs: Float64Array.from(indexes, (i) => epochMs[i]!),
    systolic: Float64Array.from(indexes, (i) => systolic[i]!),
    diastolic: Float64Array.from(indexes, (i) => diastolic[i]!),
  }));
}

function mergedText(all: readonly [Chunk, number][], field: TextField): TextColumn {
  const column: TextColumn = { index: new Uint32Array(all.length), values: [] };
  const ids = new Map<string, number>();
  all.forEach(([chunk, i], at) => {
    const own = chunk.text[field];
    column.index[at] = internString(own.values[own.index[i] ?? 0] ?? '', ids, column.values);
  });
  return column;
}
