// The chart's tooltip: the reading drawn nearest the pointer (chartSeriesLayer.ts), with its time in
// its own offset, values and unit, category (or "not mmHg"), provider, source type, device and app;
// what was not sent says so. It sits in uPlot's overlay, under the pointer.
import type uPlot from 'uplot';
import type { StoredSource } from '../../domain/bloodPressure/bloodPressureStoredSource';
import type { ZoneCalendar } from '../../domain/zonedTime';
import type { BloodPressureStrings } from '../../shared/bloodPressureProtocol';
import { placeOnAxis, type AxisRange } from '../../domain/bloodPressure/chartAxisRange';
import { PRESSURE_UNIT } from '../../domain/bloodPressure/bloodPressureUnits';
import { el, formatMessage } from '../common/dom';
import { MISSING, readingOffset, readingTime } from './readingTime';
import { readingVerdict } from './readingVerdict';

type ReadingLookup = (epochMs: number, seriesKey: string) => { source: StoredSource; index: number } | undefined;
/** The value axis a series key is drawn on, as last drawn: a value beyond it sits at its edge. */
type AxisLookup = (seriesKey: string) => AxisRange | undefined;

export class ChartTooltip {
  private readonly element = el('div', { className: 'chart-tooltip', attrs: { role: 'tooltip' } });

  constructor(
    private readonly strings: BloodPressureStrings,
    private readonly zone: ZoneCalendar,
    private readonly readingAt: ReadingLookup,
    private readonly axisOf: AxisLookup,
  ) {
    this.element.hidden = true;
  }

  /** Puts the tooltip into a new plot's overlay. */
  attach(plot: uPlot): void {
    this.element.hidden = true;
    plot.over.append(this.element);
  }

  /** Follows the cursor; `hit`: the reading drawn nearest it (chartSeriesLayer.ts), if any. */
  follow(u: uPlot, hit: { key: string; epochMs: number } | undefined): void {
    const { left, top } = u.cursor;
    const found = hit && left != null && top != null ? this.readingAt(hit.epochMs, hit.key) : undefined;
    if (!hit || !found || left == null || top == null) {
      this.element.hidden = true;
      return;
    }
    this.element.textContent = this.text(found.source, found.index, this.axisOf(hit.key));
    this.element.hidden = false;
    const onRight = left > u.over.clientWidth / 2;
    this.element.style.left = onRight ? '' : `${left + 12}px`;
    this.element.style.right = onRight ? `${u.over.clientWidth - left + 12}px` : '';
    this.element.style.top = `${top + 12}px`;
  }

  private text(source: StoredSource, index: number, axis: AxisRange | undefined): string {
    const s = this.strings;
    const time = readingTime(source, index, this.zone, s);
    const offset = readingOffset(source, index, s);
    const unit = source.unit(index);
    const verdict = readingVerdict(source, index, s);
    const sent = (value: string | undefined): string => value ?? `${MISSING} (${s.notSent})`;
    const outliers = axis ? this.outlierLines(source.systolicAt(index), source.diastolicAt(index), axis, unit) : [];
    return [
      `${time.text} (${offset.text === MISSING ? `${MISSING}, ${s.notSent}` : offset.text})`,
      ...outliers,
      `${source.systolicAt(index)}/${source.diastolicAt(index)} ${sent(unit)} · ${verdict.className === 'implausible' ? `${verdict.text}: ${verdict.title ?? ''}` : verdict.text}`,
      `${s.summaryProvider}: ${source.provider}`,
      `${s.columnSourceType}: ${sent(source.sourceType)}`,
      `${s.columnDevice}: ${sent(source.textOf('device', index) || undefined)}`,
      `${s.columnApp}: ${sent(source.textOf('app', index) || undefined)}`,
    ].join('\n');
  }

  /** "Systolic 1005 is beyond the axis (to 198 mmHg): drawn at its top edge." */
  private outlierLines(systolic: number, diastolic: number, axis: AxisRange, unit: string | undefined): string[] {
    const s = this.strings;
    const unitText = unit ?? PRESSURE_UNIT;
    const line = (name: string, value: number): string[] => {
      const place = placeOnAxis(value, axis);
      if (place === 'inside') return [];
      const edge = place === 'above' ? axis.max : axis.min;
      return [formatMessage(place === 'above' ? s.outlierAbove : s.outlierBelow, name, value, Math.round(edge), unitText)];
    };
    return [...line(s.columnSystolic, systolic), ...line(s.columnDiastolic, diastolic)];
  }
}
