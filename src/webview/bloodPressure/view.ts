// The blood-pressure page: query bar, progress, actions, chart, coverage, summary and table. When a
// query starts, the chart (axes and bands of the queried days), the coverage strip and the table
// are laid out at once, while the first request is in flight. Each page of columns is then
// appended to the store as it arrives (its cost is the page's) and the views are redrawn from the
// store at most once a frame, at the cost of their pixels and rows on screen, never of the history:
// the first page is painted at once, the later ones at the next frame, several in one paint.
// Cancel stops the load here and now (the pages still on their way are dropped) and tells the host
// how many pages are on screen, so exports hold what the user sees.
import { formDayRange, type BloodPressureForm } from '../../domain/bloodPressureQuery';
import { ReadingStore } from '../../domain/bloodPressureStore';
import type { ChartWindow } from '../../domain/chartDecimation';
import { coveringWindow } from '../../domain/chartWindow';
import { DAY_MS, ZoneCalendar } from '../../domain/zonedTime';
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
import { BloodPressureChart } from './chart';
import { CoverageStrip } from './coverageStrip';
import { EmptyState } from './emptyState';
import { QueryBar } from './queryBar';
import { ReadingsTable } from './readingsTable';
import { renderSummary } from './summaryTable';

type Channel = HostChannel<BloodPressureWebviewMessage, BloodPressurePanelState>;
type Init = Extract<BloodPressureHostMessage, { type: 'init' }>;
type Section = 'chart' | 'coverage' | 'summary' | 'table';

/**
 * While pages stream in, the views are redrawn at most every PAINT_INTERVAL_MS (the progress text
 * once a frame), and never take more than one part in PAINT_SHARE of the time: on a slow or busy
 * machine they are redrawn less often, and the time goes to taking in pages.
 */
const PAINT_INTERVAL_MS = 200;
const PAINT_SHARE = 8;

export class BloodPressureView {
  private readonly strings: BloodPressureStrings;
  private readonly user: BloodPressureUserView;
  private readonly zone: ZoneCalendar;
  private readonly numbers: Intl.NumberFormat;
  private form: BloodPressureForm;
  private store = new ReadingStore();
  private phase: BloodPressureRenderSnapshot['phase'] = 'loading';
  /** The host's number of the load on screen (the one a Cancel stops). */
  private load = 0;
  /** Pages of this load in the store. */
  private pages = 0;
  private cancelled = false;
  private error: PanelErrorView | undefined;
  /** Data on screen (the first page painted), during or after a load. */
  private showingData = false;
  private frame = 0;
  private paintTimer: ReturnType<typeof setTimeout> | undefined;
  private paintedAt = Number.NEGATIVE_INFINITY;
  /** What the last paint of every view took (ms). */
  private paintCost = 0;
  /** The progress text of the latest page, shown with the next paint. */
  private progress = '';
  /** The queried days as instants; while loading, the chart's window only ever grows (see wholeWindow). */
  private rangeWindow: ChartWindow = { startMs: 0, endMs: DAY_MS };
  private heldWindow: ChartWindow | undefined;

  private readonly queryBar: QueryBar;
  private readonly status: StatusLine;
  private readonly message = el('div');
  private readonly toolbar: PanelToolbar;
  private readonly chart: BloodPressureChart;
  private readonly coverage: CoverageStrip;
  private readonly empty: EmptyState;
  private readonly summary = el('div');
  private readonly table: ReadingsTable;
  private readonly sections: Record<Section, HTMLElement>;

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
    this.status = new StatusLine(s.cancel, () => this.cancel());
    this.toolbar = new PanelToolbar(s, (message) => channel.post(message));
    this.chart = new BloodPressureChart(s, this.zone, this.user.providers.map((p) => p.slug), {
      wholeWindow: () => this.wholeWindow(),
      data: (window, columns) => this.store.chartData(window, columns),
      readingAt: (epochMs, key) => this.store.readingAt(epochMs, key),
    });
    this.coverage = new CoverageStrip(s);
    this.empty = new EmptyState(s, this.message, (form) => this.applyForm(form));
    this.table = new ReadingsTable(s, this.zone, this.numbers);
    const section = (heading: string, ...content: HTMLElement[]): HTMLElement =>
      el('section', { attrs: { 'aria-label': heading } }, el('h2', { text: heading }), ...content);
    this.sections = {
      chart: section(s.chartHeading, this.chart.element),
      coverage: section(s.coverageHeading, this.coverage.element),
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
    this.showSections([]);
    this.saveState();
  }

