// The Scan Data Coverage page: what was scanned and where (environment), progress with Cancel, the
// rows as a virtualised table (filter, sort; click or Enter opens the user's diagnosis), the users
// that failed with their reason, the users a Cancel left out, and Export CSV / Scan Again.
import type { ScanRow } from '../../domain/coverage/coverageScan';
import { scanWindowSpan, viewOrder, type ScannedRow } from '../../domain/coverage/coverageScanTable';
import type {
  CoverageScanHostMessage,
  CoverageScanStrings,
  CoverageScanWebviewMessage,
  ScanPanelState,
  ScanRenderSnapshot,
  ScanRequest,
} from '../../shared/coverageScanProtocol';
import { assertNever } from '../../shared/assertNever';
import { el, formatMessage } from '../common/dom';
import type { HostChannel } from '../common/hostChannel';
import { PanelPage } from '../common/panelPage';
import { createButton, type ButtonHandle } from '../common/toolkit';
import { VirtualRows } from '../common/virtualRows';
import { HeatMap } from './heatMap';
import { ScanControls, type ViewSetting } from './scanControls';

type Channel = HostChannel<CoverageScanWebviewMessage, ScanPanelState>;
type Init = Extract<CoverageScanHostMessage, { type: 'init' }>;

const ROW_HEIGHT = 22;

export class CoverageScanView {
  private readonly strings: CoverageScanStrings;
  private readonly page: PanelPage;
  private readonly numbers: Intl.NumberFormat;
  private readonly request: ScanRequest;
  private readonly exportButton: ButtonHandle;
  private readonly scanAgain: ButtonHandle;
  private readonly controls: ScanControls;
  private readonly table: VirtualRows;
  private readonly shownText = el('div', { className: 'muted shown-rows', attrs: { 'aria-live': 'polite' } });
  private readonly failedSection = el('section');
  private readonly results: HTMLElement;
  private readonly heatMap: HeatMap;
  private reportAfterDraw = false;
  private phase: ScanRenderSnapshot['phase'] = 'idle';
  private rows: ScanRow[] = [];
  private scanned: ScannedRow[] = [];
  private order: number[] = [];
  private total = 0;
  private cancelled = false;

  constructor(
    private readonly init: Init,
    private readonly channel: Channel,
  ) {
    const s = (this.strings = init.strings);
    this.page = new PanelPage(init, s, channel);
    this.numbers = this.page.numbers;
    this.request = init.request;
    this.exportButton = createButton(s.exportCsv, () => channel.post({ type: 'exportCsv' }));
    this.scanAgain = createButton(s.scanAgain, () => channel.post({ type: 'scanAgain' }));
    this.controls = new ScanControls(s, (setting) => this.applySetting(setting));
    this.table = new VirtualRows({
      id: 'scan-rows',
      label: s.tableLabel,
      columns: [s.columnUser, s.columnLastReading, s.columnDaysWithoutData, s.columnReadings, s.columnSilentSources, s.columnFindings],
      layoutClass: 'scan-layout',
      rowHeight: ROW_HEIGHT,
      renderRow: (index, row) => this.renderRow(index, row),
      onActivate: (index) => this.diagnose(index),
    });
    // One click opens the diagnosis (the grid's own click only moves the active row).
    this.table.element.addEventListener('click', (event) => {
      const row = event.target instanceof HTMLElement ? event.target.closest<HTMLElement>('.vspacer .vrow') : null;
      if (row?.dataset.index !== undefined) this.diagnose(Number(row.dataset.index));
    });
    this.heatMap = new HeatMap(s, (index) => this.diagnose(index), (newTheme) => {
      if (!this.reportAfterDraw && !newTheme) return;
      this.reportAfterDraw = false;
      this.report();
    });
    this.results = el(
      'div',
      { className: 'results' },
      this.controls.element,
      this.shownText,
      el('p', { className: 'muted', text: s.openHint }),
      this.table.element,
      this.heatMap.element,
      this.failedSection,
    );
    this.page.mount(
      ...this.page.header(this.heading()),
      this.page.status.element,
      el('div', { className: 'button-row', attrs: { role: 'toolbar' } }, this.exportButton.element, this.scanAgain.element),
      this.page.message,
      this.results,
    );
    this.exportButton.setDisabled(true);
    this.scanAgain.setDisabled(true);
    this.results.hidden = true;
    this.channel.saveState({ version: 1, request: this.request });
  }

