// Host side of Scan Data Coverage: lists the users in scope, runs the scan engine with the
// configured concurrency (progress and Cancel in the panel; the rows done are kept), sends every
// row to the webview, opens a row's diagnosis and exports the rows as CSV.
import * as vscode from 'vscode';
import type { RequestSpec } from '../api/requests';
import type { User } from '../api/schemas';
import { PANEL_COMMANDS, PANEL_VIEW_TYPES } from '../constants';
import { inRequestOrigin } from '../connection/requestOrigins';
import type { RequestOrigin } from '../domain/requests/requestOrigin';
import { scanCoverage, type ScanProgress, type ScanResult } from '../domain/coverage/coverageScan';
import { coverageScanCsv } from '../domain/coverage/coverageScanTable';
import { fileNamePart } from '../domain/exportNames';
import { listScopeUsers } from '../domain/coverage/scanUsers';
import { capabilityOf } from '../api/providerCapabilities';
import { coverageScanStrings, scanExportStrings, scanPickStrings } from '../l10n/coverageScanStrings';
import { shownRowsToExport } from '../domain/coverage/coverageScanExport';
import type { EnvironmentId, ExtensionServices } from '../services';
import { assertNever } from '../shared/assertNever';
import type {
  CoverageScanHostMessage,
  CoverageScanWebviewMessage,
  ScanPanelState,
  ScanRenderSnapshot,
  ScanRequest,
} from '../shared/coverageScanProtocol';
import { scanConcurrency } from '../storage/scanSettings';
import { panelErrorView } from './panelErrors';
import { PanelHost } from './panelHost';
import { saveExport } from './saveExport';
import { scrubScanRows } from '../domain/coverage/coverageScanScrub';

/** Progress is posted at most this often: a 10,000-user scan must not flood the webview. */
const PROGRESS_INTERVAL_MS = 100;

export interface CoverageScanPanelDeps {
  openDiagnosis(user: { user_id: string; client_user_id: string }, days: number, environment: EnvironmentId): void;
}

/** Which rows Export CSV writes while the table is filtered. */
export type ScanExportRows = 'shown' | 'all';

export class CoverageScanPanel extends PanelHost<CoverageScanHostMessage, CoverageScanWebviewMessage, ScanRenderSnapshot> {
  private result: ScanResult | undefined;
  /** Why no rows are shown when there are none: a restored panel's were not kept; a settings change clears them. */
  private clearedBy: 'reloaded' | 'settingsChanged' = 'reloaded';
  private latest: CoverageScanHostMessage[] = [];

  private constructor(
    services: ExtensionServices,
    panel: vscode.WebviewPanel,
    private readonly deps: CoverageScanPanelDeps,
    private request: ScanRequest,
    /** Users the command already has (the tree's filter matches); listed from the API otherwise. */
    private users: readonly User[] | undefined,
    private readonly runOnReady: boolean,
    environment: EnvironmentId,
  ) {
    super(services, panel, 'coverageScan', environment);
    this.setTitle(scanPickStrings.panelTitle(request.days));
  }

  /** Scans the active environment's users. */
  static open(services: ExtensionServices, deps: CoverageScanPanelDeps, request: ScanRequest, users?: readonly User[]): CoverageScanPanel {
    const panel = vscode.window.createWebviewPanel(PANEL_VIEW_TYPES.coverageScan, scanPickStrings.panelTitle(request.days), vscode.ViewColumn.Active, {
      enableFindWidget: true,
      // Rows of a big scan are costly to send again: keep the page while its tab is hidden.
      retainContextWhenHidden: true,
    });
    return new CoverageScanPanel(services, panel, deps, request, users, true, services.connection.environment().id);
  }

  /** After a reload the rows are gone (they are data, not state): the panel offers the same scan again. */
  static restore(services: ExtensionServices, deps: CoverageScanPanelDeps, panel: vscode.WebviewPanel, state: ScanPanelState): CoverageScanPanel {
    const environment = state.environment ?? services.connection.environment().id;
    return new CoverageScanPanel(services, panel, deps, state.request, undefined, false, environment);
  }