  handle(message: Exclude<BloodPressureHostMessage, Init>): void {
    switch (message.type) {
      case 'loading':
        return this.startLoading(message.form, message.load);
      case 'page':
        // After a Cancel here, the pages still on their way are not this view's any more.
        if (this.phase !== 'loading' || this.cancelled) return;
        this.store.add(message.columns);
        this.pages = message.pageNumber;
        this.progress = formatMessage(this.strings.loadingPages, message.pageNumber, this.numbers.format(message.readingsLoaded));
        // The first page is painted at once; later ones at the next frame, several in one paint.
        if (!this.showingData) return this.paintProgress();
        return this.scheduleProgress();
      case 'complete':
        if (this.phase !== 'loading' || this.cancelled) return;
        return this.finish(message.cancelled);
      case 'nearest':
        if (this.phase !== 'empty') return;
        if (message.coverage) this.coverage.show(message.coverage);
        this.empty.showNearest(message, this.form);
        return this.report();
      case 'error':
        return this.showError(message.error);
      default:
        return assertNever(message);
    }
  }

  /** A new query: everything it will fill is laid out now, empty, while the first request is on its way. */
  private startLoading(form: BloodPressureForm, load: number): void {
    this.form = form;
    this.load = load;
    this.pages = 0;
    this.cancelled = false;
    this.paintedAt = Number.NEGATIVE_INFINITY;
    this.queryBar.setForm(form);
    this.saveState();
    this.stopProgress();
    this.store = new ReadingStore();
    this.showingData = false;
    this.phase = 'loading';
    this.error = undefined;
    this.empty.clear();
    this.message.replaceChildren();
    const range = formDayRange(form, this.zone, Date.now());
    this.rangeWindow = { startMs: this.zone.startOfDay(range.firstDay), endMs: this.zone.startOfDay(range.lastDay) + DAY_MS - 1 };
    this.heldWindow = this.rangeWindow;
    this.showSections(['chart', 'coverage', 'table']);
    this.table.clear();
    this.chart.reset();
    this.renderCoverage();
    this.enableActions(false);
    this.setStatus(true, formatMessage(this.strings.loadingPages, 0, 0));
    this.report();
  }

  /**
   * The chart's whole window: the queried days, and any reading outside them. While pages stream
   * in, a window that has to grow grows by an eighth more, so the few readings outside the queried
   * days (a zone's edge) rebuild the chart's columns a few times per load, not at every page; the
   * exact window comes back with the last page.
   */
  private wholeWindow(): ChartWindow {
    const exact = coveringWindow(this.rangeWindow, this.store.extent());
    const held = this.heldWindow;
    if (this.phase !== 'loading' || !held) return exact;
    if (exact.startMs >= held.startMs && exact.endMs <= held.endMs) return held;
    const pad = (exact.endMs - exact.startMs) / 8;
    this.heldWindow = {
      startMs: exact.startMs < held.startMs ? Math.floor(exact.startMs - pad) : held.startMs,
      endMs: exact.endMs > held.endMs ? Math.ceil(exact.endMs + pad) : held.endMs,
    };
    return this.heldWindow;
  }

