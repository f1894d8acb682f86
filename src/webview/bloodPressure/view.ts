// The blood-pressure page: query bar, progress, actions, chart, coverage, summary and table. Pages
// are accumulated as they arrive; the views are built once the host says the load is complete.
import { alignedChartData } from '../../domain/bloodPressureChartSeries';
import { computeCoverage } from '../../domain/bloodPressureCoverage';
import { ReadingGrouper, type ReadingGroup } from '../../domain/bloodPressureGroups';
import { formDayRange, formEndingOn, formStartingOn, type BloodPressureForm } from '../../domain/bloodPressureQuery';
import { summarizeByProvider } from '../../domain/bloodPressureSummary';
import { ZoneCalendar } from '../../domain/zonedTime';
import type {
  BloodPressureHostMessage,
  BloodPressurePanelState,
  BloodPressureRenderSnapshot,
  BloodPressureStrings,
  BloodPressureUserView,
  BloodPressureWebviewMessage,
} from '../../shared/bloodPressureProtocol';
import { assertNever } from '../../shared/assertNever';
import type { PanelErrorView } from '../../shared/panelError';
import { el, formatMessage } from '../common/dom';
import { errorSnapshot, renderErrorView } from '../common/errorView';
import type { HostChannel } from '../common/hostChannel';
import { PanelToolbar } from '../common/panelToolbar';
import { StatusLine } from '../common/statusLine';
import { createButton } from '../common/toolkit';
import { BloodPressureChart } from './chart';
import { renderCoverage } from './coverageStrip';
import { QueryBar } from './queryBar';
import { ReadingsTable } from './readingsTable';
import { renderSummary } from './summaryTable';

type Channel = HostChannel<BloodPressureWebviewMessage, BloodPressurePanelState>;
type Init = Extract<BloodPressureHostMessage, { type: 'init' }>;
type Nearest = Extract<BloodPressureHostMessage, { type: 'nearest' }>;

export class BloodPressureView {
  private readonly strings: BloodPressureStrings;
  private readonly user: BloodPressureUserView;
  private readonly zone: ZoneCalendar;
  private readonly numbers: Intl.NumberFormat;
  private form: BloodPressureForm;
  private grouper: ReadingGrouper;
  private groups: ReadingGroup[] = [];
  private phase: BloodPressureRenderSnapshot['phase'] = 'loading';
  private chartPoints = 0;
  private chartGaps = 0;
  private error: PanelErrorView | undefined;
  private nearest: BloodPressureRenderSnapshot['nearest'];

  private readonly queryBar: QueryBar;
  private readonly status: StatusLine;
  private readonly message = el('div');
  private readonly toolbar: PanelToolbar;
  private readonly chart: BloodPressureChart;
  private readonly coverage = el('div');
  private readonly summary = el('div');
  private readonly table: ReadingsTable;
  private readonly sections: Record<'chart' | 'coverage' | 'summary' | 'table', HTMLElement>;

  constructor(
    init: Init,
    private readonly channel: Channel,
  ) {
    this.strings = init.strings;
    this.user = init.user;
    this.form = init.form;
    this.zone = new ZoneCalendar(init.user.timeZone);
    this.numbers = new Intl.NumberFormat(init.locale);
    this.grouper = new ReadingGrouper(this.zone);
    const s = this.strings;

    this.queryBar = new QueryBar(s, this.user, this.form, () => this.zone.dayKey(Date.now()), (form) => channel.post({ type: 'apply', form }));
    this.status = new StatusLine(s.cancel, () => channel.post({ type: 'cancel' }));
    this.toolbar = new PanelToolbar(s, (message) => channel.post(message));
    this.chart = new BloodPressureChart(s, this.zone, this.user.providers.map((p) => p.slug));
    this.table = new ReadingsTable(s, this.zone, this.numbers);
    const section = (heading: string, ...content: HTMLElement[]): HTMLElement =>
      el('section', { attrs: { 'aria-label': heading } }, el('h2', { text: heading }), ...content);
    this.sections = {
      chart: section(s.chartHeading, this.chart.element),
      coverage: section(s.coverageHeading, this.coverage),
      summary: section(s.summaryHeading, this.summary),
      table: section(s.tableHeading, this.table.element),
    };

    const zoneNote = this.user.timeZoneFromUser
      ? formatMessage(s.timeZoneNote, this.zone.zone)
      : formatMessage(s.timeZoneMissing, this.zone.zone);
    document.body.replaceChildren(
      el(
        'main',
        {},
        el('h1', { text: formatMessage(s.heading, this.user.clientUserId) }),
        el('div', { className: 'subtitle', text: `${this.user.userId} · ${zoneNote}` }),
        this.queryBar.element,
        this.status.element,
        this.message,
        this.toolbar.element,
        ...Object.values(this.sections),
      ),
    );
    this.showSections(false);
    this.saveState();
  }

  handle(message: Exclude<BloodPressureHostMessage, Init>): void {
    switch (message.type) {
      case 'loading':
        return this.startLoading(message.form);
      case 'page':
        this.grouper.add(message.groups);
        this.setStatus(true, formatMessage(this.strings.loadingPages, message.pageNumber, this.numbers.format(message.readingsLoaded)));
        return;
      case 'complete':
        return this.complete(message.pages, message.cancelled);
      case 'nearest':
        return this.showNearest(message);
      case 'error':
        return this.showError(message.error);
      default:
        return assertNever(message);
    }
  }

  private startLoading(form: BloodPressureForm): void {
    this.form = form;
    this.queryBar.setForm(form);
    this.saveState();
    this.grouper = new ReadingGrouper(this.zone);
    this.groups = [];
    this.phase = 'loading';
    this.error = undefined;
    this.nearest = undefined;
    this.message.replaceChildren();
    this.showSections(false);
    this.enableActions(false);
    this.setStatus(true, formatMessage(this.strings.loadingPages, 0, 0));
    this.report();
  }