  private heading(): string {
    const s = this.strings;
    const { scope, days } = this.request;
    const who = scope.kind === 'all' ? s.scopeAll : scope.kind === 'filtered' ? formatMessage(s.scopeFiltered, scope.prefix) : formatMessage(s.scopeFirst, scope.count);
    return formatMessage(s.heading, days, who, this.init.providerName || s.anyProvider);
  }

  handle(message: Exclude<CoverageScanHostMessage, Init>): void {
    switch (message.type) {
      case 'listing':
        this.startBusy('listing');
        this.page.status.show(true, formatMessage(this.strings.listingUsers, this.numbers.format(message.users)));
        return this.report();
      case 'progress': {
        this.startBusy('scanning');
        this.total = message.total;
        const n = this.numbers;
        this.page.status.show(true, formatMessage(this.strings.progress, n.format(message.done), n.format(message.total), n.format(message.requests), n.format(message.errors)));
        return this.report();
      }
      case 'rows':
        return this.showRows(message.rows, message.cancelled, message.requests);
      case 'idle':
        this.phase = 'idle';
        this.page.status.show(false, '');
        this.results.hidden = true;
        this.scanAgain.setDisabled(false);
        this.exportButton.setDisabled(true);
        this.page.clearMessage();
        this.page.message.append(el('div', { className: 'empty-box', attrs: { role: 'status' } }, el('p', { text: message.reason === 'settingsChanged' ? this.strings.clearedBySettings : this.strings.notRun })));
        return this.report();
      case 'error':
        this.phase = 'error';
        this.results.hidden = true;
        this.scanAgain.setDisabled(false);
        this.page.showError(message.error);
        return this.report();
      default:
        assertNever(message);
    }
  }

  private startBusy(phase: 'listing' | 'scanning'): void {
    if (this.phase !== phase) {
      this.phase = phase;
      this.page.clearMessage();
      this.results.hidden = true;
      this.exportButton.setDisabled(true);
      this.scanAgain.setDisabled(true);
    }
  }

  private showRows(rows: ScanRow[], cancelled: boolean, requests: number): void {
    const s = this.strings;
    const n = this.numbers;
    this.phase = 'done';
    this.rows = rows;
    this.cancelled = cancelled;
    this.total = rows.length;
    this.scanned = rows.filter((r): r is ScannedRow => r.status === 'scanned');
    const failed = rows.filter((r): r is Extract<ScanRow, { status: 'failed' }> => r.status === 'failed');
    const notScanned = rows.filter((r) => r.status === 'notScanned');
    const template = cancelled ? s.cancelledSummary : s.summary;
    this.page.status.show(false, formatMessage(template, n.format(rows.length), n.format(this.scanned.length), n.format(failed.length), n.format(requests), n.format(notScanned.length)));
    this.page.clearMessage();
    if (rows.length === 0 && !cancelled) this.page.message.append(el('div', { className: 'empty-box', attrs: { role: 'status' } }, el('p', { text: s.emptyScan })));
    this.results.hidden = rows.length === 0;
    this.exportButton.setDisabled(rows.length === 0);
    this.scanAgain.setDisabled(false);

    const parts: HTMLElement[] = [];
    if (failed.length > 0) {
      const list = el('ul', { className: 'failed-list' });
      for (const row of failed) list.append(el('li', { text: formatMessage(s.failedRow, row.clientUserId, row.reason, row.message) }));
      parts.push(el('h2', { text: formatMessage(s.failedHeading, n.format(failed.length)) }), list);
    }
    if (notScanned.length > 0) {
      parts.push(el('h2', { text: formatMessage(s.notScannedHeading, n.format(notScanned.length)) }), el('p', { className: 'muted', text: s.notScannedNote }));
      const list = el('ul', { className: 'not-scanned-list' });
      for (const row of notScanned.slice(0, 200)) list.append(el('li', { text: row.clientUserId }));
      parts.push(list);
    }
    this.failedSection.replaceChildren(...parts);
    this.applySetting(this.controls.setting);
  }