  /** Runs another scan in this panel. */
  rerun(request: ScanRequest, users?: readonly User[]): void {
    this.request = request;
    this.users = users;
    this.setTitle(scanPickStrings.panelTitle(request.days));
    this.panel.reveal();
    this.sendInit();
    void this.run();
  }

  protected state(): ScanPanelState {
    return { version: 1, request: this.request, environment: this.environmentId };
  }

  protected override readonly comparesEnvironments = false;

  /** The same scan over the active environment's users, in its own panel. */
  protected async openInActiveEnvironment(): Promise<void> {
    await vscode.commands.executeCommand(PANEL_COMMANDS.scanDataCoverage, this.request);
  }

  protected async requestIn(): Promise<RequestSpec | undefined> {
    return undefined;
  }

  protected async handle(message: Extract<CoverageScanWebviewMessage, { type: 'ready' | 'diagnose' | 'scanAgain' }>): Promise<void> {
    switch (message.type) {
      case 'ready':
        this.sendInit();
        if (this.isLoading || this.latest.length > 0) return this.replay();
        if (this.runOnReady && !this.result) return this.run();
        return this.post({ type: 'idle', reason: this.clearedBy });
      case 'diagnose':
        return this.deps.openDiagnosis({ user_id: message.userId, client_user_id: message.clientUserId }, this.request.days, this.environmentId);
      case 'scanAgain':
        this.users = undefined;
        return this.run();
      default:
        assertNever(message);
    }
  }

  private sendInit(): void {
    const provider = this.request.provider;
    this.post({
      type: 'init',
      strings: coverageScanStrings(),
      locale: vscode.env.language,
      environment: this.connection.environment().label,
      request: this.request,
      providerName: provider ? (capabilityOf(provider)?.name ?? provider) : '',
    });
  }

  private replay(): void {
    for (const message of this.latest) this.post(message);
  }

  /** Posts a message that a re-created webview must see again. */
  private postKept(message: CoverageScanHostMessage, replaceLast = false): void {
    if (replaceLast) this.latest = this.latest.filter((m) => m.type !== message.type);
    this.latest.push(message);
    this.post(message);
  }

  protected retry(): Promise<void> {
    return this.run();
  }

  protected onConnectionChanged(): void {
    // The rows belong to the environment they were read from: a new environment needs a new scan.
    this.cancelLoad();
    this.result = undefined;
    this.latest = [];
    this.users = undefined;
    this.clearedBy = 'settingsChanged';
    this.sendInit();
    this.post({ type: 'idle', reason: this.clearedBy });
  }

  /** One row in the Requests view for the whole scan: its listing and every user's requests. */
  private run(): Promise<void> {
    return inRequestOrigin('scan', () => this.services.requests.inLoad(() => this.scan()));
  }

  protected override get requestOrigin(): RequestOrigin {
    return 'scan';
  }

  private async scan(): Promise<void> {
    const controller = this.beginLoad();
    this.result = undefined;
    this.latest = [];
    const { signal } = controller;
    // The requests said are the ones the scan's row in the Requests view counts (the listing's pages,
    // resolves, failures and all): one count, the recorder's, not the engine's pages.
    const sent = (): number => this.services.requests.requestsInCurrentLoad();
    try {
      const client = await this.connection.client();
      let users = this.users;
      if (!users) {
        this.postKept({ type: 'listing', users: 0 });
        users = await listScopeUsers(client, this.request.scope, {
          signal,
          onPage: (listed) => this.isCurrentLoad(controller) && this.postKept({ type: 'listing', users: listed }, true),
        });
      }
      // At most one progress message per interval, and always the latest one (a trailing post).
      let lastPost = 0;
      let pending: ScanProgress | undefined;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const send = (p: ScanProgress): void => {
        lastPost = Date.now();
        pending = undefined;
        if (this.isCurrentLoad(controller)) this.postKept({ type: 'progress', ...p, requests: sent() }, true);
      };
      const progress = (p: ScanProgress, force = false): void => {
        const wait = PROGRESS_INTERVAL_MS - (Date.now() - lastPost);
        if (force || wait <= 0) return send(p);
        pending = p;
        timer ??= setTimeout(() => {
          timer = undefined;
          if (pending) send(pending);
        }, wait);
      };
      signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
      progress({ done: 0, total: users.length, requests: 0, errors: 0 }, true);
      const result = await scanCoverage(client, users, {
        days: this.request.days,
        ...(this.request.provider ? { provider: this.request.provider } : {}),
        concurrency: scanConcurrency(),
        signal,
        onProgress: (p) => progress(p),
      });
      clearTimeout(timer);
      if (!this.isCurrentLoad(controller)) return;
      this.result = result;
      this.latest = [{ type: 'rows', rows: result.rows, cancelled: result.cancelled, requests: sent() }];
      this.post(this.latest[0]!);
    } catch (error) {
      if (!this.isCurrentLoad(controller)) return;
      if (signal.aborted) {
        // Cancelled while listing users: nothing was scanned.
        this.latest = [{ type: 'rows', rows: [], cancelled: true, requests: sent() }];
        return this.post(this.latest[0]!);
      }
      const environment = this.connection.environment().label;
      this.latest = [{ type: 'error', error: panelErrorView(error, environment, { kind: 'none' }) }];
      this.post(this.latest[0]!);
    } finally {
      this.endLoad(controller);
    }
  }

