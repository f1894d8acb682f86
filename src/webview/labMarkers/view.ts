// The lab-markers page: query form, filter, paging, actions and the expandable markers table. The
// filter searches every page: with text in it, the host is asked once for all the query's markers.
import type { Marker, MarkerPage, MarkerPricing } from '../../api/schemas';
import type { LabMarkersForm, LabMarkersSource } from '../../domain/labs/labMarkersForm';
import { markerPagingOf } from '../../domain/labs/markerFacts';
import { expectedResultsOf, filterMarkers, markerPageCount } from '../../domain/labs/markerTable';
import { assertNever } from '../../shared/assertNever';
import {
  parseLabMarkersPanelState,
  type LabMarkersHostMessage,
  type LabMarkersPanelState,
  type LabMarkersRenderSnapshot,
  type LabMarkersStrings,
  type LabMarkersWebviewMessage,
} from '../../shared/labMarkersProtocol';
import type { PanelErrorView } from '../../shared/panelError';
import { el, formatMessage } from '../common/dom';
import { errorSnapshot, renderErrorView } from '../common/errorView';
import type { HostChannel } from '../common/hostChannel';
import { PanelToolbar } from '../common/panelToolbar';
import { StatusLine } from '../common/statusLine';
import { createButton, createTextField, type ButtonHandle } from '../common/toolkit';
import { MarkerForm } from './markerForm';
import { MarkersGrid } from './markersGrid';
import { pagerText } from './pagerText';

type Channel = HostChannel<LabMarkersWebviewMessage, LabMarkersPanelState>;
type Init = Extract<LabMarkersHostMessage, { type: 'init' }>;

export class LabMarkersView {
  private readonly strings: LabMarkersStrings;
  private readonly numbers: Intl.NumberFormat;
  private form: LabMarkersForm;
  private filter: string;
  private page: MarkerPage | undefined;
  private phase: LabMarkersRenderSnapshot['phase'] = 'loading';
  private error: PanelErrorView | undefined;
  /** Every marker of the query (all pages) once fetched for the filter, with the query they belong to. */
  private all: { source: string; markers: Marker[]; pricing: MarkerPricing | undefined } | undefined;
  private search: 'idle' | 'running' | 'cancelled' = 'idle';

  private readonly heading = el('h1');
  private readonly headingDetail = el('div', { className: 'subtitle' });
  private readonly markerForm: MarkerForm;
  private readonly status: StatusLine;
  private readonly message = el('div');
  private readonly pager = el('div', { className: 'pager' });
  private readonly previous: ButtonHandle;
  private readonly next: ButtonHandle;
  private readonly toggleAll: ButtonHandle;
  private readonly toolbar: PanelToolbar;
  private readonly grid: MarkersGrid;
  private readonly results: HTMLElement;

  constructor(
    init: Init,
    private readonly channel: Channel,
  ) {
    const s = init.strings;
    this.strings = s;
    this.numbers = new Intl.NumberFormat(init.locale);
    this.form = init.form;
    // A webview re-created after being hidden keeps the filter and open rows of the one before.
    const saved = parseLabMarkersPanelState(channel.savedState());
    this.filter = saved?.filter ?? init.filter;
    this.markerForm = new MarkerForm(s, this.form, (form) => channel.post({ type: 'load', form }));
    const filterField = createTextField({
      label: s.filter,
      value: this.filter,
      placeholder: s.filterPlaceholder,
      size: 30,
      onInput: (value) => {
        this.filter = value;
        this.saveState();
        this.renderMarkers();
        this.searchAllPagesIfNeeded();
      },
    });
    this.previous = createButton(s.previousPage, () => this.markerForm.goToPage(this.form.page - 1));
    this.next = createButton(s.nextPage, () => this.markerForm.goToPage(this.form.page + 1));
    this.toggleAll = createButton(s.toggleAll, () => this.grid.toggleAll(this.visibleMarkers()));
    this.status = new StatusLine(s.cancel, () => channel.post({ type: 'cancel' }));
    this.toolbar = new PanelToolbar(s, (message) => channel.post(message));
    this.toolbar.enable(['copyCurl']);
    this.grid = new MarkersGrid(s, init.locale, { results: saved?.expanded ?? [], aoe: saved?.expandedAoe ?? [] }, () => {
      this.saveState();
      this.report();
    });
    this.results = el(
      'section',
      { attrs: { 'aria-label': s.tableLabel } },
      el('div', { className: 'form-row' }, filterField.element, this.toggleAll.element),
      el('div', { className: 'pager-row' }, this.pager, this.previous.element, this.next.element),
      this.grid.element,
    );
    this.heading.textContent = this.form.source.kind === 'labTest' ? s.labTestTitle : s.orderSetTitle;
    document.body.replaceChildren(
      el(
        'main',
        {},
        this.heading,
        this.headingDetail,
        this.markerForm.element,
        this.status.element,
        this.message,
        this.toolbar.element,
        this.results,
      ),
    );
    this.results.hidden = true;
    this.saveState();
  }

