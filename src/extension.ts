// The bootstrap: what activation requires (dist/extension.js). It shows the environment in the status
// bar, keeps the environment's context keys, and registers a stand-in for everything VS Code can call
// (src/bootstrap/standIns.ts). The shell (src/shell.ts, dist/shell.js: the views, the connection, the
// request log, the commands' code) is required the first time VS Code calls one of them.
import type * as vscode from 'vscode';
import { StandIns, type StandInManifest } from './bootstrap/standIns';
import { BootEnvironment } from './bootstrap/bootEnvironment';
import { lazyBundle } from './connection/apiClientBundle';
import { JSON_DOCUMENT_SCHEME, MCP_SERVER_DEFINITION_PROVIDER_ID, PANEL_VIEW_TYPES, REQUESTS_VIEW_ID, USERS_VIEW_ID } from './constants';
import type { HealthDataExtensionApi, ShellTestingApi } from './extensionApi';
import { mcpDefinitionApi, mcpServerOfferedContextKey } from './lm/mcpServerDefinitions';
import { NOTEBOOK_TYPE } from './notebook/model';
import type * as ShellModule from './shell';
import { ActiveEnvironmentStore } from './storage/activeEnvironmentStore';
import { AgentSettings } from './storage/agentSettings';
import { ApiKeyStore } from './storage/apiKeyStore';
import { ShellSettings } from './storage/shellSettings';
import { EnvironmentStatusBar } from './views/environmentStatusBar';
import { EnvironmentContextKeys } from './views/shellContextKeys';

interface Contributions {
  commands?: { command: string }[];
  languageModelTools?: { name: string }[];
}

/** The composition root: the status bar and the stand-ins now, the shell when first used. */
export function activate(context: vscode.ExtensionContext): HealthDataExtensionApi {
  const contributes = (context.extension.packageJSON as { contributes?: Contributions }).contributes ?? {};
  const mcp = mcpDefinitionApi();
  const manifest: StandInManifest = {
    commands: (contributes.commands ?? []).map(({ command }) => command),
    treeViews: [
      { id: USERS_VIEW_ID, showCollapseAll: true },
      { id: REQUESTS_VIEW_ID, showCollapseAll: true, canSelectMany: true },
    ],
    webviewPanels: Object.values(PANEL_VIEW_TYPES),
    notebookType: NOTEBOOK_TYPE,
    tools: (contributes.languageModelTools ?? []).map(({ name }) => name),
    contentSchemes: [JSON_DOCUMENT_SCHEME],
    mcp: mcp && { register: mcp.registerMcpServerDefinitionProvider, id: MCP_SERVER_DEFINITION_PROVIDER_ID },
  };

  const keys = new ApiKeyStore(context.secrets);
  const environment = new BootEnvironment(new ShellSettings(), keys, new ActiveEnvironmentStore(context.globalState));
  const loadShellModule = lazyBundle<typeof ShellModule>(context.extensionPath, 'shell.js');
  let shell: ShellModule.Shell | undefined;
  const loadShell = (): ShellModule.Shell => {
    if (!shell) {
      shell = loadShellModule().activateShell(context, standIns);
      environment.follow(shell.connection);
    }
    return shell;
  };
  const standIns: StandIns = new StandIns(manifest, loadShell);
  context.subscriptions.push(keys, environment, standIns);
  // Nothing waits for the status bar or the context keys inside activate() (the keys are set
  // asynchronously in any case), so they follow in the next turn of the event loop, after the host
  // has had the stand-ins: activation's synchronous part holds only what must exist when it returns.
  let preloading: NodeJS.Timeout | undefined;
  const showing = setImmediate(() => {
    showEnvironment(context, environment, standIns.mcpServerDefinitionsOffered);
    preloading = setTimeout(() => preloadShell(loadShell, context.extensionPath));
  });
  context.subscriptions.push({ dispose: () => (clearImmediate(showing), clearTimeout(preloading)) });
  return new LazyExtensionApi(loadShell);
}

/** The environment in the status bar and in the context keys the palette's `enablement` reads. */
function showEnvironment(context: vscode.ExtensionContext, environment: BootEnvironment, mcpServerDefinitionsOffered: boolean): void {
  const contextKeys = new EnvironmentContextKeys(environment);
  context.subscriptions.push(
    contextKeys,
    new EnvironmentStatusBar(environment),
    mcpServerOfferedContextKey(mcpServerDefinitionsOffered, new AgentSettings()),
  );
  void contextKeys.update();
}

/**
 * Once the window has started (activation is onStartupFinished), the shell and the HTTP client's
 * bundle are evaluated in a later turn, and a remote environment's client made (its key read):
 * the Users view's first open does not wait for them on the click. The embedded sandbox is not
 * started for this: it starts when something asks it for data.
 */
function preloadShell(loadShell: () => ShellModule.Shell, extensionPath: string): void {
  try {
    const { connection } = loadShell();
    lazyBundle(extensionPath, 'apiClient.js')();
    if (!connection.environment().isLocalSandbox) void connection.client().catch(() => undefined);
  } catch {
    // Loaded again, and the failure reported, where it is first used.
  }
}

/** The extension API; asking for it loads the shell (the tests drive the shell through it). */
class LazyExtensionApi implements HealthDataExtensionApi {
  constructor(private readonly loadShell: () => { api: HealthDataExtensionApi }) {}

  commandIds(): string[] {
    return this.loadShell().api.commandIds();
  }

  get testing(): ShellTestingApi | undefined {
    return this.loadShell().api.testing;
  }
}

export function deactivate(): void {}
