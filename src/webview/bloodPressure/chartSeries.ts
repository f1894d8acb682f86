// How one chart series key is drawn: a systolic and a diastolic series, lines for mmHg, points on
// a scale of its own for another unit.
import type uPlot from 'uplot';
import { parseChartSeriesKey, PRESSURE_UNIT } from '../../domain/bloodPressure/bloodPressureUnits';
import type { BloodPressureStrings } from '../../shared/bloodPressureProtocol';
import { formatMessage } from '../common/dom';
import { unitScale } from './chartScales';

export function seriesPair(key: string, color: string, strings: BloodPressureStrings): [uPlot.Series, uPlot.Series] {
  const { provider, unit } = parseChartSeriesKey(key);
  // uPlot draws none of them (chartSeriesLayer.ts does, from the columns): these name the series
  // in the legend, in their colour and dash, and put another unit on its own scale.
  const drawnByLayer = { paths: (): null => null, points: { show: false } };
  if (unit === PRESSURE_UNIT) {
    return [
      { label: formatMessage(strings.systolicOf, provider), stroke: color, width: 1, ...drawnByLayer },
      { label: formatMessage(strings.diastolicOf, provider), stroke: color, width: 1, dash: [6, 4], ...drawnByLayer },
    ];
  }
  // Another unit: its own scale and axis, points without a line (a few readings among many).
  const named = `${provider} (${unit})`;
  return [
    { label: formatMessage(strings.systolicOf, named), scale: unitScale(unit), stroke: color, fill: color, width: 1, ...drawnByLayer },
    { label: formatMessage(strings.diastolicOf, named), scale: unitScale(unit), stroke: color, width: 1, ...drawnByLayer },
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