  handle(message: Exclude<LabMarkersHostMessage, Init>): void {
    switch (message.type) {
      case 'loading':
        return this.startLoading(message.form);
      case 'result':
        return this.showResult(message.form, message.page);
      case 'cancelled':
        this.setStatus(false, '');
        return this.report();
      case 'error':
        return this.showError(message.error);
      case 'heading':
        this.heading.textContent = message.title;
        this.headingDetail.replaceChildren(...message.detail.map((line) => el('div', { text: line })));
        return this.report();
      case 'searchProgress':
        return this.setStatus(true, formatMessage(this.strings.searchingAllPages, this.numbers.format(message.loaded), this.numbers.format(message.total)));
      case 'allMarkers':
        return this.showAllMarkers(message.source, message.markers, message.pricing);
      case 'searchCancelled':
        this.search = 'cancelled';
        this.setStatus(false, '');
        return this.renderMarkers();
      default:
        return assertNever(message);
    }
  }

  private showAllMarkers(source: LabMarkersSource, markers: Marker[], pricing: MarkerPricing | undefined): void {
    if (JSON.stringify(source) !== JSON.stringify(this.form.source)) return;
    this.all = { source: JSON.stringify(source), markers, pricing };
    this.search = 'idle';
    this.setStatus(false, '');
    this.renderMarkers();
  }

  /** The query has more pages than the one on screen and the filter has text: fetch them all, once. */
  private searchAllPagesIfNeeded(): void {
    if (!this.page || this.filter.trim() === '' || this.search !== 'idle' || this.allMarkers()) return;
    if (markerPageCount(this.page, this.form.size, this.form.page) <= 1) return;
    this.search = 'running';
    this.channel.post({ type: 'searchAllPages' });
  }

  /** All of the query's markers, when fetched for the current query. */
  private allMarkers(): Marker[] | undefined {
    return this.all && this.all.source === JSON.stringify(this.form.source) ? this.all.markers : undefined;
  }

  private startLoading(form: LabMarkersForm): void {
    if (JSON.stringify(form.source) !== JSON.stringify(this.form.source)) this.all = undefined;
    this.search = 'idle';
    this.form = form;
    this.markerForm.setForm(form);
    this.saveState();
    this.phase = 'loading';
    this.error = undefined;
    this.message.replaceChildren();
    this.setStatus(true, this.strings.loading);
    this.report();
  }

  private showResult(form: LabMarkersForm, page: MarkerPage): void {
    this.form = form;
    this.page = page;
    this.error = undefined;
    this.markerForm.setForm(form);
    this.saveState();
    this.setStatus(false, '');
    this.toolbar.enable(page.markers.length === 0 ? ['openRawJson', 'copyCurl'] : ['exportCsv', 'exportJson', 'openRawJson', 'copyCurl']);
    if (page.markers.length === 0) {
      this.phase = 'empty';
      this.results.hidden = true;
      this.message.replaceChildren(
        el(
          'div',
          { className: 'empty-box', attrs: { role: 'status' } },
          el('h2', { text: this.strings.emptyTitle }),
          el('p', { text: typeof page.total === 'number' ? formatMessage(this.strings.emptyMessage, form.page, this.numbers.format(page.total)) : formatMessage(this.strings.emptyMessageNoTotal, form.page) }),
        ),
      );
    } else {
      this.phase = 'data';
      this.message.replaceChildren();
      this.results.hidden = false;
      this.renderMarkers();
      this.searchAllPagesIfNeeded();
    }
    this.report();
  }

