// What both panels share on the host side: the page, the ready handshake, typed messages in and
// out, the one load that may run at a time (and its Cancel), the dispatch of the toolbar actions
// every panel has (run in panelToolbarActions.ts), the contract lens's deviation line of the current
// load, the latest render snapshot, and disposal. Each panel adds its own loading and what its
// actions produce.
import * as vscode from 'vscode';
import type { Deviation } from '../api/contract/deviations';
import { isHealthApiError, type HealthApiError } from '../api/errors';
import type { RequestOperation, RequestSpec } from '../api/requests';
import { inRequestOrigin } from '../connection/requestOrigins';
import type { RequestOrigin } from '../domain/requests/requestOrigin';
import type { MarkerPageFound, UserWindow } from '../notebook/recording/investigationSteps';
import type { PanelErrorView } from '../shared/panelError';
import { panelTitles } from '../l10n/panelStrings';
import type { EnvironmentConnection, EnvironmentId, ExtensionServices } from '../services';
import type { PanelActionMessage } from '../shared/panelActions';
import { compareEnvironments } from './compareEnvironments';
import { runErrorAction } from './errorActions';
import { LoadDeviations } from './loadDeviations';
import { panelErrorView, type NotFoundMeaning } from './panelErrors';
import { copyRequestAsCurl, environmentMessage, openFailedResponse, PANEL_ACTIONS, useOtherKeyHeader } from './panelToolbarActions';
import { renderWebviewHtml, webviewOptions, type WebviewBundle } from './webviewHtml';

/** What an open panel reports about itself (diagnostics and tests): ids and counts, never data. */
export interface PanelDescription {
  viewType: string;
  title: string;
  active: boolean;
  state: unknown;
  rendered: unknown;
}

/** A panel's query as Add to Notebook takes it: the client call and the environment it was made in. */
export interface PanelQuery {
  operation: RequestOperation;
  environment: EnvironmentId;
}

/** What Save Investigation takes from a panel: a user's blood pressure over a window, or a page of lab markers, as it found it, and where it read it. */
export type PanelInvestigation =
  | { environmentId: EnvironmentId; from: 'bloodPressure' | 'diagnosis'; found: UserWindow }
  | { environmentId: EnvironmentId; from: 'labMarkers'; found: MarkerPageFound };

interface RenderedMessage<TSnapshot> {
  type: 'rendered';
  snapshot: TSnapshot;
}

export abstract class PanelHost<THostMessage, TWebviewMessage extends { type: string }, TSnapshot> implements vscode.Disposable {
  protected readonly disposables: vscode.Disposable[] = [];
  protected snapshot: TSnapshot | undefined;
  /** The environment this panel shows, whichever is active: it keeps querying this one. */
  protected readonly connection: EnvironmentConnection;
  private baseTitle = '';
  private running: AbortController | undefined;
  private readonly deviations = new LoadDeviations();
  /** The API failure the panel shows, if any: its body for Open Raw Response, its key header after a 401. */
  private failure: HealthApiError | undefined;
  private disposed = false;
  private readonly onDidDisposeEmitter = new vscode.EventEmitter<void>();
  readonly onDidDispose = this.onDidDisposeEmitter.event;

  protected constructor(
    protected readonly services: ExtensionServices,
    readonly panel: vscode.WebviewPanel,
    bundle: WebviewBundle,
    environment: EnvironmentId,
  ) {
    this.connection = services.connection.forEnvironment(environment);
    const { extensionUri } = services.context;
    panel.webview.options = webviewOptions(extensionUri);
    panel.webview.html = renderWebviewHtml(panel.webview, extensionUri, bundle, panel.title);
    this.disposables.push(
      panel.webview.onDidReceiveMessage((message: unknown) => this.receive(message)),
      panel.onDidDispose(() => this.dispose()),
      // Its own environment's key or address changed: query again. Another environment became
      // active: only offer to open the same view there.
      this.connection.onDidChange(() => this.onConnectionChanged()),
      services.connection.onDidChange(() => this.postEnvironment()),
      { dispose: () => this.running?.abort() },
    );
  }

