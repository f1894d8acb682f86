// The webview's readings: pages of columns appended as they stream in, per source (provider,
// source type), into typed arrays that double their capacity. Summary sums and per-day coverage
// counts are kept up to date on append, so every view can be redrawn from what has arrived at the
// cost of the page, not of everything loaded.
import { alignedSeriesData, type AlignedChartData, type ProviderSeries } from './bloodPressureChartSeries';
import { internString, type PageColumns, type ReadingColumns } from './bloodPressureColumns';
import { sourceKey } from './bloodPressureGroups';
import { coverageOfDayCounts, type Coverage, type CoverageOptions, type DayRange } from './bloodPressureCoverage';
import type { ProviderSummary } from './bloodPressureSummary';

/** One source's readings so far, oldest first once `sources()` returned it. */
export class StoredSource {
  length = 0;
  epochMs = new Float64Array(0);
  systolic = new Float64Array(0);
  diastolic = new Float64Array(0);
  unitIndex = new Uint32Array(0);
  offsetIndex = new Uint32Array(0);
  /** undefined: readings that carried no unit. */
  readonly units: (string | undefined)[] = [];
  readonly offsets: string[] = [];
  sumSystolic = 0;
  sumDiastolic = 0;
  firstMs = Number.POSITIVE_INFINITY;
  lastMs = Number.NEGATIVE_INFINITY;
  sorted = true;
  private readonly unitIds = new Map<string | undefined, number>();
  private readonly offsetIds = new Map<string, number>();

  constructor(
    readonly provider: string,
    /** undefined: the service sent no source type. */
    readonly sourceType: string | undefined,
  ) {}

  append(columns: ReadingColumns): void {
    const count = columns.epochMs.length;
    this.reserve(this.length + count);
    const at = this.length;
    const first = columns.epochMs[0];
    if (first !== undefined && at > 0 && (this.epochMs[at - 1] ?? 0) > first) this.sorted = false;
    this.epochMs.set(columns.epochMs, at);
    this.systolic.set(columns.systolic, at);
    this.diastolic.set(columns.diastolic, at);
    // A page's string tables are its own: map its indexes onto this source's tables.
    const units = columns.units.map((unit) => internString(unit, this.unitIds, this.units));
    const offsets = columns.offsets.map((offset) => internString(offset, this.offsetIds, this.offsets));
    for (let i = 0; i < count; i++) {
      this.unitIndex[at + i] = units[columns.unitIndex[i] ?? 0] ?? 0;
      this.offsetIndex[at + i] = offsets[columns.offsetIndex[i] ?? 0] ?? 0;
      const epochMs = columns.epochMs[i] ?? 0;
      this.sumSystolic += columns.systolic[i] ?? 0;
      this.sumDiastolic += columns.diastolic[i] ?? 0;
      if (epochMs < this.firstMs) this.firstMs = epochMs;
      if (epochMs > this.lastMs) this.lastMs = epochMs;
    }
    this.length += count;
  }

  /** The reading's unit as sent; undefined when it carried none. */
  unit(index: number): string | undefined {
    return this.units[this.offsetSafe(this.unitIndex, index)];
  }

  /** The offset written in the reading's timestamp, or undefined when it carried none. */
  originalOffset(index: number): string | undefined {
    return this.offsets[this.offsetSafe(this.offsetIndex, index)] || undefined;
  }

  /** Puts the readings in time order (only needed when a page went back in time). */
  sort(): void {
    if (this.sorted) return;
    const order = Array.from({ length: this.length }, (_, i) => i).sort((a, b) => (this.epochMs[a] ?? 0) - (this.epochMs[b] ?? 0));
    const permute = <T extends Float64Array | Uint32Array>(column: T): void => {
      const copy = column.slice(0, this.length);
      order.forEach((from, to) => (column[to] = copy[from] ?? 0));
    };
    permute(this.epochMs);
    permute(this.systolic);
    permute(this.diastolic);
    permute(this.unitIndex);
    permute(this.offsetIndex);
    this.sorted = true;
  }

  private offsetSafe(column: Uint32Array, index: number): number {
    return index < this.length ? (column[index] ?? 0) : 0;
  }

