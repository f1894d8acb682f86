// What both panels share on the host side: the page, the ready handshake, typed messages in and
// out, the latest render snapshot, and disposal. Each panel adds its own loading and actions.
import * as vscode from 'vscode';
import type { ExtensionServices } from '../services';
import { renderWebviewHtml, webviewOptions, type WebviewBundle } from './webviewHtml';

/** What an open panel reports about itself (diagnostics and tests): ids and counts, never data. */
export interface PanelDescription {
  viewType: string;
  title: string;
  active: boolean;
  state: unknown;
  rendered: unknown;
}

export abstract class PanelHost<THostMessage, TWebviewMessage extends { type: string }, TSnapshot> implements vscode.Disposable {
  protected readonly disposables: vscode.Disposable[] = [];
  protected snapshot: TSnapshot | undefined;
  private disposed = false;
  private readonly onDidDisposeEmitter = new vscode.EventEmitter<void>();
  readonly onDidDispose = this.onDidDisposeEmitter.event;

  protected constructor(
    protected readonly services: ExtensionServices,
    readonly panel: vscode.WebviewPanel,
    bundle: WebviewBundle,
  ) {
    const { extensionUri } = services.context;
    panel.webview.options = webviewOptions(extensionUri);
    panel.webview.html = renderWebviewHtml(panel.webview, extensionUri, bundle);
    this.disposables.push(
      panel.webview.onDidReceiveMessage((message: unknown) => this.receive(message)),
      panel.onDidDispose(() => this.dispose()),
      services.connection.onDidChange(() => this.onConnectionChanged()),
    );
  }

  /** The saved state the serializer would get: ids and the query. */
  protected abstract state(): unknown;
  protected abstract handle(message: TWebviewMessage): Promise<void> | void;
  protected abstract onConnectionChanged(): void;

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

  private receive(message: unknown): void {
    if (!message || typeof message !== 'object' || typeof (message as { type?: unknown }).type !== 'string') return;
    Promise.resolve()
      .then(() => this.handle(message as TWebviewMessage))
      .catch((error: unknown) => this.services.log.error(`${this.panel.viewType}: ${describe(error)}`));
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
