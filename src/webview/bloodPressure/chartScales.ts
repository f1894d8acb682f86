// The chart's value axes: mmHg on 'y', each other unit on a scale of its own, each scaled to its
// own readings (robustAxisRange: an outlier does not stretch it; pressureAxisRange: nor does a value
// no blood pressure can have), with outliers moved to the edge.
import type uPlot from 'uplot';
import { PRESSURE_BANDS_IN_VIEW, pressureAxisRange, robustAxisRange, type AxisRange } from '../../domain/bloodPressure/chartAxisRange';
import { pathValues, pointsOutside, type SeriesPath } from '../../domain/bloodPressure/chartSeriesPath';
import { parseChartSeriesKey, PRESSURE_UNIT } from '../../domain/bloodPressure/bloodPressureUnits';

export interface ScaledPaths {
  /** Each value axis's range, by scale key ('y' for mmHg): readings beyond it sit at its edge. */
  ranges: Map<string, AxisRange>;
  /** How many points were beyond their axis, per scale key (only scales that had some). */
  outside: Map<string, number>;
}

/** Each value axis scaled to its own series' points, and how many points lie beyond it (drawn at its edge). */
export function scalePaths(series: readonly { key: string; systolic: SeriesPath; diastolic: SeriesPath }[]): ScaledPaths {
  // Per scale: the systolic paths and the diastolic paths, each a population of its own.
  const byScale = new Map<string, [Float64Array[], Float64Array[]]>();
  for (const { key, systolic, diastolic } of series) {
    const scale = scaleOf(key);
    const populations = byScale.get(scale) ?? [[], []];
    populations[0].push(pathValues(systolic));
    populations[1].push(pathValues(diastolic));
    byScale.set(scale, populations);
  }
  const ranges = new Map<string, AxisRange>();
  for (const [scale, populations] of byScale) {
    const range = scale === 'y' ? pressureAxisRange(...populations) : robustAxisRange(populations);
    if (range) ranges.set(scale, range);
  }
  if (!byScale.has('y')) ranges.set('y', { ...PRESSURE_BANDS_IN_VIEW });
  const outside = new Map<string, number>();
  for (const { key, systolic, diastolic } of series) {
    const scale = scaleOf(key);
    const range = ranges.get(scale);
    if (!range) continue;
    const count = pointsOutside(systolic, range) + pointsOutside(diastolic, range);
    if (count > 0) outside.set(scale, (outside.get(scale) ?? 0) + count);
  }
  return { ranges, outside };
}

/** The scale a series key is drawn on: 'y' for mmHg, its unit's own otherwise. */
export function scaleOf(key: string): string {
  const { unit } = parseChartSeriesKey(key);
  return unit === PRESSURE_UNIT ? 'y' : unitScale(unit);
}

export function rangePair(range: AxisRange): uPlot.Range.MinMax {
  return [range.min, range.max];
}

/** The scale of the series in another unit than mmHg. */
export function unitScale(unit: string): string {
  return `unit:${unit}`;
}

export function scaleUnit(scale: string | undefined): string {
  return scale?.startsWith('unit:') ? scale.slice('unit:'.length) : PRESSURE_UNIT;
}
