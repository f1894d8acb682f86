// The chart draws what its pixels can show, not every reading: the x window is cut into columns
// (one per pixel column, and never wider than a line-breaking gap) and each provider keeps, per
// column and per series, its first, lowest, highest and last reading (M4 aggregation, Jugel et
// al., VLDB 2014: a line through these four points rasterises exactly as the line through every
// point of the column). So every spike stays, and every gap longer than GAP_SECONDS is still a
// break in the line. Columns are updated as pages arrive (the cost of the page, not of the
// history) and the output costs the columns, not the readings. The table, exports, raw response
// and summary keep every reading; only the chart is decimated.
import { GAP_SECONDS, type AlignedChartData, type ChartValue } from './bloodPressureChartSeries';
import { ProviderColumns, type ColumnExtremes, type ColumnLocator } from './chartColumns';

export type { ColumnExtremes, Edge } from './chartColumns';

const GAP_MS = GAP_SECONDS * 1000;

/** The x range of the chart in epoch milliseconds, both ends included. */
export interface ChartWindow {
  startMs: number;
  endMs: number;
}

export interface DecimatedChart extends AlignedChartData {
  /** Rows the chart draws (at most about six per column and provider, whatever the readings). */
  rows: number;
}

/** Columns for `window` at `pixelColumns`: one per pixel column, and none wider than a gap. */
export function columnCount(window: ChartWindow, pixelColumns: number): number {
  const span = Math.max(1, window.endMs - window.startMs);
  return Math.max(1, Math.round(pixelColumns), Math.ceil(span / GAP_MS));
}


/** A provider's points in time order: ms, systolic, diastolic (undefined: no point of that series; null: a break). */
interface ProviderRows {
  t: number[];
  s: ChartValue[];
  d: ChartValue[];
  readings: number;
  gaps: number;
}

export class ChartDecimator implements ColumnLocator {
  readonly columns: number;
  private readonly spanMs: number;
  private readonly byProvider = new Map<string, ProviderColumns>();

  constructor(readonly window: ChartWindow, pixelColumns: number) {
    this.columns = columnCount(window, pixelColumns);
    this.spanMs = Math.max(1, window.endMs - window.startMs);
  }

  /** Whether this decimator serves `window` at `pixelColumns` (else build a new one). */
  serves(window: ChartWindow, pixelColumns: number): boolean {
    return window.startMs === this.window.startMs && window.endMs === this.window.endMs && this.columns === columnCount(window, pixelColumns);
  }

  /** Adds readings `from`..`to` (exclusive) of one provider's columns. */
  add(provider: string, epochMs: ArrayLike<number>, systolic: ArrayLike<number>, diastolic: ArrayLike<number>, from = 0, to = epochMs.length): void {
    let columns = this.byProvider.get(provider);
    if (!columns) {
      columns = new ProviderColumns(this.columns);
      this.byProvider.set(provider, columns);
    }
    const { startMs, endMs } = this.window;
    let i = from;
    while (i < to) {
      const t = epochMs[i]!;
      if (t < startMs) columns.putBefore(t, systolic[i]!, diastolic[i]!);
      else if (t > endMs) columns.putAfter(t, systolic[i]!, diastolic[i]!);
      else {
        i = columns.putRun(this.columnOf(t), this, epochMs, systolic, diastolic, i, to);
        continue;
      }
      i++;
    }
  }

  /** An instant near the end of column `c` that is in column c; -Infinity when the guess is not. */
  lastInstantOf(c: number): number {
    const guess = this.window.startMs + ((c + 1) * this.spanMs) / this.columns - 1;
    return this.columnOf(guess) === c ? guess : Number.NEGATIVE_INFINITY;
  }

  /** The column of an instant; -1 outside the window. */
  columnOf(t: number): number {
    if (t < this.window.startMs || t > this.window.endMs) return -1;
    // Multiplied before dividing: a reading on a column's edge belongs to the column it starts
    // (times the reciprocal could round it into the column before).
    return Math.min(this.columns - 1, Math.floor(((t - this.window.startMs) * this.columns) / this.spanMs));
  }

  /** The columns of series key `key`; undefined before its first reading. */
  columnsOf(key: string): ColumnExtremes | undefined {
    return this.byProvider.get(key);
  }

  /** uPlot's aligned data for `providers` (in that order; one without readings gets empty series). */
  output(providers: readonly string[]): DecimatedChart {
    const perProvider = providers.map((provider) => this.rowsOf(this.byProvider.get(provider)));
    return mergeRows(providers, perProvider);
  }

  private rowsOf(columns: ProviderColumns | undefined): ProviderRows {
    if (!columns) return new RowWriter(0).finish();
    // Eight points a column with readings at most, a break before each, and the two edge readings.
    let filled = 0;
    for (let c = 0; c < this.columns; c++) if (columns.count[c]! > 0) filled++;
    const rows = new RowWriter(9 * filled + 4);
    const { before, after } = columns;
    if (before) rows.column(before.t, before.t, [before.t], [before.s], 1, [before.t], [before.d], 1);
    const sT = new Float64Array(4);
    const sV = new Float64Array(4);
    const dT = new Float64Array(4);
    const dV = new Float64Array(4);
    for (let c = 0; c < this.columns; c++) {
      const n = columns.count[c]!;
      if (n === 0) continue;
      rows.result.readings += n;
      const firstT = columns.firstT[c]!;
      const lastT = columns.lastT[c]!;
      const ns = extremes(sT, sV, firstT, columns.firstS[c]!, columns.minSt[c]!, columns.minS[c]!, columns.maxSt[c]!, columns.maxS[c]!, lastT, columns.lastS[c]!);
      const nd = extremes(dT, dV, firstT, columns.firstD[c]!, columns.minDt[c]!, columns.minD[c]!, columns.maxDt[c]!, columns.maxD[c]!, lastT, columns.lastD[c]!);
      rows.column(firstT, lastT, sT, sV, ns, dT, dV, nd);
    }
    if (after) rows.column(after.t, after.t, [after.t], [after.s], 1, [after.t], [after.d], 1);
    return rows.finish();
  }
}

