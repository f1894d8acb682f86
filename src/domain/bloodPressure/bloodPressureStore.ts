// The webview's readings: pages of columns kept as they arrive, per source (provider, source
// type), without copying a reading: a source is the list of its pages' typed arrays
// (bloodPressureStoredSource.ts). Summary sums, per-day coverage counts and the chart's per-pixel
// columns are kept up to date on append, so every view can be redrawn from what has arrived at the
// cost of the page, not of everything loaded.
import type { PageColumns } from './bloodPressureColumns';
import { sourceKey } from './bloodPressureGroups';
import { coverageOfDayCounts, type Coverage, type CoverageOptions, type DayRange, type SourceDays } from '../coverage/bloodPressureCoverage';
import type { ProviderSummary } from './bloodPressureSummary';
import { summarizeSources } from './bloodPressureSourceSummaries';
import { StoredSource } from './bloodPressureStoredSource';
import { parseChartSeriesKey } from './bloodPressureUnits';
import { ChartDecimator, type ChartWindow, type ColumnExtremes, type DecimatedChart } from './chartDecimation';

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
    return summarizeSources(this.sources());
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
   * (src/domain/bloodPressure/chartDecimation.ts). The same window and width again cost the columns only: the
   * pages added since were put into the columns as they arrived. Another window or width (a zoom,
   * a resize) reads the readings inside it once, found by binary search.
   */
  chartData(window = this.extent() ?? { startMs: 0, endMs: 0 }, pixelColumns = 2_000): DecimatedChart {
    return this.decimatorFor(window, pixelColumns).output(this.seriesKeys());
  }

  /**
   * The chart's per-column arrays for `window` at `pixelColumns`, one set per series key (what the
   * chart's canvas layer draws, chartSeriesPath.ts): kept up to date as pages arrive, rebuilt only
   * for another window or width, like chartData.
   */
  chartColumns(window: ChartWindow, pixelColumns: number): ChartColumns {
    const decimator = this.decimatorFor(window, pixelColumns);
    return { keys: this.seriesKeys(), columnsOf: (key) => decimator.columnsOf(key) };
  }

  private decimatorFor(window: ChartWindow, pixelColumns: number): ChartDecimator {
    const sources = this.sources();
    if (!this.decimator?.serves(window, pixelColumns)) {
      const decimator = new ChartDecimator(window, pixelColumns);
      for (const source of sources) {
        for (const part of source.parts) {
          // The page's readings inside the window, and its nearest instant on each side (the line's way
          // in and out) with every reading at that instant, as a page added to a built decimator gives.
          const { epochMs } = part;
          let from = indexAtOrAfter(epochMs, window.startMs) - 1;
          while (from > 0 && epochMs[from - 1] === epochMs[from]) from--;
          let to = indexAtOrAfter(epochMs, window.endMs + 1);
          if (to < epochMs.length) to++;
          while (to < epochMs.length && epochMs[to] === epochMs[to - 1]) to++;
          decimator.add(part.key, epochMs, part.systolic, part.diastolic, Math.max(0, from), to);
        }
      }
      this.decimator = decimator;
    }
    return this.decimator;
  }
}

/** The chart's series keys (chartSeriesKey, in drawing order) and each one's per-column arrays. */
export interface ChartColumns {
  keys: string[];
  columnsOf(key: string): ColumnExtremes | undefined;
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