  private reserve(capacity: number): void {
    if (capacity <= this.epochMs.length) return;
    const size = Math.max(capacity, this.epochMs.length * 2, 256);
    this.epochMs = grow(this.epochMs, new Float64Array(size));
    this.systolic = grow(this.systolic, new Float64Array(size));
    this.diastolic = grow(this.diastolic, new Float64Array(size));
    this.unitIndex = grow(this.unitIndex, new Uint32Array(size));
    this.offsetIndex = grow(this.offsetIndex, new Uint32Array(size));
  }
}

function grow<T extends Float64Array | Uint32Array>(from: T, to: T): T {
  to.set(from);
  return to;
}

export class ReadingStore {
  private readonly bySource = new Map<string, StoredSource>();
  private readonly dayCounts = new Map<string, Map<number, number>>();
  private ordered: StoredSource[] | undefined;
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
      source.append(columns);
      let days = this.dayCounts.get(columns.provider);
      if (!days) {
        days = new Map();
        this.dayCounts.set(columns.provider, days);
      }
      for (const day of columns.day) days.set(day, (days.get(day) ?? 0) + 1);
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

  /** Count, first and last reading and mean values per provider (over all its source types). */
  summaries(): ProviderSummary[] {
    const byProvider = new Map<string, ProviderSummary & { sumSystolic: number; sumDiastolic: number }>();
    for (const source of this.sources()) {
      if (source.length === 0) continue;
      let summary = byProvider.get(source.provider);
      if (!summary) {
        summary = { provider: source.provider, sourceTypes: [], count: 0, firstMs: Infinity, lastMs: -Infinity, meanSystolic: 0, meanDiastolic: 0, sumSystolic: 0, sumDiastolic: 0 };
        byProvider.set(source.provider, summary);
      }
      summary.sourceTypes.push(source.sourceType);
      summary.count += source.length;
      summary.sumSystolic += source.sumSystolic;
      summary.sumDiastolic += source.sumDiastolic;
      summary.firstMs = Math.min(summary.firstMs, source.firstMs);
      summary.lastMs = Math.max(summary.lastMs, source.lastMs);
    }
    return [...byProvider.values()].map(({ sumSystolic, sumDiastolic, ...summary }) => ({
      ...summary,
      meanSystolic: sumSystolic / summary.count,
      meanDiastolic: sumDiastolic / summary.count,
    }));
  }

  /** Which days of the range have readings, per provider (providers in name order). */
  coverage(range: DayRange, options: CoverageOptions = {}): Coverage {
    const sorted = new Map([...this.dayCounts.entries()].sort(([a], [b]) => compareText(a, b)));
    return coverageOfDayCounts(sorted, range, options);
  }

  /** The chart's aligned columns, built from the typed arrays (no object per reading). */
  chartData(): AlignedChartData {
    const perProvider = new Map<string, StoredSource[]>();
    for (const source of this.sources()) {
      if (source.length === 0) continue;
      const list = perProvider.get(source.provider) ?? [];
      list.push(source);
      perProvider.set(source.provider, list);
    }
    return alignedSeriesData([...perProvider.entries()].map(([provider, sources]) => providerSeries(provider, sources)));
  }
}

/** One provider's sources merged in time order (views, without a copy, when it has one source). */
function providerSeries(provider: string, sources: readonly StoredSource[]): ProviderSeries {
  if (sources.length === 1) {
    const [only] = sources as [StoredSource];
    return {
      provider,
      epochMs: only.epochMs.subarray(0, only.length),
      systolic: only.systolic.subarray(0, only.length),
      diastolic: only.diastolic.subarray(0, only.length),
    };
  }
  const total = sources.reduce((sum, s) => sum + s.length, 0);
  const epochMs = new Float64Array(total);
  const systolic = new Float64Array(total);
  const diastolic = new Float64Array(total);
  const heads = sources.map(() => 0);
  for (let out = 0; out < total; out++) {
    let pick = -1;
    let best = Infinity;
    sources.forEach((source, s) => {
      const head = heads[s] ?? 0;
      if (head < source.length && (source.epochMs[head] ?? 0) < best) {
        best = source.epochMs[head] ?? 0;
        pick = s;
      }
    });
    const source = sources[pick] as StoredSource;
    const head = heads[pick] ?? 0;
    heads[pick] = head + 1;
    epochMs[out] = best;
    systolic[out] = source.systolic[head] ?? 0;
    diastolic[out] = source.diastolic[head] ?? 0;
  }
  return { provider, epochMs, systolic, diastolic };
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