  /** The saved state the serializer would get: ids and the query. */
  protected abstract state(): unknown;
  /** The panel's own messages (`ready`, its query); the shared actions are handled here. */
  protected abstract handle(message: Exclude<TWebviewMessage, PanelActionMessage | RenderedMessage<TSnapshot>>): Promise<void> | void;
  protected abstract onConnectionChanged(): void;
  /** "Retry" / "Retry later" of an error: load the current query again. */
  protected abstract retry(): Promise<void>;
  /** `target` skips the save dialog (the hidden Export Active Panel command, tests). */
  protected abstract exportCsv(target?: vscode.Uri): Promise<void>;
  protected abstract exportJson(target?: vscode.Uri): Promise<void>;

  /** Exports what the panel shows, as its Export buttons do; `target` skips the save dialog. */
  exportAs(format: 'csv' | 'json', target?: vscode.Uri): Promise<void> {
    return format === 'csv' ? this.exportCsv(target) : this.exportJson(target);
  }
  protected abstract openRawJson(): Promise<void>;
  /** The request Copy as cURL copies; undefined when there is no query yet. */
  protected abstract currentRequest(): RequestSpec | undefined;
  /** The same view (same user by client_user_id, same lab test…) in the active environment. */
  protected abstract openInActiveEnvironment(): Promise<void>;
  /** The request that shows the same data in `environment` (e.g. the user's id there); undefined: no Compare Environments. */
  protected abstract requestIn(environment: EnvironmentConnection): Promise<RequestSpec | undefined>;
  /** Whether the environment bar offers Compare Environments (a panel of one request's data). */
  protected readonly comparesEnvironments: boolean = true;

  get environmentId(): EnvironmentId {
    return this.connection.id;
  }

  /** Tab titles name the environment: "Blood Pressure: acme-1 · Sandbox US". */
  protected setTitle(base: string): void {
    this.baseTitle = base;
    this.panel.title = panelTitles.inEnvironment(base, this.connection.environment().label);
  }

  private postEnvironment(): void {
    if (this.disposed) return;
    const message = environmentMessage(this.connection.environment(), this.services.connection.environment(), this.comparesEnvironments);
    void this.panel.webview.postMessage(message);
    if (this.baseTitle) this.setTitle(this.baseTitle);
  }

  /** The panel's current query as a client call, for Add to Notebook; undefined when it has none. */
  notebookQuery(): PanelQuery | undefined {
    const request = this.currentRequest();
    return request ? { operation: request.operation, environment: this.connection.id } : undefined;
  }

  describe(): PanelDescription {
    return {
      viewType: this.panel.viewType,
      title: this.panel.title,
      active: this.panel.active,
      state: this.state(),
      rendered: this.snapshot,
    };
  }

  protected post(message: THostMessage): void {
    if (!this.disposed) void this.panel.webview.postMessage(message);
  }

  protected get isDisposed(): boolean {
    return this.disposed;
  }

  /** Starts a load, aborting the one before: only the newest load may post its results. */
  protected beginLoad(): AbortController {
    this.running?.abort();
    const controller = new AbortController();
    this.running = controller;
    this.deviations.start();
    this.postDeviations();
    this.failure = undefined;
    return controller;
  }

  /** The error view of a failed load, remembering the failure for Open Raw Response and "Try <header>". */
  protected failureView(error: unknown, notFound: NotFoundMeaning): PanelErrorView {
    this.failure = isHealthApiError(error) ? error : undefined;
    return panelErrorView(error, this.connection.environment().label, notFound);
  }

