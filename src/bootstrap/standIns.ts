import * as vscode from 'vscode';
import type { McpServerDefinitionProvider, McpStdioDefinition, ShellRegistrations } from '../services';

type Handler = (...args: unknown[]) => unknown;

/** What the bootstrap registers with VS Code before the shell exists (from package.json and constants). */
export interface StandInManifest {
  commands: readonly string[];
  /** Each view with the options it is created with. */
  treeViews: readonly { id: string; showCollapseAll?: boolean; canSelectMany?: boolean }[];
  webviewPanels: readonly string[];
  notebookType: string;
  tools: readonly string[];
  contentSchemes: readonly string[];
  /** Where VS Code has the MCP definition API (1.101+): its register function; the provider's id. */
  mcp: { register: (id: string, provider: McpServerDefinitionProvider) => vscode.Disposable; id: string } | undefined;
}

/** A TreeDataProvider that loads the shell when the view first asks, then answers with the shell's provider. */
class StandInTreeDataProvider<T> implements vscode.TreeDataProvider<T>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<T | T[] | undefined | null | void>();
  readonly onDidChangeTreeData = this.changed.event;
  private target: vscode.TreeDataProvider<T> | undefined;
  private forwarding: vscode.Disposable | undefined;

  constructor(
    private readonly viewId: string,
    private readonly loadShell: () => void,
  ) {}

  attach(target: vscode.TreeDataProvider<T>): void {
    this.target = target;
    this.forwarding = target.onDidChangeTreeData?.((change) => this.changed.fire(change));
  }

  private provider(): vscode.TreeDataProvider<T> {
    if (!this.target) this.loadShell();
    if (!this.target) throw new Error(`The view ${this.viewId} has no provider in the shell`);
    return this.target;
  }

  getTreeItem(element: T): vscode.TreeItem | Thenable<vscode.TreeItem> {
    return this.provider().getTreeItem(element);
  }

  getChildren(element?: T): vscode.ProviderResult<T[]> {
    return this.provider().getChildren(element);
  }

  getParent(element: T): vscode.ProviderResult<T> {
    return this.provider().getParent?.(element);
  }

  resolveTreeItem(item: vscode.TreeItem, element: T, token: vscode.CancellationToken): vscode.ProviderResult<vscode.TreeItem> {
    const provider = this.provider();
    return provider.resolveTreeItem ? provider.resolveTreeItem(item, element, token) : item;
  }

  dispose(): void {
    this.forwarding?.dispose();
    this.changed.dispose();
  }
}

/**
 * The bootstrap's stand-ins: registered with VS Code at activation (commands, views, serializers,
 * tools, the URI handler, the MCP provider), each loads the shell the first time VS Code calls it and
 * then calls what the shell registered here. Anything else the shell registers goes to VS Code as is.
 */
