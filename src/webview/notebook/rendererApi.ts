// The few types of VS Code's notebook renderer API this renderer uses (the `vscode-notebook-renderer`
// package's, declared here rather than added as a dependency): an ES module exporting `activate`.

export interface OutputItem {
  readonly id: string;
  readonly mime: string;
  readonly metadata?: unknown;
  text(): string;
  json(): unknown;
}

export interface RendererApi {
  renderOutputItem(outputItem: OutputItem, element: HTMLElement, signal?: AbortSignal): void | Promise<void>;
  disposeOutputItem?(id?: string): void;
}

interface Disposable {
  dispose(): void;
}

export interface RendererContext {
  readonly workspace: { readonly isTrusted: boolean };
  /** Present when the manifest declares `requiresMessaging` and the extension listens. */
  postMessage?(message: unknown): void;
  onDidReceiveMessage?(listener: (message: unknown) => void): Disposable;
}

export type ActivationFunction = (context: RendererContext) => RendererApi;
