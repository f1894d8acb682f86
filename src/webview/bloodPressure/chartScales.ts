// The chart's value axes: mmHg on 'y', each other unit on a scale of its own, each scaled to its
// own readings (robustAxisRange: an outlier does not stretch it), with outliers moved to the edge.
import type uPlot from 'uplot';
import { clampColumn, countOutside, robustAxisRange, type AxisRange } from '../../domain/bloodPressure/chartAxisRange';
import type { DecimatedChart } from '../../domain/bloodPressure/chartDecimation';
import { parseChartSeriesKey, PRESSURE_UNIT } from '../../domain/bloodPressure/bloodPressureUnits';

/** The mmHg axis always shows the normal..stage 2 bands, whatever the readings' own range. */
export const PRESSURE_BANDS_IN_VIEW: AxisRange = { min: 50, max: 190 };

export type Column = (number | null | undefined)[];

export interface ScaledColumns {
  columns: Column[];
  /** Each value axis's range, by scale key ('y' for mmHg): readings beyond it sit at its edge. */
  ranges: Map<string, AxisRange>;
  /** How many values were beyond their axis, per scale key (only scales that had some). */
  outside: Map<string, number>;
}

/** Each value axis scaled to its own readings, and the columns with every outlier moved to its axis's edge. */
export function scaleColumns(data: DecimatedChart): ScaledColumns {
  // Per scale: the systolic columns and the diastolic columns, each a population of its own.
  const byScale = new Map<string, [Column[], Column[]]>();
  data.providers.forEach((key, index) => {
    const scale = scaleOf(key);
    const populations = byScale.get(scale) ?? [[], []];
    populations[0].push(data.columns[2 * index] ?? []);
    populations[1].push(data.columns[2 * index + 1] ?? []);
    byScale.set(scale, populations);
  });
  const ranges = new Map<string, AxisRange>();
  for (const [scale, populations] of byScale) {
    const range = robustAxisRange(populations, scale === 'y' ? PRESSURE_BANDS_IN_VIEW : undefined);
    if (range) ranges.set(scale, range);
  }
  if (!byScale.has('y')) ranges.set('y', { ...PRESSURE_BANDS_IN_VIEW });
  const outside = new Map<string, number>();
  const columns = data.columns.map((column, i) => {
    const scale = scaleOf(data.providers[Math.floor(i / 2)] ?? '');
    const range = ranges.get(scale);
    if (!range) return column;
    const count = countOutside(column, range);
    if (count > 0) outside.set(scale, (outside.get(scale) ?? 0) + count);
    return count > 0 ? clampColumn(column, range) : column;
  });
  return { columns, ranges, outside };
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
