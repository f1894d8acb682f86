// The webview's readings: pages of columns kept as they arrive, per source (provider, source
// type), without copying a reading: a source is the list of its pages' typed arrays. Summary sums,
// per-day coverage counts and the chart's per-pixel columns are kept up to date on append, so
// every view can be redrawn from what has arrived at the cost of the page, not of everything
// loaded.
import { internString, TEXT_FIELDS, type PageColumns, type ReadingColumns, type TextColumn, type TextField } from './bloodPressureColumns';
import { sourceKey } from './bloodPressureGroups';
import { coverageOfDayCounts, type Coverage, type CoverageOptions, type DayRange, type SourceDays } from './bloodPressureCoverage';
import type { ProviderSummary } from './bloodPressureSummary';
import { implausibilityOf } from './bloodPressurePlausibility';
import { chartSeriesKey, isPressureUnit, parseChartSeriesKey } from './bloodPressureUnits';
import { ChartDecimator, type ChartWindow, type DecimatedChart } from './chartDecimation';

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
    const allPressure = pressure.every(Boolean);
    for (let i = 0; i < count; i++) {
      const unit = allPressure ? 0 : units.index[i]!;
      if (!allPressure && !pressure[unit]) {
        const name = units.values[unit] ?? '';
        this.otherUnits.set(name, (this.otherUnits.get(name) ?? 0) + 1);
      } else if (implausibilityOf(systolic[i]!, diastolic[i]!) !== undefined) {
        this.implausibleCount++;
      } else {
        this.sumSystolic += systolic[i]!;
        this.sumDiastolic += diastolic[i]!;
        this.pressureCount++;
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

/** The first index of a sorted array at or after `ms`. */
function indexAtOrAfter(epochMs: Float64Array, ms: number): number {
  let low = 0;
  let high = epochMs.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (epochMs[middle]! < ms) low = middle + 1;
    else high = middle;
  }
  return low;
}

export class ReadingStore {
  private readonly bySource = new Map<string, StoredSource>();
  /** Readings per zone day, per source (provider and source type as sent). */
  private readonly dayCounts = new Map<string, SourceDays & { days: Map<number, number> }>();
  private ordered: StoredSource[] | undefined;
  /** The chart's columns for the window it shows, fed with every page after it was built. */
  private decimator: ChartDecimator | undefined;
  private readonly seriesSeen = new Set<string>();
  private count = 0;
  private unreadable = 0;

  /** Appends one page; returns how many readings it held. */
  add(page: PageColumns): number {
    let added = 0;
    for (const columns of page.sources) {
      const key = sourceKey(columns.provider, columns.sourceType);
      let source = this.bySource.get(key);
      if (!source) {
        source = new StoredSource(columns.provider, columns.sourceType);
        this.bySource.set(key, source);
        this.ordered = undefined;
      }
      const parts = source.append(columns);
      for (const part of parts) this.seriesSeen.add(part.key);
      if (this.decimator) for (const part of parts) this.decimator.add(part.key, part.epochMs, part.systolic, part.diastolic);
      let counted = this.dayCounts.get(key);
      if (!counted) {
        counted = { provider: columns.provider, sourceType: columns.sourceType, days: new Map() };
        this.dayCounts.set(key, counted);
      }
      countDays(columns.day, counted.days);
      added += columns.epochMs.length;
    }
    this.count += added;
    this.unreadable += page.unreadable;
    return added;
  }

  get readingCount(): number {
    return this.count;
  }

  get unreadableCount(): number {
    return this.unreadable;
  }

  /** Sources ordered by provider then source type, each in time order. */
  sources(): readonly StoredSource[] {
    this.ordered ??= [...this.bySource.values()].sort(
      (a, b) => compareText(a.provider, b.provider) || compareText(a.sourceType ?? '', b.sourceType ?? ''),
    );
    for (const source of this.ordered) source.sort();
    return this.ordered;
  }

  /** Count, first and last reading and mean values (of mmHg readings) per provider (over all its source types). */
  summaries(): ProviderSummary[] {
    const byProvider = new Map<string, ProviderSummary & { sumSystolic: number; sumDiastolic: number }>();
    for (const source of this.sources()) {
      if (source.length === 0) continue;
      let summary = byProvider.get(source.provider);
      if (!summary) {
        summary = {
          provider: source.provider,
          sourceTypes: [],
          count: 0,
          pressureCount: 0,
          implausibleCount: 0,
          otherUnits: {},
          firstMs: Infinity,
          lastMs: -Infinity,
          firstOwnOffsetSeconds: undefined,
          lastOwnOffsetSeconds: undefined,
          meanSystolic: 0,
          meanDiastolic: 0,
          sumSystolic: 0,
          sumDiastolic: 0,
        };
        byProvider.set(source.provider, summary);
      }
      summary.sourceTypes.push(source.sourceType);
      summary.count += source.length;
      summary.pressureCount += source.pressureCount;
      summary.implausibleCount += source.implausibleCount;
      for (const [unit, count] of source.otherUnits) summary.otherUnits[unit] = (summary.otherUnits[unit] ?? 0) + count;
      summary.sumSystolic += source.sumSystolic;
      summary.sumDiastolic += source.sumDiastolic;
      if (source.firstMs < summary.firstMs) {
        summary.firstMs = source.firstMs;
        summary.firstOwnOffsetSeconds = source.firstOwnOffsetSeconds;
      }
      if (source.lastMs >= summary.lastMs) {
        summary.lastMs = source.lastMs;
        summary.lastOwnOffsetSeconds = source.lastOwnOffsetSeconds;
      }
    }
    return [...byProvider.values()].map(({ sumSystolic, sumDiastolic, ...summary }) => ({
      ...summary,
      meanSystolic: summary.pressureCount > 0 ? sumSystolic / summary.pressureCount : Number.NaN,
      meanDiastolic: summary.pressureCount > 0 ? sumDiastolic / summary.pressureCount : Number.NaN,
    }));
  }

  /** Which days of the range have readings, per source as sent (in provider, then source type order). */
  coverage(range: DayRange, options: CoverageOptions = {}): Coverage {
    return coverageOfDayCounts(this.dayCounts, range, options);
  }

  /** Earliest and latest reading so far; undefined before the first. */
  extent(): ChartWindow | undefined {
    let startMs = Number.POSITIVE_INFINITY;
    let endMs = Number.NEGATIVE_INFINITY;
    for (const source of this.bySource.values()) {
      if (source.length === 0) continue;
      startMs = Math.min(startMs, source.firstMs);
      endMs = Math.max(endMs, source.lastMs);
    }
    return startMs <= endMs ? { startMs, endMs } : undefined;
  }

  /** Providers with readings, in name order. */
  providers(): string[] {
    return [...new Set(this.sources().filter((s) => s.length > 0).map((s) => s.provider))];
  }

  /**
   * The chart's series (chartSeriesKey): each provider's mmHg readings, then each other unit it
   * sent, providers in name order.
   */
  seriesKeys(): string[] {
    return [...this.seriesSeen].sort(compareText);
  }

  /** The reading drawn at `epochMs` in chart series `key`; undefined when none is. */
  readingAt(epochMs: number, key: string): { source: StoredSource; index: number } | undefined {
    const { provider } = parseChartSeriesKey(key);
    for (const source of this.sources()) {
      if (source.provider !== provider || epochMs < source.firstMs || epochMs > source.lastMs) continue;
      const index = source.indexAt(epochMs, key);
      if (index >= 0) return { source, index };
    }
    return undefined;
  }

  /**
   * The chart for `window` (default: every reading) at `pixelColumns`, decimated per pixel column
   * (src/domain/chartDecimation.ts). The same window and width again cost the columns only: the
   * pages added since were put into the columns as they arrived. Another window or width (a zoom,
   * a resize) reads the readings inside it once, found by binary search.
   */
  chartData(window = this.extent() ?? { startMs: 0, endMs: 0 }, pixelColumns = 2_000): DecimatedChart {
    const sources = this.sources();
    if (!this.decimator?.serves(window, pixelColumns)) {
      const decimator = new ChartDecimator(window, pixelColumns);
      for (const source of sources) {
        for (const part of source.parts) {
          // The page's readings inside the window, and its nearest one on each side (the line's way in and out).
          const from = Math.max(0, indexAtOrAfter(part.epochMs, window.startMs) - 1);
          const to = Math.min(part.epochMs.length, indexAtOrAfter(part.epochMs, window.endMs + 1) + 1);
          decimator.add(part.key, part.epochMs, part.systolic, part.diastolic, from, to);
        }
      }
      this.decimator = decimator;
    }
    return this.decimator.output(this.seriesKeys());
  }
}

/** Adds a page's zone days to the per-day counts: one map update per run of equal days. */
function countDays(day: Int32Array, counts: Map<number, number>): void {
  let i = 0;
  while (i < day.length) {
    const value = day[i]!;
    let end = i + 1;
    while (end < day.length && day[end] === value) end++;
    counts.set(value, (counts.get(value) ?? 0) + (end - i));
    i = end;
  }
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
