// One series of the chart as its canvas layer draws it, read straight from the decimator's
// per-column arrays (chartDecimation.ts), never from uPlot's aligned rows: for each column with
// readings, its first, lowest, highest and last value in time order. A column is one device pixel
// wide, so where data is dense those points stack into a 1-px bar from the lowest to the highest;
// where it is sparse they are single readings joined by lines. A line never bridges more than
// GAP_SECONDS: the path breaks there. The path costs the columns, whatever the readings.
import { GAP_SECONDS } from './bloodPressureChartSeries';
import type { AxisRange } from './chartAxisRange';
import type { ColumnExtremes } from './chartDecimation';

const GAP_MS = GAP_SECONDS * 1000;

export type SeriesSide = 'systolic' | 'diastolic';

/** A series' points in time order; a NaN value is a break: no line from the point before it to the one after. */
export interface SeriesPath {
  /** Epoch ms of each point (a break: halfway through its gap). */
  readonly t: Float64Array;
  /** Each point's value; NaN at a break. */
  readonly v: Float64Array;
  readonly length: number;
  /** Readings in the window the path stands for. */
  readonly readings: number;
  /** Breaks: gaps longer than GAP_SECONDS. */
  readonly gaps: number;
  /** Columns drawn as a bar: more than one value in one pixel column. */
  readonly bars: number;
}

/** The path of one side (systolic or diastolic) of a series key's columns, with the nearest readings outside the window at its ends. */
export function seriesPath(columns: ColumnExtremes, side: SeriesSide): SeriesPath {
  const systolic = side === 'systolic';
  const count = columns.count;
  const first = systolic ? columns.firstS : columns.firstD;
  const last = systolic ? columns.lastS : columns.lastD;
  const min = systolic ? columns.minS : columns.minD;
  const minT = systolic ? columns.minSt : columns.minDt;
  const max = systolic ? columns.maxS : columns.maxD;
  const maxT = systolic ? columns.maxSt : columns.maxDt;
  let filled = 0;
  for (let c = 0; c < count.length; c++) if (count[c]! > 0) filled++;
  // Four points a column and a break before each, plus the two edge readings and their breaks.
  const capacity = 5 * filled + 4;
  const t = new Float64Array(capacity);
  const v = new Float64Array(capacity);
  let length = 0;
  let readings = 0;
  let gaps = 0;
  let bars = 0;
  let previousLast: number | undefined;
  const join = (firstT: number): void => {
    if (previousLast !== undefined && firstT - previousLast > GAP_MS) {
      // The instant the aligned rows break at: halfway through the gap, on a whole second.
      t[length] = Math.floor((previousLast / 1000 + firstT / 1000) / 2) * 1000;
      v[length++] = Number.NaN;
      gaps++;
    }
  };
  const { before, after } = columns;
  if (before) {
    t[length] = before.t;
    v[length++] = systolic ? before.s : before.d;
    previousLast = before.t;
  }
  // A column's points in time order: first, the lowest and the highest (whichever came first),
  // last; a point repeating the one before it in the column is left out (as extremes() does).
  let columnStart = 0;
  const put = (pointT: number, value: number): void => {
    if (length > columnStart && t[length - 1] === pointT && v[length - 1] === value) return;
    t[length] = pointT;
    v[length++] = value;
  };
  const firstT = columns.firstT;
  const lastT = columns.lastT;
  for (let c = 0; c < count.length; c++) {
    const n = count[c]!;
    if (n === 0) continue;
    readings += n;
    join(firstT[c]!);
    columnStart = length;
    put(firstT[c]!, first[c]!);
    if (minT[c]! <= maxT[c]!) {
      put(minT[c]!, min[c]!);
      put(maxT[c]!, max[c]!);
    } else {
      put(maxT[c]!, max[c]!);
      put(minT[c]!, min[c]!);
    }
    put(lastT[c]!, last[c]!);
    if (min[c] !== max[c]) bars++;
    previousLast = lastT[c]!;
  }
  if (after) {
    join(after.t);
    t[length] = after.t;
    v[length++] = systolic ? after.s : after.d;
  }
  return { t, v, length, readings, gaps, bars };
}

/** The path's values (NaN at breaks), for the axis range (robustAxisRange skips what is not finite). */
export function pathValues(path: SeriesPath): Float64Array {
  return path.v.subarray(0, path.length);
}

/** How many points of the path lie beyond `range` (they are drawn at its edge). */
export function pointsOutside(path: SeriesPath, range: AxisRange): number {
  let outside = 0;
  for (let i = 0; i < path.length; i++) {
    const value = path.v[i]!;
    if (value > range.max || value < range.min) outside++;
  }
  return outside;
}

/** The index of the first point at or after `epochMs` (the path's length when none is). */
export function pointAtOrAfter(path: SeriesPath, epochMs: number): number {
  let low = 0;
  let high = path.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (path.t[middle]! < epochMs) low = middle + 1;
    else high = middle;
  }
  return low;
}