/**
 * One series' points of a column in time order: first, the lowest and the highest (whichever came
 * first), last; a point that repeats the one before it is left out. Returns how many.
 */
function extremes(
  times: Float64Array,
  values: Float64Array,
  firstT: number,
  first: number,
  minT: number,
  min: number,
  maxT: number,
  max: number,
  lastT: number,
  last: number,
): number {
  let n = 0;
  const put = (t: number, v: number): void => {
    if (n > 0 && times[n - 1] === t && values[n - 1] === v) return;
    times[n] = t;
    values[n++] = v;
  };
  put(firstT, first);
  if (minT <= maxT) {
    put(minT, min);
    put(maxT, max);
  } else {
    put(maxT, max);
    put(minT, min);
  }
  put(lastT, last);
  return n;
}

/** Writes a provider's rows: strictly increasing instants, a `null` row across each gap. */
class RowWriter {
  readonly result: ProviderRows;
  private rows = 0;
  private previousLast: number | undefined;

  /** `capacity`: at most this many rows will be written (arrays are allocated once). */
  constructor(capacity: number) {
    this.result = { t: new Array<number>(capacity), s: new Array<ChartValue>(capacity), d: new Array<ChartValue>(capacity), readings: 0, gaps: 0 };
  }

  /** The points of one column (or of an edge reading), systolic and diastolic merged by time. */
  column(firstT: number, lastT: number, sT: ArrayLike<number>, sV: ArrayLike<number>, ns: number, dT: ArrayLike<number>, dV: ArrayLike<number>, nd: number): void {
    if (this.previousLast !== undefined && firstT - this.previousLast > GAP_MS) {
      // The same instant alignedSeriesData breaks at: halfway through the gap, on a whole second.
      this.push(Math.floor((this.previousLast / 1000 + firstT / 1000) / 2) * 1000, null, null);
      this.result.gaps++;
    }
    let i = 0;
    let j = 0;
    while (i < ns || j < nd) {
      const ts = i < ns ? sT[i]! : Number.POSITIVE_INFINITY;
      const td = j < nd ? dT[j]! : Number.POSITIVE_INFINITY;
      const t = ts < td ? ts : td;
      const s = ts === t ? sV[i++]! : undefined;
      const d = td === t ? dV[j++]! : undefined;
      // Two values of one series at one instant: the second goes a millisecond later, so both
      // extremes are drawn (aligned data has one value per series and instant).
      const previous = this.rows > 0 ? this.result.t[this.rows - 1]! : Number.NEGATIVE_INFINITY;
      this.push(t > previous ? t : previous + 1, s, d);
    }
    this.previousLast = lastT;
  }

  /** The rows written, the arrays cut to them. */
  finish(): ProviderRows {
    this.result.t.length = this.result.s.length = this.result.d.length = this.rows;
    return this.result;
  }

  private push(t: number, s: ChartValue, d: ChartValue): void {
    const at = this.rows++;
    this.result.t[at] = t;
    this.result.s[at] = s;
    this.result.d[at] = d;
  }
}

/** The providers' rows as one ascending time axis (seconds) with two columns per provider. */
function mergeRows(providers: readonly string[], perProvider: readonly ProviderRows[]): DecimatedChart {
  const capacity = perProvider.reduce((sum, rows) => sum + rows.t.length, 0);
  const times = new Array<number>(capacity);
  const columns: ChartValue[][] = perProvider.flatMap(() => [new Array<ChartValue>(capacity).fill(undefined), new Array<ChartValue>(capacity).fill(undefined)]);
  const heads = perProvider.map(() => 0);
  let rows = 0;
  for (;;) {
    let earliest = Number.POSITIVE_INFINITY;
    for (let p = 0; p < perProvider.length; p++) {
      const t = perProvider[p]!.t[heads[p]!];
      if (t !== undefined && t < earliest) earliest = t;
    }
    if (earliest === Number.POSITIVE_INFINITY) break;
    const row = rows++;
    times[row] = earliest / 1000;
    for (let p = 0; p < perProvider.length; p++) {
      const source = perProvider[p]!;
      const head = heads[p]!;
      if (source.t[head] !== earliest) continue;
      columns[2 * p]![row] = source.s[head];
      columns[2 * p + 1]![row] = source.d[head];
      heads[p] = head + 1;
    }
  }
  times.length = rows;
  for (const column of columns) column.length = rows;
  return {
    providers: [...providers],
    times,
    columns,
    points: perProvider.reduce((sum, p) => sum + p.readings, 0),
    gaps: perProvider.reduce((sum, p) => sum + p.gaps, 0),
    rows,
  };
}