  private applySetting(setting: ViewSetting): void {
    this.order = viewOrder(this.scanned, setting.filter, setting.sort, setting.descending, setting.stoppedDays);
    this.table.setRowCount(this.order.length);
    const span = scanWindowSpan(this.scanned);
    const days = this.scanned[0]?.readingsPerDay.length ?? 0;
    this.reportAfterDraw = true;
    // One window for everyone says its days; windows a day apart (users' zones) say so.
    const axis = !span || days === 0 ? '' : span.sameForAll ? formatMessage('{0} → {1}', span.firstDay, span.lastDay) : formatMessage(this.strings.heatMapAxisZones, span.firstDay, span.lastDay, days);
    this.heatMap.setRows(this.order.length, days, (index) => {
      const row = this.rowAt(index);
      return row && { label: row.clientUserId, perDay: row.readingsPerDay };
    }, axis);
    const n = this.numbers;
    this.shownText.textContent = this.order.length === 0 && this.scanned.length > 0 ? this.strings.emptyFilter : formatMessage(this.strings.shownRows, n.format(this.order.length), n.format(this.scanned.length));
    this.report();
  }

  private rowAt(index: number): ScannedRow | undefined {
    const position = this.order[index];
    return position === undefined ? undefined : this.scanned[position];
  }

  private renderRow(index: number, element: HTMLElement): void {
    const row = this.rowAt(index);
    if (!row) return;
    const s = this.strings;
    const cells = [
      row.clientUserId,
      row.lastReadingDay ?? s.noReading,
      this.numbers.format(row.daysWithoutData),
      this.numbers.format(row.readings),
      row.silentSources.join(', '),
      row.findings.map((kind) => s.finding[kind] ?? kind).join(', '),
    ];
    while (element.childElementCount < cells.length) element.append(el('div', { attrs: { role: 'gridcell' } }));
    cells.forEach((text, i) => {
      const cell = element.children[i] as HTMLElement;
      if (cell.textContent !== text) cell.textContent = text;
      cell.className = i === 2 || i === 3 ? 'number' : '';
    });
    element.title = `${row.clientUserId} · ${row.userId}`;
  }

  private diagnose(index: number): void {
    const row = this.rowAt(index);
    if (row) this.channel.post({ type: 'diagnose', userId: row.userId, clientUserId: row.clientUserId });
  }

  private report(): void {
    const setting = this.controls.setting;
    this.channel.post({
      type: 'rendered',
      snapshot: {
        phase: this.phase,
        environment: this.init.environment,
        request: this.request,
        total: this.total,
        scanned: this.scanned.length,
        failed: this.rows.filter((r) => r.status === 'failed').length,
        notScanned: this.rows.filter((r) => r.status === 'notScanned').length,
        cancelled: this.cancelled,
        status: this.page.status.shownText,
        message: this.page.message.textContent ?? '',
        filter: setting.filter,
        sort: setting.sort,
        descending: setting.descending,
        stoppedDays: setting.stoppedDays,
        shownRows: this.order.length,
        firstShown: this.order.slice(0, 50).map((i) => this.scanned[i]?.clientUserId ?? ''),
        heatMapRowsDrawn: this.results.hidden ? 0 : this.heatMap.rowsDrawn,
        heatMap: this.heatMap.appearance,
        ...this.page.errorSnapshot(),
      },
    });
  }
}
