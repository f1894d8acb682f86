// The lab-markers page: query form, filter, paging, actions and the expandable markers table.
import type { MarkerPage } from '../../api/schemas';
import type { LabMarkersForm } from '../../domain/labMarkersForm';
import { filterMarkers, pageCount } from '../../domain/markerTable';
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
      },
    });
    this.previous = createButton(s.previousPage, () => this.markerForm.goToPage(this.form.page - 1));
    this.next = createButton(s.nextPage, () => this.markerForm.goToPage(this.form.page + 1));
    this.toggleAll = createButton(s.toggleAll, () => this.grid.toggleAll(this.visibleMarkers()));
    this.status = new StatusLine(s.cancel, () => channel.post({ type: 'cancel' }));
    this.toolbar = new PanelToolbar(s, (message) => channel.post(message));
    this.toolbar.enable(['copyCurl']);
    this.grid = new MarkersGrid(s, saved?.expanded ?? [], () => this.saveState());
    this.results = el(
      'section',
      { attrs: { 'aria-label': s.tableLabel } },
      el('div', { className: 'form-row' }, filterField.element, this.toggleAll.element),
      el('div', { className: 'pager-row' }, this.pager, this.previous.element, this.next.element),
      this.grid.element,
    );
    const title = this.form.source.kind === 'labTest' ? s.labTestTitle : s.orderSetTitle;
    document.body.replaceChildren(
      el(
        'main',
        {},
        el('h1', { text: title }),
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
      default:
        return assertNever(message);
    }
  }

  private startLoading(form: LabMarkersForm): void {
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
          el('p', { text: formatMessage(this.strings.emptyMessage, form.page, this.numbers.format(page.total)) }),
        ),
      );
    } else {
      this.phase = 'data';
      this.message.replaceChildren();
      this.results.hidden = false;
      this.renderMarkers();
    }
    this.report();
  }

  private visibleMarkers(): MarkerPage['markers'] {
    return this.page ? filterMarkers(this.page.markers, this.filter) : [];
  }

  private renderMarkers(): void {
    if (!this.page) return;
    const visible = this.visibleMarkers();
    const pages = pageCount(this.page.total, this.page.size);
    let text = formatMessage(this.strings.pageStatus, this.page.page, pages, this.numbers.format(this.page.total));
    if (visible.length !== this.page.markers.length) {
      text += ` ${formatMessage(this.strings.filteredStatus, visible.length, this.page.markers.length)}`;
    }
    this.pager.textContent = text;
    this.previous.setDisabled(this.page.page <= 1);
    this.next.setDisabled(this.page.page >= pages);
    this.grid.render(visible);
    if (visible.length === 0) this.pager.textContent = `${text} ${this.strings.noFilterMatch}`;
    this.report();
  }

  private showError(error: PanelErrorView): void {
    this.phase = 'error';
    this.error = error;
    this.page = undefined;
    this.setStatus(false, '');
    this.results.hidden = true;
    this.toolbar.enable(['copyCurl']);
    renderErrorView(this.message, error, (action) => this.channel.post({ type: 'errorAction', action }));
    this.report();
  }

  private setStatus(busy: boolean, text: string): void {
    this.status.show(busy, text);
  }

  private saveState(): void {
    this.channel.saveState({ version: 1, form: this.form, filter: this.filter, expanded: this.grid.expandedIds });
  }

  private report(): void {
    const markers = this.page?.markers ?? [];
    const loincCodes = [...new Set(markers.flatMap((m) => m.expected_results.map((r) => r.loinc.code)))];
    this.channel.post({
      type: 'rendered',
      snapshot: {
        phase: this.phase,
        form: this.form,
        total: this.page?.total ?? 0,
        markers: markers.length,
        visibleMarkers: this.phase === 'data' ? this.visibleMarkers().length : 0,
        loincCodes,
        expandedRows: this.grid.expandedCount,
        ...errorSnapshot(this.error),
      },
    });
  }
}
