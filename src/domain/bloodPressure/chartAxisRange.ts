// The chart's value axes: each scaled to its own readings (mmHg, mg/dL, %), robust to outliers. One
// reading of 1,005 mmHg among readings of 60–160 must not stretch the axis to 1,000: it is drawn at
// the axis's edge and the tooltip names it. The range is the readings' median ± FENCE robust
// deviations (1.4826 × the median absolute deviation, which estimates the standard deviation of
// normal data and ignores up to half the values being wild), cut to the readings' own extremes and
// padded. The median/MAD fence holds for the few readings a short window has, where percentiles
// of three values would still be the outlier itself.
//
// The fence alone is not enough where a zoomed window holds three readings of which one is 13.7 and
// one 1,005 mmHg (the fence then spans −360..600 and the axis drew −24..639): a value the
// plausibility check names (bloodPressurePlausibility.ts) never sets the mmHg axis at all, and a
// pressure axis never goes below 0.
import { DIASTOLIC_BOUNDS, SYSTOLIC_BOUNDS } from './bloodPressurePlausibility';

export interface AxisRange {
  min: number;
  max: number;
}

/** Robust deviations from the median a reading may lie and still set the axis. */
const FENCE = 6;
/** Part of the span added above and below, so no point sits on the frame. */
const PADDING = 0.06;

/** The mmHg axis always shows the normal..stage 2 bands, whatever the readings' own range. */
export const PRESSURE_BANDS_IN_VIEW: AxisRange = { min: 50, max: 190 };

export interface AxisOptions {
  /** Always shown (the mmHg axis keeps its normal..stage 2 bands in view). */
  include?: AxisRange;
  /** Per population (same order): the values it can have at all; a value outside never sets the axis. */
  plausible?: readonly (AxisRange | undefined)[];
  /** The axis never starts below this (a pressure is never negative). */
  floor?: number;
}

/**
 * The axis range of the finite values of `populations` (each a list of columns whose values belong
 * together: systolic apart from diastolic, whose two clusters would otherwise look like one wide
 * spread); null and undefined are no value. Each population is fenced on its own; the axis spans
 * them all. Undefined without a value and without `include`.
 */
export function robustAxisRange(populations: readonly (readonly ArrayLike<number | null | undefined>[])[], options: AxisOptions = {}): AxisRange | undefined {
  const { include, plausible, floor } = options;
  let min = include ? include.min : Number.POSITIVE_INFINITY;
  let max = include ? include.max : Number.NEGATIVE_INFINITY;
  populations.forEach((columns, index) => {
    const fenced = fencedExtent(columns, plausible?.[index]);
    if (!fenced) return;
    min = Math.min(min, fenced.min);
    max = Math.max(max, fenced.max);
  });
  if (!(min <= max)) return undefined;
  const pad = Math.max((max - min) * PADDING, 1);
  const low = include && min === include.min ? min : min - pad;
  return { min: floor === undefined ? low : Math.max(floor, low), max: include && max === include.max ? max : max + pad };
}

/**
 * The mmHg axis of systolic and diastolic columns: the bands always in view, a systolic or diastolic
 * value outside the bounds a blood pressure can have never sets it (it is drawn at the edge), and it
 * never starts below 0. A reading named implausible only for its order (systolic not above
 * diastolic) has both values inside those bounds, 40–200 mmHg, which the bands nearly span already.
 */
export function pressureAxisRange(systolic: readonly ArrayLike<number | null | undefined>[], diastolic: readonly ArrayLike<number | null | undefined>[]): AxisRange {
  return robustAxisRange([systolic, diastolic], { include: PRESSURE_BANDS_IN_VIEW, plausible: [SYSTOLIC_BOUNDS, DIASTOLIC_BOUNDS], floor: 0 })!;
}

