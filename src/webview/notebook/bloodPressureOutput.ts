// A blood-pressure result drawn by the blood-pressure panel's own modules: the body's groups become
// the panel's columns (domain/bloodPressureColumns.ts) in the panel's ReadingStore, then its chart
// (decimated per pixel column), coverage strip, summary table and virtual readings table show them.
// 100,000 readings cost what they cost the panel: the chart's pixels and the rows on screen.
import { columnsOfPage } from '../../domain/bloodPressure/bloodPressureColumns';
import { formDayRange, type BloodPressureForm } from '../../domain/bloodPressure/bloodPressureQuery';
import { ReadingStore } from '../../domain/bloodPressure/bloodPressureStore';
import type { ChartWindow } from '../../domain/bloodPressure/chartDecimation';
import { coveringWindow } from '../../domain/bloodPressure/chartWindow';
import { DAY_MS, type ZoneCalendar } from '../../domain/zonedTime';
import type { ResultBodyView } from '../../notebook/resultPresentation';
import type { NotebookRendererStrings } from '../../shared/notebookRendererProtocol';
import { BloodPressureChart } from '../bloodPressure/chart';
import { CoverageStrip } from '../bloodPressure/coverageStrip';
import { ReadingsTable } from '../bloodPressure/readingsTable';
import { renderSummary } from '../bloodPressure/summaryTable';
import { el, formatMessage } from '../common/dom';

type BloodPressureBody = Extract<ResultBodyView, { kind: 'bloodPressure' }>;

export class BloodPressureOutput {
  readonly element: HTMLElement;
  private readonly store = new ReadingStore();
  private readonly chart: BloodPressureChart | undefined;
  private table: ReadingsTable | undefined;
  private strip: CoverageStrip | undefined;
  private readonly rangeWindow: ChartWindow | undefined;

  constructor(body: BloodPressureBody, strings: NotebookRendererStrings, zone: ZoneCalendar, ranAtMs: number) {
    const s = strings.bloodPressure;
    const o = strings.output;
    const numbers = new Intl.NumberFormat(strings.locale);
    this.store.add(columnsOfPage(body.groups, zone));
    const form: BloodPressureForm | undefined = body.window && { startDate: body.window.startDate, endDate: body.window.endDate ?? '', provider: body.window.provider ?? '' };
    const range = form ? safeDayRange(form, zone, ranAtMs) : undefined;
    this.rangeWindow = range && { startMs: zone.startOfDay(range.firstDay), endMs: zone.startOfDay(range.lastDay) + DAY_MS - 1 };

    const section = (heading: string, ...content: HTMLElement[]): HTMLElement =>
      el('section', {}, el('h4', { text: heading }), ...content);
    const notes: HTMLElement[] = [el('p', { className: 'muted', text: formatMessage(o.timeZoneNote, zone.zone) })];
    if (body.skipped > 0) notes.push(el('p', { className: 'note', text: formatMessage(o.readingsSkipped, numbers.format(body.skipped)) }));
    if (this.store.unreadableCount > 0) notes.push(el('p', { className: 'note', text: formatMessage(s.unreadableTimestamps, this.store.unreadableCount) }));
    let coverage: HTMLElement | undefined;
    if (range) {
      const strip = (this.strip = new CoverageStrip(s));
      strip.show(this.store.coverage(range, { alsoShow: form?.provider ? [form.provider] : [] }));
      coverage = section(s.coverageHeading, strip.element);
    }
    if (this.store.readingCount === 0) {
      this.element = el('div', { className: 'bp-output' }, el('p', { className: 'empty', text: o.noReadings }), ...notes, coverage);
      return;
    }
    const store = this.store;
    this.chart = new BloodPressureChart(s, zone, store.providers(), {
      wholeWindow: () => coveringWindow(this.rangeWindow ?? store.extent() ?? { startMs: 0, endMs: DAY_MS }, store.extent()),
      columns: (window, columns) => store.chartColumns(window, columns),
      readingAt: (epochMs, key) => store.readingAt(epochMs, key),
    });
    const summary = el('div');
    renderSummary(summary, store.summaries(), s, zone, numbers);
    const table = new ReadingsTable(s, zone, numbers);
    table.setSources(store.sources());
    this.table = table;
    this.element = el(
      'div',
      { className: 'bp-output' },
      el('p', { className: 'readings-count', text: formatMessage(o.readingsCount, numbers.format(store.readingCount)) }),
      ...notes,
      section(s.chartHeading, this.chart.element),
      coverage,
      section(s.summaryHeading, summary),
      section(s.tableHeading, table.element),
    );
  }

  /** Once in the document (the chart reads its width): draws the chart. */
  attached(): void {
    this.chart?.reset();
  }

  dispose(): void {
    this.chart?.dispose();
    this.table?.dispose();
    this.strip?.dispose();
  }
}

function safeDayRange(form: BloodPressureForm, zone: ZoneCalendar, nowMs: number): ReturnType<typeof formDayRange> | undefined {
  try {
    const range = formDayRange(form, zone, nowMs);
    const day = /^\d{4}-\d{2}-\d{2}$/;
    return day.test(range.firstDay) && day.test(range.lastDay) && Number.isFinite(zone.startOfDay(range.firstDay)) ? range : undefined;
  } catch {
    return undefined;
  }
}
