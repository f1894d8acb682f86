// The blood-pressure page: query bar, progress, actions, chart, coverage, summary and table. When a
// query starts, the chart (axes and bands of the queried days), the coverage strip and the table
// are laid out at once, while the first request is in flight. The first page goes into the store
// and is painted at once; later ones go in by slices of a few milliseconds (pageIntake.ts: their
// cost is the pages', never the history) and the views are redrawn from the store at most once a
// frame; while pages wait the progress line holds still (loadProgress.ts). Each slice is
// acknowledged (`taken`): the host fetches only a few pages beyond. Cancel stops painting and tells
// the host, which aborts its request and posts what came back, then `complete`: the pages the
// Requests view recorded are shown, the part of the range never loaded marked.
import { formDayRange, type BloodPressureForm } from '../../domain/bloodPressure/bloodPressureQuery';
import { notLoadedPart } from '../../domain/bloodPressure/notLoaded';
import { ReadingStore } from '../../domain/bloodPressure/bloodPressureStore';
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
import { el } from '../common/dom';
import { renderErrorView } from '../common/errorView';
import type { HostChannel } from '../common/hostChannel';
import { PanelToolbar } from '../common/panelToolbar';
import { StatusLine } from '../common/statusLine';
import { BloodPressureChart } from './chart';
import { CoverageStrip } from './coverageStrip';
import { EmptyState } from './emptyState';
import { HeldChartWindow } from './heldChartWindow';
import { LoadProgress } from './loadProgress';
import { PageIntake } from './pageIntake';
import { createSections, showSections, type Section, type Sections } from './pageSections';
import { PaintPacer } from './paintPacer';
import { pageHeading } from './pageHeading';
import { QueryBar } from './queryBar';
import { ReadingsTable } from './readingsTable';
import { SummaryTable } from './summaryTable';
import { viewSnapshot } from './viewSnapshot';