export class StandIns implements ShellRegistrations, vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];
  private readonly commands = new Map<string, Handler>();
  private readonly treeViews = new Map<string, { view: vscode.TreeView<unknown>; provider: StandInTreeDataProvider<unknown> }>();
  private readonly webviewSerializers = new Map<string, vscode.WebviewPanelSerializer>();
  private readonly notebookSerializers = new Map<string, vscode.NotebookSerializer>();
  private readonly tools = new Map<string, vscode.LanguageModelTool<unknown>>();
  private readonly contentProviders = new Map<string, vscode.TextDocumentContentProvider>();
  private uriHandler: vscode.UriHandler | undefined;
  private mcpProvider: McpServerDefinitionProvider | undefined;
  private readonly mcpChanged = new vscode.EventEmitter<void>();
  private readonly mcpRegistered: boolean;

  constructor(
    private readonly manifest: StandInManifest,
    private readonly loadShell: () => void,
  ) {
    const d = this.disposables;
    d.push(this.mcpChanged);
    for (const id of manifest.commands) {
      d.push(vscode.commands.registerCommand(id, (...args: unknown[]) => this.target(this.commands, id, 'command')(...args)));
    }
    for (const { id, ...options } of manifest.treeViews) {
      const provider = new StandInTreeDataProvider<unknown>(id, loadShell);
      const view = vscode.window.createTreeView(id, { treeDataProvider: provider, ...options });
      this.treeViews.set(id, { view, provider });
      d.push(view, provider);
    }
    for (const viewType of manifest.webviewPanels) {
      d.push(
        vscode.window.registerWebviewPanelSerializer(viewType, {
          deserializeWebviewPanel: (panel, state) => this.target(this.webviewSerializers, viewType, 'panel serializer').deserializeWebviewPanel(panel, state),
        }),
      );
    }
    const notebookType = manifest.notebookType;
    const notebookSerializer = (): vscode.NotebookSerializer => this.target(this.notebookSerializers, notebookType, 'notebook serializer');
    d.push(
      vscode.workspace.registerNotebookSerializer(notebookType, {
        deserializeNotebook: (content, token) => notebookSerializer().deserializeNotebook(content, token),
        serializeNotebook: (data, token) => notebookSerializer().serializeNotebook(data, token),
      }),
    );
    for (const name of manifest.tools) {
      const tool = (): vscode.LanguageModelTool<unknown> => this.target(this.tools, name, 'language-model tool');
      d.push(
        vscode.lm.registerTool<unknown>(name, {
          prepareInvocation: (options, token) => tool().prepareInvocation?.(options, token),
          invoke: (options, token) => tool().invoke(options, token),
        }),
      );
    }
    for (const scheme of manifest.contentSchemes) {
      d.push(
        vscode.workspace.registerTextDocumentContentProvider(scheme, {
          provideTextDocumentContent: (uri, token) => this.target(this.contentProviders, scheme, 'content provider').provideTextDocumentContent(uri, token),
        }),
      );
    }
    d.push(
      vscode.window.registerUriHandler({
        handleUri: (uri) => {
          if (!this.uriHandler) loadShell();
          return this.uriHandler?.handleUri(uri);
        },
      }),
    );
    this.mcpRegistered = this.registerMcpStandIn();
  }

  private registerMcpStandIn(): boolean {
    const mcp = this.manifest.mcp;
    if (!mcp) return false;
    const provider = (): McpServerDefinitionProvider => {
      if (!this.mcpProvider) this.loadShell();
      if (!this.mcpProvider) throw new Error('The shell registered no MCP server definition provider');
      return this.mcpProvider;
    };
    try {
      this.disposables.push(
        mcp.register(mcp.id, {
          onDidChangeMcpServerDefinitions: this.mcpChanged.event,
          provideMcpServerDefinitions: (token) => provider().provideMcpServerDefinitions(token),
          resolveMcpServerDefinition: (server: McpStdioDefinition, token) => {
            const target = provider();
            return target.resolveMcpServerDefinition ? target.resolveMcpServerDefinition(server, token) : server;
          },
        }),
      );
      return true;
    } catch {
      // VS Code 1.100's pre-release form of the API wants another contribution point: no MCP provider there.
      return false;
    }
  }

  private target<T>(map: ReadonlyMap<string, T>, key: string, what: string): T {
    if (!map.has(key)) this.loadShell();
    const target = map.get(key);
    if (target === undefined) throw new Error(`The ${what} ${key} is not registered by the shell`);
    return target;
  }

  /** Sets `value` for `key` until the returned disposable is disposed. */
  private bind<T>(map: Map<string, T>, key: string, value: T): vscode.Disposable {
    map.set(key, value);
    return new vscode.Disposable(() => {
      if (map.get(key) === value) map.delete(key);
    });
  }

  /** Whether the bootstrap's MCP provider stands in VS Code (false on 1.100 and wherever the API is missing). */
  get mcpServerDefinitionsOffered(): boolean {
    return this.mcpRegistered;
  }

  registerCommand(id: string, handler: Handler): vscode.Disposable {
    return this.manifest.commands.includes(id) ? this.bind(this.commands, id, handler) : vscode.commands.registerCommand(id, handler);
  }

  createTreeView<T>(viewId: string, provider: vscode.TreeDataProvider<T>): vscode.TreeView<T> {
    const standIn = this.treeViews.get(viewId);
    if (!standIn) return vscode.window.createTreeView(viewId, { treeDataProvider: provider });
    (standIn.provider as StandInTreeDataProvider<T>).attach(provider);
    return standIn.view as vscode.TreeView<T>;
  }

  registerWebviewPanelSerializer(viewType: string, serializer: vscode.WebviewPanelSerializer): vscode.Disposable {
    return this.manifest.webviewPanels.includes(viewType)
      ? this.bind(this.webviewSerializers, viewType, serializer)
      : vscode.window.registerWebviewPanelSerializer(viewType, serializer);
  }

  registerNotebookSerializer(notebookType: string, serializer: vscode.NotebookSerializer): vscode.Disposable {
    return notebookType === this.manifest.notebookType
      ? this.bind(this.notebookSerializers, notebookType, serializer)
      : vscode.workspace.registerNotebookSerializer(notebookType, serializer);
  }

  registerTool<T>(name: string, tool: vscode.LanguageModelTool<T>): vscode.Disposable {
    return this.manifest.tools.includes(name) ? this.bind(this.tools, name, tool as vscode.LanguageModelTool<unknown>) : vscode.lm.registerTool(name, tool);
  }

  registerUriHandler(handler: vscode.UriHandler): vscode.Disposable {
    this.uriHandler = handler;
    return new vscode.Disposable(() => {
      if (this.uriHandler === handler) this.uriHandler = undefined;
    });
  }

  registerTextDocumentContentProvider(scheme: string, provider: vscode.TextDocumentContentProvider): vscode.Disposable {
    return this.manifest.contentSchemes.includes(scheme)
      ? this.bind(this.contentProviders, scheme, provider)
      : vscode.workspace.registerTextDocumentContentProvider(scheme, provider);
  }

  registerMcpServerDefinitionProvider(id: string, provider: McpServerDefinitionProvider): vscode.Disposable {
    if (!this.mcpRegistered || id !== this.manifest.mcp?.id) throw new Error(`No MCP server definition provider ${id} stands in this VS Code`);
    this.mcpProvider = provider;
    const forwarding = provider.onDidChangeMcpServerDefinitions?.(() => this.mcpChanged.fire());
    return new vscode.Disposable(() => {
      forwarding?.dispose();
      if (this.mcpProvider === provider) this.mcpProvider = undefined;
    });
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }
}
