// Shared by the panels' integration suites: a sandbox playing a remote team's API (so tests can
// count requests and inject faults), a client of our own against it, and what the panels report.
import * as vscode from 'vscode';
import { HealthApiClient } from '../../src/api/client';
import type { HealthDataExtensionApi, ShellTestingApi } from '../../src/extensionApi';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/server';
import type { SandboxOptions } from '../../src/sandbox/options';
import { activateExtension, waitFor } from './helpers';

export interface PanelReport {
  viewType: string;
  title: string;
  active: boolean;
  state: Record<string, unknown> | undefined;
  rendered: Record<string, unknown> | undefined;
}

export interface PanelsFixture {
  testing: ShellTestingApi;
  sandbox: SandboxHandle;
  /** Our own client against the same sandbox: it computes what the panels should show. */
  client: HealthApiClient;
}

const ENVIRONMENT = 'sandboxUs';
const config = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('healthData');

/** Points the extension at a fresh sandbox with a team key; `close` undoes it all. */
export async function openPanelsFixture(options: SandboxOptions): Promise<PanelsFixture & { close(): Promise<void> }> {
  const api = await activateExtension<HealthDataExtensionApi>();
  if (!api.testing) throw new Error('the extension exposes no testing API in this host');
  const testing = api.testing;
  const sandbox = await startSandbox({ port: 0, apiKey: 'panels-team-key', ...options });
  await config().update(`baseUrl.${ENVIRONMENT}`, sandbox.url, vscode.ConfigurationTarget.Global);
  await testing.connection.selectEnvironment(ENVIRONMENT);
  const stored = await testing.setApiKey(sandbox.apiKey);
  if (!stored.ok) throw new Error('the sandbox refused its own key');
  const client = new HealthApiClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey });
  return {
    testing,
    sandbox,
    client,
    async close() {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      // A test may have switched away: the key to clear is this environment's.
      await testing.connection.selectEnvironment(ENVIRONMENT);
      await testing.clearApiKey();
      await vscode.commands.executeCommand('healthData.useLocalSandbox');
      await config().update(`baseUrl.${ENVIRONMENT}`, undefined, vscode.ConfigurationTarget.Global);
      await client.close();
      await sandbox.close();
    },
  };
}

export async function panelReports(): Promise<PanelReport[]> {
  return (await vscode.commands.executeCommand<PanelReport[]>('healthData.describePanels')) ?? [];
}

/** Waits until some open panel satisfies `accept` and returns its report. */
export function waitForPanel(what: string, accept: (report: PanelReport) => boolean, timeoutMs = 30_000): Promise<PanelReport> {
  return waitFor(async () => (await panelReports()).find(accept), what, timeoutMs);
}

export function rendered<T = number>(report: PanelReport, field: string): T {
  return report.rendered?.[field] as T;
}
