// The blood-pressure page: query bar, progress, actions, chart, coverage, summary and table. Each
// page of columns is appended to the store as it arrives, and the views are painted from the first
// page on and grow with the later ones (at most once a frame; the chart, the costly one, at most
// every CHART_INTERVAL_MS while loading), so the user reads and scrolls while the rest streams in.
import { formDayRange, formEndingOn, formStartingOn, type BloodPressureForm } from '../../domain/bloodPressureQuery';
import { ReadingStore } from '../../domain/bloodPressureStore';
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

/** While pages stream in, the chart is redrawn at most this often (the table and the rest each frame). */
const CHART_INTERVAL_MS = 400;

export class BloodPressureView {
  private readonly strings: BloodPressureStrings;
  private readonly user: BloodPressureUserView;
  private readonly zone: ZoneCalendar;
  private readonly numbers: Intl.NumberFormat;
  private form: BloodPressureForm;
  private store = new ReadingStore();
  private phase: BloodPressureRenderSnapshot['phase'] = 'loading';
  private chartPoints = 0;
  private chartGaps = 0;
  private error: PanelErrorView | undefined;
  private nearest: BloodPressureRenderSnapshot['nearest'];
  /** Data on screen (sections shown), during or after a load. */
  private showingData = false;
  private frame = 0;
  private chartTimer: ReturnType<typeof setTimeout> | undefined;
  private chartDrawnAt = Number.NEGATIVE_INFINITY;
  private chartStale = false;

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
        this.store.add(message.columns);
        this.setStatus(true, formatMessage(this.strings.loadingPages, message.pageNumber, this.numbers.format(message.readingsLoaded)));
        this.chartStale = true;
        // The first page is painted at once; later ones at the next frame, several in one paint.
        if (!this.showingData) return this.paintProgress();
        return this.scheduleProgress();
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
    this.stopProgress();
    this.store = new ReadingStore();
    this.showingData = false;
    this.chart.clear();
    this.table.clear();
    this.chartDrawnAt = Number.NEGATIVE_INFINITY;
    this.phase = 'loading';
    this.error = undefined;
    this.nearest = undefined;
    this.message.replaceChildren();
    this.showSections(false);
    this.enableActions(false);
    this.setStatus(true, formatMessage(this.strings.loadingPages, 0, 0));
    this.report();
  }

  /** Paints what has arrived at the next frame (several pages in one frame: one paint). */
  private scheduleProgress(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.paintProgress();
    });
  }

  private paintProgress(): void {
    if (this.phase !== 'loading' || this.store.readingCount === 0) return;
    this.paintData();
    this.paintChartThrottled();
    this.report();
  }

  /** Table, summary and coverage from the store: each costs the sources and days, not the readings. */
  private paintData(): void {
    this.message.replaceChildren();
    this.table.setSources(this.store.sources());
    renderSummary(this.summary, this.store.summaries(), this.strings, this.zone, this.numbers);
    this.renderCoverage();
    if (!this.showingData) {
      this.showingData = true;
      this.showSections(true);
    }
  }

  private paintChartThrottled(): void {
    if (!this.chartStale || this.chartTimer) return;
    const wait = this.chartDrawnAt + CHART_INTERVAL_MS - performance.now();
    if (wait <= 0) return this.paintChart();
    this.chartTimer = setTimeout(() => {
      this.chartTimer = undefined;
      if (this.phase !== 'loading') return;
      this.paintChart();
      this.report();
    }, wait);
  }

  private paintChart(): void {
    const chartData = this.store.chartData();
    this.chartPoints = chartData.points;
    this.chartGaps = chartData.gaps;
    this.chart.render(chartData);
    this.chartDrawnAt = performance.now();
    this.chartStale = false;
  }

  private stopProgress(): void {
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
    if (this.chartTimer) clearTimeout(this.chartTimer);
    this.chartTimer = undefined;
  }

  private complete(pages: number, cancelled: boolean): void {
    this.stopProgress();
    const readings = this.store.readingCount;
    const template = cancelled ? this.strings.cancelledSummary : this.strings.loadedSummary;
    let text = formatMessage(template, this.numbers.format(readings), pages);
    if (this.store.unreadableCount > 0) text += ` ${formatMessage(this.strings.unreadableTimestamps, this.store.unreadableCount)}`;
    this.setStatus(false, text);
    if (readings === 0) {
      this.phase = 'empty';
      this.renderCoverage();
      this.showEmpty(cancelled);
    } else {
      this.phase = 'data';
      this.paintData();
      if (this.chartStale || !this.chart.canvasPresent) this.paintChart();
    }
    this.enableActions(readings > 0, true);
    this.report();
  }

  private renderCoverage(): void {
    const alsoShow = this.form.provider ? [this.form.provider] : this.user.providers.map((p) => p.slug);
    const coverage = this.store.coverage(formDayRange(this.form, this.zone, Date.now()), { alsoShow });
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
    this.stopProgress();
    this.showingData = false;
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
        readings: this.store.readingCount,
        tableRows: this.showingData ? this.table.readingRows : 0,
        groups: this.showingData ? this.store.sources().length : 0,
        chartSeries: this.showingData ? this.chart.seriesCount : 0,
        chartPoints: this.showingData && this.chart.canvasPresent ? this.chartPoints : 0,
        ...(this.showingData ? { chartColors: this.chart.seriesColors, chartGaps: this.chartGaps } : {}),
        ...(this.queryBar.activePreset ? { preset: this.queryBar.activePreset } : {}),
        coverageProviders: this.coverage.querySelectorAll('.coverage-row[role="listitem"]').length,
        summaryProviders: this.summary.querySelectorAll('tbody tr').length,
        ...(this.nearest ? { nearest: this.nearest } : {}),
        ...errorSnapshot(this.error),
      },
    });
  }
}