  /** Paints what has arrived at the next frame (several pages in one frame: one paint). */
  private scheduleProgress(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.paintProgress();
    });
  }

  /** Once a frame while loading: the progress text; the views when PAINT_INTERVAL_MS has passed. */
  private paintProgress(): void {
    if (this.phase !== 'loading' || this.store.readingCount === 0) return;
    this.setStatus(true, this.progress);
    const wait = this.paintedAt + Math.max(PAINT_INTERVAL_MS, PAINT_SHARE * this.paintCost) - performance.now();
    if (!this.showingData || wait <= 0) {
      this.paintData();
      return this.report();
    }
    this.paintTimer ??= setTimeout(() => {
      this.paintTimer = undefined;
      if (this.phase !== 'loading') return;
      this.paintData();
      this.report();
    }, wait);
  }

  /** Every view from the store: each costs its pixels or the sources and days, not the readings. */
  private paintData(): void {
    if (this.paintTimer) clearTimeout(this.paintTimer);
    this.paintTimer = undefined;
    const started = performance.now();
    if (!this.showingData) {
      this.showingData = true;
      this.showSections(['chart', 'coverage', 'summary', 'table']);
    }
    this.table.setSources(this.store.sources());
    renderSummary(this.summary, this.store.summaries(), this.strings, this.zone, this.numbers);
    this.renderCoverage();
    this.chart.update();
    this.paintedAt = performance.now();
    this.paintCost = this.paintedAt - started;
  }

  private stopProgress(): void {
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
    if (this.paintTimer) clearTimeout(this.paintTimer);
    this.paintTimer = undefined;
  }

  /** Cancel, pressed here: the load ends now with what is on screen; the host stops and keeps as much. */
  private cancel(): void {
    if (this.phase !== 'loading' || this.cancelled) return;
    this.cancelled = true;
    this.channel.post({ type: 'stop', load: this.load, pages: this.pages });
    this.finish(true);
  }

  private finish(cancelled: boolean): void {
    this.stopProgress();
    const readings = this.store.readingCount;
    const template = cancelled ? this.strings.cancelledSummary : this.strings.loadedSummary;
    let text = formatMessage(template, this.numbers.format(readings), this.pages);
    if (this.store.unreadableCount > 0) text += ` ${formatMessage(this.strings.unreadableTimestamps, this.store.unreadableCount)}`;
    this.setStatus(false, text);
    if (readings === 0) {
      this.phase = 'empty';
      this.showingData = false;
      this.showSections(['coverage']);
      this.renderCoverage();
      this.empty.show(this.form, cancelled);
    } else {
      this.phase = 'data';
      this.heldWindow = undefined;
      this.paintData();
    }
    this.enableActions(readings > 0, true);
    this.report();
  }

  private renderCoverage(): void {
    const alsoShow = this.form.provider ? [this.form.provider] : this.user.providers.map((p) => p.slug);
    this.coverage.show(this.store.coverage(formDayRange(this.form, this.zone, Date.now()), { alsoShow }));
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
    this.showSections([]);
    // A body that came back (one the reader refused, an error page) can be opened as it came.
    this.toolbar.enable(error.rawResponse ? ['openRawJson', 'copyCurl'] : ['copyCurl']);
    renderErrorView(this.message, error, (action) => this.channel.post({ type: 'errorAction', action }));
    this.report();
  }

  private setStatus(busy: boolean, text: string): void {
    this.status.show(busy, text);
  }

  private showSections(visible: readonly Section[]): void {
    for (const [name, section] of Object.entries(this.sections) as [Section, HTMLElement][]) section.hidden = !visible.includes(name);
  }

  private enableActions(hasData: boolean, loaded = false): void {
    this.toolbar.enable([...(hasData ? (['exportCsv', 'exportJson'] as const) : []), ...(loaded ? (['openRawJson', 'copyCurl'] as const) : [])]);
  }

  private saveState(): void {
    this.channel.saveState({ version: 1, userId: this.user.userId, clientUserId: this.user.clientUserId, form: this.form });
  }

  /** Tells the host what is on screen; integration tests read it. */
  private report(): void {
    const chart = this.chart.stats;
    const nearest = this.empty.nearest;
    this.channel.post({
      type: 'rendered',
      snapshot: {
        phase: this.phase,
        form: this.form,
        readings: this.store.readingCount,
        pages: this.pages,
        cancelled: this.cancelled,
        tableRows: this.showingData ? this.table.readingRows : 0,
        groups: this.showingData ? this.store.sources().length : 0,
        chartSeries: this.showingData ? this.chart.seriesCount : 0,
        chartPoints: this.showingData && this.chart.canvasPresent ? chart.points : 0,
        chartRows: this.showingData ? chart.rows : 0,
        chartZoomed: this.chart.isZoomed,
        ...(this.showingData ? { chartColors: this.chart.seriesColors, chartAxes: this.chart.seriesAxes, chartGaps: chart.gaps } : {}),
        ...(this.queryBar.activePreset ? { preset: this.queryBar.activePreset } : {}),
        coverageProviders: this.sections.coverage.hidden ? 0 : this.coverage.providerCount,
        summaryProviders: this.sections.summary.hidden ? 0 : this.summary.querySelectorAll('tbody tr').length,
        ...(nearest ? { nearest } : {}),
        ...errorSnapshot(this.error),
      },
    });
  }
}