  /** What the filter runs over: every page once fetched (and the filter has text), else this page. */
  private searchedMarkers(): Marker[] {
    const all = this.filter.trim() !== '' ? this.allMarkers() : undefined;
    return all ?? this.page?.markers ?? [];
  }

  private visibleMarkers(): MarkerPage['markers'] {
    return this.page ? filterMarkers(this.searchedMarkers(), this.filter) : [];
  }

  private renderMarkers(): void {
    if (!this.page) return;
    const visible = this.visibleMarkers();
    const paging = markerPagingOf(this.page, this.form.size, this.form.page);
    const all = this.filter.trim() !== '' ? this.allMarkers() : undefined;
    const filter = { visible: visible.length, onPage: this.page.markers.length, all: all?.length, searchCancelled: this.search === 'cancelled' };
    this.pager.textContent = pagerText(this.strings, this.numbers, paging, filter);
    this.previous.setDisabled(paging.current <= 1);
    this.next.setDisabled(paging.pages === undefined ? !paging.moreMayFollow : paging.current >= paging.pages);
    // Markers of other pages are priced by their own page's pricing, merged by the host.
    this.grid.render(visible, all ? (this.all?.pricing ?? this.page.pricing) : this.page.pricing);
    this.report();
  }

  /** What the markers table shows, read from the DOM, for the tests. */
  private tableFacts(): Partial<LabMarkersRenderSnapshot> {
    if (this.phase !== 'data') return {};
    const table = this.grid.element;
    const leafCells = [...table.querySelectorAll('td')].filter((cell) => !cell.querySelector('table'));
    return {
      markerRows: table.querySelectorAll('tr.marker-row').length,
      panelMarkers: table.querySelectorAll('tr.marker-row .badge.panel').length,
      pricedMarkers: table.querySelectorAll('tr.marker-row td.price:not(.missing)').length,
      missingCells: table.querySelectorAll('td.missing').length,
      badCells: leafCells.filter((cell) => /^(|undefined|null|NaN)$/.test((cell.textContent ?? '').trim())).length,
      expandedAoeRows: table.querySelectorAll('tr.aoe-row').length,
      pager: this.pager.textContent ?? '',
    };
  }

  private showError(error: PanelErrorView): void {
    this.phase = 'error';
    this.error = error;
    this.page = undefined;
    this.setStatus(false, '');
    this.results.hidden = true;
    // A body that came back (one the reader refused, an error page) can be opened as it came.
    this.toolbar.enable(error.rawResponse ? ['openRawJson', 'copyCurl'] : ['copyCurl']);
    renderErrorView(this.message, error, (action) => this.channel.post({ type: 'errorAction', action }));
    this.report();
  }

  private setStatus(busy: boolean, text: string): void {
    this.status.show(busy, text);
  }

  private saveState(): void {
    this.channel.saveState({ version: 1, form: this.form, filter: this.filter, expanded: this.grid.expandedIds, expandedAoe: this.grid.expandedAoeIds });
  }

  private report(): void {
    const markers = this.page?.markers ?? [];
    const loincCodes = [...new Set(markers.flatMap((m) => expectedResultsOf(m).flatMap((r) => (typeof r.loinc?.code === 'string' ? [r.loinc.code] : []))))];
    this.channel.post({
      type: 'rendered',
      snapshot: {
        phase: this.phase,
        form: this.form,
        total: this.page?.total ?? 0,
        markers: markers.length,
        visibleMarkers: this.phase === 'data' ? this.visibleMarkers().length : 0,
        searchedMarkers: this.phase === 'data' ? this.searchedMarkers().length : 0,
        heading: this.heading.textContent ?? '',
        headingDetail: this.headingDetail.textContent ?? '',
        loincCodes,
        expandedRows: this.grid.expandedCount,
        ...this.tableFacts(),
        ...errorSnapshot(this.error),
      },
    });
  }
}