  /**
   * The CallOptions.onDeviations of one request of the current load (`request` names it in the
   * list Show opens): with the contract lens on, the deviation line counts what it found.
   */
  protected onDeviations(request: string): (deviations: Deviation[]) => void {
    return this.deviations.listener(request, () => this.postDeviations());
  }

  /** The same for every page of a cursor load, each named "request · page N" in the list. */
  protected onPageDeviations(request: string): (deviations: Deviation[]) => void {
    return this.deviations.pagedListener(request, () => this.postDeviations());
  }

  private postDeviations(): void {
    if (!this.disposed) void this.panel.webview.postMessage(this.deviations.message());
  }

  private async showDeviations(): Promise<void> {
    const document = this.deviations.document(this.panel.title);
    if (document) await this.services.jsonDocuments.openText(document.fileName, document.text);
  }

  protected isCurrentLoad(controller: AbortController): boolean {
    return this.running === controller;
  }

  /** The `finally` of a load. */
  protected endLoad(controller: AbortController): void {
    if (this.running === controller) this.running = undefined;
  }

  protected get isLoading(): boolean {
    return this.running !== undefined;
  }

  protected cancelLoad(): void {
    this.running?.abort();
  }

  /** What the Requests view says made this panel's requests. */
  protected get requestOrigin(): RequestOrigin {
    return 'panel';
  }

  private receive(message: unknown): void {
    if (!message || typeof message !== 'object' || typeof (message as { type?: unknown }).type !== 'string') return;
    Promise.resolve()
      .then(() => inRequestOrigin(this.requestOrigin, async () => this.dispatch(message as TWebviewMessage)))
      .catch((error: unknown) => this.services.log.error(`${this.panel.viewType}: ${describe(error)}`));
  }

  /** A toolbar action run from outside the webview (the hidden Run Panel Action command): the same door as its button. */
  act(message: PanelActionMessage): Promise<void> {
    return inRequestOrigin(this.requestOrigin, () => this.runAction(message));
  }

  private dispatch(message: TWebviewMessage): Promise<void> | void {
    if (message.type === 'rendered') {
      this.snapshot = (message as unknown as RenderedMessage<TSnapshot>).snapshot;
      return;
    }
    // The environment bar comes before the panel's own `init`, so the first saved state carries it.
    if (message.type === 'ready') {
      this.postEnvironment();
      this.postDeviations();
    }
    if (PANEL_ACTIONS.has(message.type)) return this.runAction(message as unknown as PanelActionMessage);
    return this.handle(message as Exclude<TWebviewMessage, PanelActionMessage | RenderedMessage<TSnapshot>>);
  }

  private async runAction(message: PanelActionMessage): Promise<void> {
    switch (message.type) {
      case 'cancel':
        return this.cancelLoad();
      case 'exportCsv':
        return this.exportCsv();
      case 'exportJson':
        return this.exportJson();
      case 'openRawJson':
        return this.failure?.responseBody !== undefined ? openFailedResponse(this.services, this.failure) : this.openRawJson();
      case 'copyCurl':
        return this.copyCurl();
      case 'errorAction':
        if (message.action === 'retry' || message.action === 'retryLater') return this.retry();
        if (message.action === 'useOtherKeyHeader') return useOtherKeyHeader(this.connection, this.failure, () => this.retry());
        return runErrorAction(message.action, this.connection.id);
      case 'openInActiveEnvironment':
        return this.openInActiveEnvironment();
      case 'compareEnvironments':
        return compareEnvironments(this.services, this.connection, (environment) => this.requestIn(environment));
      case 'showDeviations':
        return this.showDeviations();
    }
  }

  /** Copy as cURL, as the panel's own button does (the testing API presses it). */
  copyCurl(): Promise<void> {
    return copyRequestAsCurl(this.services, this.connection, this.currentRequest());
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.onDidDisposeEmitter.fire();
    this.onDidDisposeEmitter.dispose();
    for (const disposable of this.disposables.splice(0)) disposable.dispose();
    this.panel.dispose();
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
