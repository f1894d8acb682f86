// How one chart series key is drawn: a systolic and a diastolic series, lines for mmHg, points on
// a scale of its own for another unit.
import type uPlot from 'uplot';
import { parseChartSeriesKey, PRESSURE_UNIT } from '../../domain/bloodPressure/bloodPressureUnits';
import type { BloodPressureStrings } from '../../shared/bloodPressureProtocol';
import { formatMessage } from '../common/dom';
import { unitScale } from './chartScales';

export function seriesPair(key: string, color: string, strings: BloodPressureStrings): [uPlot.Series, uPlot.Series] {
  const { provider, unit } = parseChartSeriesKey(key);
  const valueText = (_u: uPlot, value: number | null): string => (value === null || value === undefined ? '–' : String(value));
  // 1 px strokes: a canvas rasterised without a GPU draws them on a fast path. spanGaps false:
  // the `null` rows break a line over a long gap; the `undefined` of instants where only another
  // provider (or the other series) has a point are drawn across.
  if (unit === PRESSURE_UNIT) {
    return [
      { label: formatMessage(strings.systolicOf, provider), stroke: color, width: 1, spanGaps: false, value: valueText },
      { label: formatMessage(strings.diastolicOf, provider), stroke: color, width: 1, dash: [6, 4], spanGaps: false, value: valueText },
    ];
  }
  // Another unit: its own scale and axis, points without a line (a few readings among many).
  const named = `${provider} (${unit})`;
  const points = { show: true, size: 6, width: 1, stroke: color, fill: color };
  const noLine = (): null => null;
  return [
    { label: formatMessage(strings.systolicOf, named), scale: unitScale(unit), stroke: color, width: 1, paths: noLine, points, spanGaps: false, value: valueText },
    { label: formatMessage(strings.diastolicOf, named), scale: unitScale(unit), stroke: color, width: 1, paths: noLine, points: { ...points, fill: 'transparent' }, spanGaps: false, value: valueText },
  ];
}

/**
 * How the drawn series keys change: 'same'; 'add' when series only join (during a load, in
 * place); 'rebuild' when one leaves, moves, or brings a new unit's axis.
 */
export function seriesChange(before: readonly string[], after: readonly string[]): 'same' | 'add' | 'rebuild' {
  if (sameList(before, after)) return 'same';
  const kept = before.filter((p) => after.includes(p));
  const unitsBefore = new Set(before.map((key) => parseChartSeriesKey(key).unit));
  const newUnit = after.some((key) => !unitsBefore.has(parseChartSeriesKey(key).unit) && parseChartSeriesKey(key).unit !== PRESSURE_UNIT);
  return newUnit || !sameList(kept, before) ? 'rebuild' : 'add';
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}
