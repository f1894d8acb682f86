// The notes under the chart: which series are in another unit, and which values are drawn at an
// axis's edge.
import type { AxisRange } from '../../domain/bloodPressure/chartAxisRange';
import { parseChartSeriesKey, PRESSURE_UNIT } from '../../domain/bloodPressure/bloodPressureUnits';
import type { BloodPressureStrings } from '../../shared/bloodPressureProtocol';
import { formatMessage } from '../common/dom';
import { scaleUnit } from './chartScales';

/** Names the units other than mmHg among the series keys; '' when there are none. */
export function otherUnitsNoteText(strings: BloodPressureStrings, seriesKeys: readonly string[]): string {
  const otherUnits = [...new Set(seriesKeys.map((key) => parseChartSeriesKey(key).unit).filter((unit) => unit !== PRESSURE_UNIT))];
  return otherUnits.length ? formatMessage(strings.otherUnitsNote, otherUnits.join(', ')) : '';
}

/** Says which axes have values beyond them, drawn at their edge; '' when none has. */
export function outlierNoteText(strings: BloodPressureStrings, outside: ReadonlyMap<string, number>, ranges: ReadonlyMap<string, AxisRange>): string {
  return [...outside]
    .map(([scale, count]) => {
      const range = ranges.get(scale)!;
      return formatMessage(strings.outlierNote, count, scaleUnit(scale === 'y' ? undefined : scale), Math.round(range.min), Math.round(range.max));
    })
    .join(' ');
}

/** Shows `text` in a note (hidden when empty), writing the DOM only when it changed. */
export function showNote(note: HTMLElement, text: string): void {
  note.hidden = text === '';
  if (note.textContent !== text) note.textContent = text;
}