/** The lowest and highest value of the columns (those within `plausible`) inside median ± FENCE robust deviations. */
function fencedExtent(columns: readonly ArrayLike<number | null | undefined>[], plausible: AxisRange | undefined): AxisRange | undefined {
  const low = plausible ? plausible.min : Number.NEGATIVE_INFINITY;
  const high = plausible ? plausible.max : Number.POSITIVE_INFINITY;
  const counts = (value: number | null | undefined): value is number => typeof value === 'number' && value >= low && value <= high && Number.isFinite(value);
  let count = 0;
  for (const column of columns) for (let i = 0; i < column.length; i++) if (counts(column[i])) count++;
  if (count === 0) return undefined;
  const values = new Float64Array(count);
  let at = 0;
  for (const column of columns) {
    for (let i = 0; i < column.length; i++) {
      const value = column[i];
      if (counts(value)) values[at++] = value;
    }
  }
  let lowest = values[0]!;
  let highest = lowest;
  for (let i = 1; i < count; i++) {
    const value = values[i]!;
    if (value < lowest) lowest = value;
    else if (value > highest) highest = value;
  }
  // Medians by selection, not by sorting: the chart asks at every repaint, over every drawn point.
  const median = quantileInPlace(values, 0.5);
  const deviations = new Float64Array(count);
  for (let i = 0; i < count; i++) deviations[i] = Math.abs(values[i]! - median);
  // A floor: identical readings (MAD 0) still get a span, relative to their size.
  const spread = Math.max(1.4826 * quantileInPlace(deviations, 0.5), Math.abs(median) * 0.05, 1);
  return { min: Math.max(lowest, median - FENCE * spread), max: Math.min(highest, median + FENCE * spread) };
}

/** Where a value is drawn on an axis: inside, or at its edge as an outlier. */
export function placeOnAxis(value: number, range: AxisRange): 'inside' | 'above' | 'below' {
  return value > range.max ? 'above' : value < range.min ? 'below' : 'inside';
}

/** A copy of `column` with every value outside `range` moved to the edge it lies beyond (null and undefined kept). */
export function clampColumn(column: readonly (number | null | undefined)[], range: AxisRange): (number | null | undefined)[] {
  let outside = false;
  for (const value of column) if (typeof value === 'number' && (value > range.max || value < range.min)) outside = true;
  if (!outside) return column as (number | null | undefined)[];
  return column.map((value) => (typeof value === 'number' ? Math.min(range.max, Math.max(range.min, value)) : value));
}

/**
 * Which labels to keep so that none overlaps: `positions` in pixels (any order of the labels, any
 * direction), kept greedily in the order given while each is at least `gap` pixels from every
 * label kept before it. The band names of a squeezed axis thin out instead of piling up.
 */
export function spacedLabels(positions: readonly number[], gap: number): boolean[] {
  const kept: number[] = [];
  return positions.map((position) => {
    if (!Number.isFinite(position) || kept.some((other) => Math.abs(other - position) < gap)) return false;
    kept.push(position);
    return true;
  });
}

/** The `q` quantile of `values` as of their sorted order (linear between the two nearest ranks); reorders `values`. */
function quantileInPlace(values: Float64Array, q: number): number {
  const at = (values.length - 1) * q;
  const low = Math.floor(at);
  const lowValue = selectInPlace(values, low);
  if (at === low) return lowValue;
  // After the selection everything right of `low` is at least its value: the next rank is their least.
  let next = Number.POSITIVE_INFINITY;
  for (let i = low + 1; i < values.length; i++) if (values[i]! < next) next = values[i]!;
  return lowValue + (next - lowValue) * (at - low);
}

/** The value of rank `k` (0-based) in `values`, which it reorders so that none left of `k` is greater and none right of it smaller (Hoare's selection, median-of-three pivot). */
function selectInPlace(values: Float64Array, k: number): number {
  let left = 0;
  let right = values.length - 1;
  while (right > left) {
    const middle = (left + right) >> 1;
    const a = values[left]!;
    const b = values[middle]!;
    const c = values[right]!;
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
    let i = left;
    let j = right;
    while (i <= j) {
      while (values[i]! < pivot) i++;
      while (values[j]! > pivot) j--;
      if (i <= j) {
        const swap = values[i]!;
        values[i++] = values[j]!;
        values[j--] = swap;
      }
    }
    if (k <= j) right = j;
    else if (k >= i) left = i;
    else break;
  }
  return values[k]!;
}