type Channel = HostChannel<BloodPressureWebviewMessage, BloodPressurePanelState>;
type Init = Extract<BloodPressureHostMessage, { type: 'init' }>;

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
  /** Cancel pressed: the load's last pages are taken in, unpainted, until the host's `complete`. */
  private cancelling = false;
  private error: PanelErrorView | undefined;
  /** Data on screen (the first page painted), during or after a load. */
  private showingData = false;
  private readonly pacer = new PaintPacer();
  private readonly intake = new PageIntake({ store: () => this.store, taken: (pages) => this.taken(pages) });
  private readonly progress: LoadProgress;
  private readonly chartWindow = new HeldChartWindow();

  private readonly queryBar: QueryBar;
  private readonly status: StatusLine;
  private readonly message = el('div');
  private readonly toolbar: PanelToolbar;
  private readonly chart: BloodPressureChart;
  private readonly coverage: CoverageStrip;
  private readonly empty: EmptyState;
  private readonly summary = el('div');
  private readonly summaryTable: SummaryTable;
  private readonly table: ReadingsTable;
  private readonly sections: Sections;

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
    this.progress = new LoadProgress(this.status, s, this.numbers);
    this.toolbar = new PanelToolbar(s, (message) => channel.post(message));
    this.chart = new BloodPressureChart(s, this.zone, this.user.providers.map((p) => p.slug), {
      wholeWindow: () => this.chartWindow.whole(this.store.extent()),
      columns: (window, columns) => this.store.chartColumns(window, columns),
      readingAt: (epochMs, key) => this.store.readingAt(epochMs, key),
    });
    this.coverage = new CoverageStrip(s);
    this.empty = new EmptyState(s, this.message, (form) => this.applyForm(form));
    this.table = new ReadingsTable(s, this.zone, this.numbers);
    this.summaryTable = new SummaryTable(this.summary, s, this.zone, this.numbers);
    this.sections = createSections(s, { chart: this.chart.element, coverage: this.coverage.element, summary: this.summary, table: this.table.element });

    document.body.replaceChildren(
      el(
        'main',
        {},
        ...pageHeading(s, this.user, this.zone),
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
        if (this.phase !== 'loading') return;
        this.progress.arrived(message.pageNumber, message.readingsLoaded);
        return this.intake.arrive(message.columns);
      case 'complete':
        if (this.phase !== 'loading') return;
        return this.intake.afterLast(() => this.finish(message.cancelled));
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
    this.cancelling = false;
    this.pacer.restart();
    this.intake.restart();
    this.queryBar.showLoading(form);
    this.saveState();
    this.pacer.stop();
    this.store = new ReadingStore();
    this.showingData = false;
    this.phase = 'loading';
    this.error = undefined;
    this.empty.clear();
    this.message.replaceChildren();
    const range = formDayRange(form, this.zone, Date.now());
    this.chartWindow.start({ startMs: this.zone.startOfDay(range.firstDay), endMs: this.zone.startOfDay(range.lastDay) + DAY_MS - 1 });
    this.showSections(['chart', 'coverage', 'table']);
    this.table.clear();
    this.summaryTable.clear();
    this.chart.reset();
    this.coverage.markNotLoaded(undefined);
    this.renderCoverage();
    this.enableActions(false);
    this.progress.start();
    this.report();
  }

  /** Pages went into the store: the host hears it; the first is painted now, later ones at the next frame. */
  private taken(pages: number): void {
    this.pages = pages;
    this.channel.post({ type: 'taken', load: this.load, pages });
    // After a Cancel the pages the host had already received are taken in, and painted at `complete`.
    if (this.cancelling) return;
    if (!this.showingData) return this.paintProgress();
    this.pacer.nextFrame(() => this.paintProgress());
  }

  /** Once a frame while loading: the progress line; the views when PAINT_INTERVAL_MS has passed. */
  private paintProgress(): void {
    if (this.phase !== 'loading' || this.cancelling || this.store.readingCount === 0) return;
    this.progress.show(this.intake.waiting);
    const wait = this.pacer.waitMs();
    if (!this.showingData || wait <= 0) {
      this.paintData();
      return this.report();
    }
    this.pacer.later(() => {
      if (this.phase !== 'loading') return;
      this.paintData();
      this.report();
    }, wait);
  }

  /** Every view from the store: each costs its pixels or the sources and days, not the readings. */
  private paintData(): void {
    this.pacer.measure(() => {
      if (!this.showingData) {
        this.showingData = true;
        this.showSections(['chart', 'coverage', 'summary', 'table']);
      }
      this.table.setSources(this.store.sources());
      this.summaryTable.update(this.store.summaries());
      this.renderCoverage();
      this.chart.update();
    });
  }

  /**
   * Cancel, pressed here: painting stops now and the host is told first thing; it aborts its
   * request in flight and ends the load with `complete` after the pages that came back.
   */
  private cancel(): void {
    if (this.phase !== 'loading' || this.cancelling) return;
    this.cancelling = true;
    this.channel.post({ type: 'stop', load: this.load });
    this.pacer.stop();
    this.progress.cancelling();
  }

  private finish(cancelled: boolean): void {
    this.pacer.stop();
    this.cancelling = false;
    this.cancelled = cancelled;
    const readings = this.store.readingCount;
    this.progress.finish(cancelled, readings, this.pages, this.store.unreadableCount);
    if (readings === 0) {
      this.phase = 'empty';
      this.showingData = false;
      this.showSections(['coverage']);
      this.renderCoverage();
      this.empty.show(this.form, cancelled);
    } else {
      this.phase = 'data';
      this.markNotLoaded(cancelled, () => this.paintData());
    }
    this.enableActions(readings > 0, true);
    this.report();
  }

  /** A cancelled load's chart and strip mark the part of the range never loaded; a finished one's nothing. */
  private markNotLoaded(cancelled: boolean, paint: () => void): void {
    const range = formDayRange(this.form, this.zone, Date.now());
    const part = cancelled ? notLoadedPart(this.store.extent()?.endMs, range, this.zone) : undefined;
    this.chart.markNotLoaded(part);
    paint();
    this.coverage.markNotLoaded(part);
  }

  private renderCoverage(): void {
    const alsoShow = this.form.provider ? [this.form.provider] : this.user.providers.map((p) => p.slug);
    this.coverage.show(this.store.coverage(formDayRange(this.form, this.zone, Date.now()), { alsoShow }));
  }

  private applyForm(form: BloodPressureForm): void {
    this.queryBar.apply(form);
  }

  private showError(error: PanelErrorView): void {
    this.pacer.stop();
    this.intake.restart();
    this.showingData = false;
    this.phase = 'error';
    this.error = error;
    this.progress.clear();
    this.showSections([]);
    // A body that came back (one the reader refused, an error page) can be opened as it came.
    this.toolbar.enable(error.rawResponse ? ['openRawJson', 'copyCurl'] : ['copyCurl']);
    renderErrorView(this.message, error, (action) => this.channel.post({ type: 'errorAction', action }));
    this.report();
  }

  private showSections(visible: readonly Section[]): void {
    showSections(this.sections, visible);
  }

  private enableActions(hasData: boolean, loaded = false): void {
    this.toolbar.enable([...(hasData ? (['exportCsv', 'exportJson'] as const) : []), ...(loaded ? (['openRawJson', 'copyCurl'] as const) : [])]);
  }

  private saveState(): void {
    this.channel.saveState({ version: 1, userId: this.user.userId, clientUserId: this.user.clientUserId, form: this.form });
  }

  /** Tells the host what is on screen; integration tests read it. */
  private report(): void {
    const { phase, form, store, pages, cancelled, showingData, error, chart, table, queryBar, coverage, empty, summary, sections } = this;
    const snapshot = viewSnapshot({ phase, form, store, pages, cancelled, showingData, error, chart, table, queryBar, coverage, empty, summary, sections });
    this.channel.post({ type: 'rendered', snapshot });
  }
}