  private complete(pages: number, cancelled: boolean): void {
    this.groups = this.grouper.groups();
    const readings = this.grouper.readingCount;
    const template = cancelled ? this.strings.cancelledSummary : this.strings.loadedSummary;
    let text = formatMessage(template, this.numbers.format(readings), pages);
    if (this.grouper.unreadableCount > 0) text += ` ${formatMessage(this.strings.unreadableTimestamps, this.grouper.unreadableCount)}`;
    this.setStatus(false, text);
    this.renderCoverage(this.groups);
    if (readings === 0) {
      this.phase = 'empty';
      this.showEmpty(cancelled);
    } else {
      this.phase = 'data';
      this.message.replaceChildren();
      const chartData = alignedChartData(this.groups);
      this.chartPoints = chartData.points;
      this.chartGaps = chartData.gaps;
      this.chart.render(chartData);
      renderSummary(this.summary, summarizeByProvider(this.groups), this.strings, this.zone, this.numbers);
      this.table.setGroups(this.groups);
      this.showSections(true);
    }
    this.enableActions(readings > 0, true);
    this.report();
  }

  private renderCoverage(groups: readonly ReadingGroup[]): void {
    const alsoShow = this.form.provider ? [this.form.provider] : this.user.providers.map((p) => p.slug);
    const coverage = computeCoverage(groups, this.zone, formDayRange(this.form, this.zone, Date.now()), { alsoShow });
    renderCoverage(this.coverage, coverage, this.strings);
  }

  private showEmpty(cancelled: boolean): void {
    const s = this.strings;
    const end = this.form.endDate || s.openEnd;
    const text = this.form.provider
      ? formatMessage(s.emptyMessage, this.form.startDate, end, this.form.provider)
      : formatMessage(s.emptyMessageAllProviders, this.form.startDate, end);
    const nearest = el('div', { className: 'nearest muted', text: cancelled ? '' : s.nearestSearching });
    this.message.replaceChildren(
      el('div', { className: 'empty-box', attrs: { role: 'status' } }, el('h2', { text: s.emptyTitle }), el('p', { text }), nearest),
    );
    this.sections.coverage.hidden = false;
  }

  private showNearest(message: Nearest): void {
    if (this.phase !== 'empty') return;
    this.nearest = {
      ...(message.beforeDay ? { beforeDay: message.beforeDay } : {}),
      ...(message.afterDay ? { afterDay: message.afterDay } : {}),
    };
    const s = this.strings;
    const nearest = this.message.querySelector<HTMLElement>('.nearest');
    if (message.coverage) renderCoverage(this.coverage, message.coverage, s);
    if (!nearest) return this.report();
    const parts: HTMLElement[] = [];
    if (message.beforeDay) {
      const day = message.beforeDay;
      parts.push(el('span', { text: formatMessage(s.nearestBefore, day) }));
      parts.push(createButton(s.showAround, () => this.applyForm(formEndingOn(this.form, day))).element);
    }
    if (message.afterDay) {
      const day = message.afterDay;
      parts.push(el('span', { text: formatMessage(s.nearestAfter, day) }));
      parts.push(createButton(s.showAround, () => this.applyForm(formStartingOn(this.form, day))).element);
    }
    if (parts.length === 0) parts.push(el('span', { text: s.nearestNone }));
    nearest.replaceChildren(...parts);
    this.report();
  }

  private applyForm(form: BloodPressureForm): void {
    this.queryBar.setForm(form);
    this.channel.post({ type: 'apply', form });
  }

  private showError(error: PanelErrorView): void {
    this.phase = 'error';
    this.error = error;
    this.setStatus(false, '');
    this.showSections(false);
    this.toolbar.enable(['copyCurl']);
    renderErrorView(this.message, error, (action) => this.channel.post({ type: 'errorAction', action }));
    this.report();
  }

  private setStatus(busy: boolean, text: string): void {
    this.status.show(busy, text);
  }

  private showSections(visible: boolean): void {
    for (const section of Object.values(this.sections)) section.hidden = !visible;
  }

  private enableActions(hasData: boolean, loaded = false): void {
    this.toolbar.enable([...(hasData ? (['exportCsv', 'exportJson'] as const) : []), ...(loaded ? (['openRawJson', 'copyCurl'] as const) : [])]);
  }

  private saveState(): void {
    this.channel.saveState({ version: 1, userId: this.user.userId, clientUserId: this.user.clientUserId, form: this.form });
  }

  /** Tells the host what is on screen; integration tests read it. */
  private report(): void {
    this.channel.post({
      type: 'rendered',
      snapshot: {
        phase: this.phase,
        form: this.form,
        readings: this.grouper.readingCount,
        tableRows: this.phase === 'data' ? this.table.readingRows : 0,
        groups: this.groups.length,
        chartSeries: this.phase === 'data' ? this.chart.seriesCount : 0,
        chartPoints: this.phase === 'data' && this.chart.canvasPresent ? this.chartPoints : 0,
        ...(this.phase === 'data' ? { chartColors: this.chart.seriesColors, chartGaps: this.chartGaps } : {}),
        ...(this.queryBar.activePreset ? { preset: this.queryBar.activePreset } : {}),
        coverageProviders: this.coverage.querySelectorAll('.coverage-row[role="listitem"]').length,
        summaryProviders: this.summary.querySelectorAll('tbody tr').length,
        ...(this.nearest ? { nearest: this.nearest } : {}),
        ...errorSnapshot(this.error),
      },
    });
  }
}
