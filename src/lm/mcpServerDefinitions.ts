// Offers dist/mcp.js to VS Code's own MCP support (vscode.lm.registerMcpServerDefinitionProvider,
// VS Code 1.101 and later; the engine stays ^1.100, so the API is feature-detected). Only when the
// person chose healthData.agents.surface = "mcpServer": the language-model tools are hidden then, so
// Copilot never sees each tool twice. provideMcpServerDefinitions runs eagerly and carries no key;
// resolveMcpServerDefinition runs when VS Code starts the server, reads the key from SecretStorage
// and passes it in the process environment only — never a file, never an argument.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { McpServerDefinitionProvider, McpStdioDefinition, ScrubDoors, ShellRegistrations } from '../services';

export type { McpStdioDefinition };
import { SCRUB_POLICY_VARIABLE, SCRUB_SECRET_VARIABLE } from '../mcp/mcpScrub';
import { API_KEY_VARIABLE, mcpServerArgs, type McpLaunchTarget } from '../agents/mcpLaunch';
import { agentAccess } from '../agents/productionPolicy';
import type { ShellApiConnection } from '../connection/shellApiConnection';
import { MCP_SERVER_DEFINITION_PROVIDER_ID, MCP_SERVER_OFFERED_CONTEXT_KEY } from '../constants';
import { isProduction } from '../domain/environments';
import { agentStrings } from '../l10n/agentStrings';
import type { AgentSettings } from '../storage/agentSettings';
import type { ApiKeyStore } from '../storage/apiKeyStore';

type McpStdioDefinitionClass = new (label: string, command: string, args?: string[], env?: Record<string, string | number | null>, version?: string) => McpStdioDefinition;
export interface McpApi {
  registerMcpServerDefinitionProvider(id: string, provider: McpServerDefinitionProvider): vscode.Disposable;
  definition: McpStdioDefinitionClass;
}

/** The MCP definition API of this VS Code, or undefined where it does not exist (1.100). */
export function mcpDefinitionApi(): McpApi | undefined {
  const lm = vscode.lm as unknown as { registerMcpServerDefinitionProvider?: McpApi['registerMcpServerDefinitionProvider'] };
  const definition = (vscode as unknown as { McpStdioServerDefinition?: McpStdioDefinitionClass }).McpStdioServerDefinition;
  if (typeof lm.registerMcpServerDefinitionProvider !== 'function' || typeof definition !== 'function') return undefined;
  return { registerMcpServerDefinitionProvider: lm.registerMcpServerDefinitionProvider.bind(vscode.lm), definition };
}

export interface McpServerDefinitionDeps {
  extensionPath: string;
  extensionVersion: string;
  connection: ShellApiConnection;
  keys: ApiKeyStore;
  settings: AgentSettings;
  /** healthData.scrub.when for the environment the server reads: the server is told, and given the workspace's key. */
  scrub?: Pick<ScrubDoors, 'secretFor'>;
  /** Where the provider registers (the bootstrap's stand-in; throws where VS Code has no such API). */
  registrations: Pick<ShellRegistrations, 'registerMcpServerDefinitionProvider'>;
}

/**
 * How dist/mcp.js reaches the active environment; undefined while its base URL cannot be used.
 * Production gets --allow-production unless production is off for agents (asking, when the setting
 * says so, happens before the server starts).
 */
export function mcpLaunchTarget(connection: ShellApiConnection, settings: AgentSettings): McpLaunchTarget | undefined {
  const resolved = connection.resolved();
  if (resolved.kind === 'localSandbox') return { kind: 'sandbox' };
  if (resolved.kind === 'misconfigured') return undefined;
  const production = isProduction(resolved.id);
  return {
    kind: 'remote',
    environmentId: resolved.id,
    baseUrl: resolved.baseUrl,
    apiKeyHeader: connection.apiKeyHeader(resolved.id),
    production,
    allowProduction: agentAccess(production, settings.productionAccess()) !== 'refuse',
  };
}