  /** `scrubbed`: the filter's prefix (a piece of client_user_id) stays out of the name. */
  private exportName(scrubbed = false): string {
    const { days, scope, provider } = this.request;
    const scopePart =
      scope.kind === 'all' ? 'all' : scope.kind === 'first' ? `first-${scope.count}` : scrubbed ? 'filter' : `filter-${fileNamePart(scope.prefix)}`;
    return `coverage-${days}d-${scopePart}${provider ? `-${fileNamePart(provider)}` : ''}.csv`;
  }

  /**
   * Export CSV; `target` skips the save dialog (tests, and callers that already chose a file). When
   * the table's filter shows fewer rows than the scan holds, the person chooses: the rows shown (in
   * the table's order) or all of them; `rows` chooses without asking.
   */
  async exportTo(target?: vscode.Uri, rows?: ScanExportRows): Promise<vscode.Uri | undefined> {
    if (!this.result) return undefined;
    const all = this.result.rows;
    const view = this.snapshot && { filter: this.snapshot.filter, sort: this.snapshot.sort, descending: this.snapshot.descending, stoppedDays: this.snapshot.stoppedDays };
    const shown = shownRowsToExport(all, view);
    const choice = shown ? (rows ?? (await this.pickExportRows(shown.length, all.length))) : 'all';
    if (!choice) return undefined;
    const chosen = choice === 'shown' && shown ? shown : all;
    const scrub = await this.services.scrub.begin(this.environmentId);
    const written = scrub.scrubs ? scrubScanRows(chosen, scrub) : chosen;
    const note = scrub.note();
    const baseName = this.exportName(scrub.scrubs);
    const fileName = chosen === all ? baseName : baseName.replace(/\.csv$/, `-${fileNamePart(scrub.scrubs ? 'shown' : (this.snapshot?.filter ?? 'shown'))}.csv`);
    return saveExport({
      fileName,
      format: 'csv',
      content: coverageScanCsv(written),
      rows: written.length,
      ...(target ? { target } : {}),
      ...(note ? { scrubNote: note } : {}),
    });
  }

  private async pickExportRows(shown: number, all: number): Promise<ScanExportRows | undefined> {
    const strings = scanExportStrings;
    const items: (vscode.QuickPickItem & { rows: ScanExportRows })[] = [
      { label: strings.shown(shown), detail: strings.shownDetail(), rows: 'shown' },
      { label: strings.all(all), detail: strings.allDetail(), rows: 'all' },
    ];
    return (await vscode.window.showQuickPick(items, { title: strings.title(shown, all) }))?.rows;
  }

  protected async exportCsv(): Promise<void> {
    await this.exportTo();
  }

  protected async exportJson(): Promise<void> {}

  protected async openRawJson(): Promise<void> {}

  protected currentRequest(): RequestSpec | undefined {
    return undefined;
  }
}