export class HealthDataMcpServerDefinitions implements McpServerDefinitionProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeMcpServerDefinitions = this.changed.event;
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(
    private readonly deps: McpServerDefinitionDeps,
    private readonly api: McpApi,
  ) {
    this.subscriptions.push(
      deps.connection.onDidChange(() => this.changed.fire()),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (deps.settings.affects(event)) this.changed.fire();
      }),
    );
  }

  /** The server for the active environment, without its key; none while the language-model tools are the surface. */
  provideMcpServerDefinitions(): McpStdioDefinition[] {
    if (this.deps.settings.surface() !== 'mcpServer') return [];
    const info = this.deps.connection.environment();
    const target = mcpLaunchTarget(this.deps.connection, this.deps.settings);
    const script = path.join(this.deps.extensionPath, 'dist', 'mcp.js');
    const args = target ? mcpServerArgs(script, target) : [script, '--environment', info.id];
    // The extension host's own runtime runs the server: Electron behaves as Node with this variable.
    const env = { ELECTRON_RUN_AS_NODE: '1' };
    return [new this.api.definition(agentStrings.mcpServerLabel(info.label), process.execPath, args, env, `${this.deps.extensionVersion}+${info.id}`)];
  }

  /** Runs when VS Code starts the server: refuses production as the setting says and adds the key. */
  async resolveMcpServerDefinition(server: McpStdioDefinition): Promise<McpStdioDefinition | undefined> {
    const connection = this.deps.connection;
    const info = connection.environment();
    const resolved = connection.resolved();
    // Scrubbed or not is decided here, as for every door; the server only does what it is told.
    const scrubSecret = await this.deps.scrub?.secretFor(info.id);
    const scrubEnv: Record<string, string> = scrubSecret === undefined ? { [SCRUB_POLICY_VARIABLE]: 'never' } : { [SCRUB_POLICY_VARIABLE]: 'always', [SCRUB_SECRET_VARIABLE]: scrubSecret };
    if (resolved.kind === 'localSandbox') {
      server.env = { ...server.env, ...scrubEnv };
      return server;
    }
    if (resolved.kind === 'misconfigured') {
      void vscode.window.showErrorMessage(agentStrings.mcpMisconfigured(info.label));
      return undefined;
    }
    const access = agentAccess(isProduction(info.id), this.deps.settings.productionAccess());
    if (access === 'refuse') {
      void vscode.window.showErrorMessage(agentStrings.mcpProductionRefused(info.label));
      return undefined;
    }
    if (access === 'ask') {
      const start = agentStrings.mcpStart();
      const choice = await vscode.window.showWarningMessage(agentStrings.mcpConfirmProduction(info.label), { modal: true }, start);
      if (choice !== start) return undefined;
    }
    const apiKey = await this.deps.keys.get(resolved.secretName);
    if (!apiKey) {
      void vscode.window.showErrorMessage(agentStrings.mcpNoKey(info.label));
      return undefined;
    }
    server.env = { ...server.env, [API_KEY_VARIABLE]: apiKey, ...scrubEnv };
    return server;
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.changed.dispose();
  }
}

/** Registers the provider where VS Code has the API (the bootstrap's stand-in stands there); undefined where it has not. */
export function registerMcpServerDefinitions(deps: McpServerDefinitionDeps): { provider: HealthDataMcpServerDefinitions | undefined; disposables: vscode.Disposable[] } {
  const api = mcpDefinitionApi();
  if (!api) return { provider: undefined, disposables: [] };
  const candidate = new HealthDataMcpServerDefinitions(deps, api);
  try {
    return { provider: candidate, disposables: [deps.registrations.registerMcpServerDefinitionProvider(MCP_SERVER_DEFINITION_PROVIDER_ID, candidate), candidate] };
  } catch {
    // VS Code 1.100 has a pre-release form of the API that wants another contribution point
    // (modelContextServerCollections): there, the language-model tools are the only surface.
    candidate.dispose();
    return { provider: undefined, disposables: [] };
  }
}

/**
 * Whether the MCP server is the agents' surface now (`registered`: VS Code took the provider), as the
 * context key that hides the language-model tools; kept in step with the setting. The bootstrap sets
 * it, so the tools VS Code offers are right before the shell is loaded.
 */
export function mcpServerOfferedContextKey(registered: boolean, settings: AgentSettings): vscode.Disposable {
  const update = (): void => {
    // Without the API the language-model tools stay, whatever the setting says.
    void vscode.commands.executeCommand('setContext', MCP_SERVER_OFFERED_CONTEXT_KEY, registered && settings.surface() === 'mcpServer');
  };
  update();
  return vscode.workspace.onDidChangeConfiguration((event) => settings.affects(event) && update());
}
