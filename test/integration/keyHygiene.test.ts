// Key hygiene in the real extension host (issue 6, suite 3): a known key is stored through the
// Set API Key path (the same check and SecretStorage the command uses), then everything a user can
// do that might repeat it runs — tree loads, details, Open as JSON, the last response, Copy as
// cURL, both panels, every agent tool (and dist/mcp.js's whole MCP transcript) — once against a
// real sandbox and once against a server that echoes the key
// back in every way it can. Afterwards the key is in nothing the extension shows or writes: tree
// items, clipboard, open documents, panel reports, the request log, settings.json, or any file
// of the VS Code user-data folder (the log channel's files included).
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { HealthDataExtensionApi, ShellTestingApi } from '../../src/extensionApi';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/server';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { TreeNode } from '../../src/views/users/treeNode';
import type { UserNode } from '../../src/views/users/userNode';
import { scriptedHttpServer, sendJson, type HostileServer } from '../support/hostileServers';
import { activateExtension, ourExtension, waitFor } from './helpers';

const KEY = 'hygiene-known-key-9f3e1c7a2b5d4e60';
const USER_ID = '5f0c3e9e-6d35-4c0e-9d4f-0c7f6b1d2a10';

let testing: ShellTestingApi;
let sandbox: SandboxHandle;
let echo: HostileServer;
/** Every text the extension handed us during the suite; searched for the key at the end. */
const seen: { where: string; text: string }[] = [];

const config = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('healthData');
const kindOf = (node: TreeNode): string | undefined => node.getTreeItem().contextValue;
const textOf = (value: string | vscode.MarkdownString | vscode.TreeItemLabel | undefined | boolean): string =>
  value === undefined || typeof value === 'boolean' ? '' : typeof value === 'string' ? value : 'value' in value ? value.value : value.label;

/** Walks the tree below `nodes` (children load as on expand) and records every item's text. */
async function recordTree(nodes: TreeNode[], where: string, depth = 0): Promise<void> {
  for (const node of nodes) {
    const item = node.getTreeItem();
    const tooltip = item.tooltip ?? node.tooltip(); // user rows build theirs on hover (resolveTreeItem)
    seen.push({ where: `${where} ${item.id ?? ''}`, text: [textOf(item.label), textOf(item.description), textOf(tooltip)].join(' | ') });
    if (depth < 3 && item.collapsibleState !== vscode.TreeItemCollapsibleState.None && kindOf(node) !== 'loadMore') {
      await recordTree(await node.getChildren(), where, depth + 1);
    }
  }
}

async function userNodes(): Promise<UserNode[]> {
  return (await testing.usersView.provider.getChildren()).filter((node): node is UserNode => kindOf(node) === 'user');
}

function filesUnder(dir: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stats = statSync(path);
    if (stats.isDirectory()) files.push(...filesUnder(path));
    else if (stats.isFile() && stats.size < 50_000_000) files.push(path);
  }
  return files;
}

interface PanelReport {
  viewType: string;
  active: boolean;
  rendered?: unknown;
}

function renderedPanel(viewType: string): Promise<PanelReport> {
  return waitFor(async () => {
    const reports = (await vscode.commands.executeCommand<PanelReport[]>('healthData.describePanels')) ?? [];
    return reports.find((report) => report.viewType === viewType && report.active && report.rendered !== undefined);
  }, `the ${viewType} panel to render`, 100_000);
}

/** Every agent tool through vscode.lm.invokeTool in the active environment; each result's text recorded. */
async function recordAgentTools(where: string, user: string, labTestId: string): Promise<void> {
  const calls: [string, object][] = [
    ['find_user', { user }],
    ['list_users', { limit: 5 }],
    ['blood_pressure_summary', { user, raw_readings: 5 }],
    ['diagnose_user', { user }],
    ['scan_coverage', { first: 5 }],
    ['lab_test_markers', { lab_test_id: labTestId }],
    ['order_set_markers', { lab_test_ids: [labTestId] }],
    ['recent_requests', { limit: 50 }],
  ];
  for (const [tool, input] of calls) {
    const result = await vscode.lm.invokeTool(`healthData_${tool}`, { input, toolInvocationToken: undefined });
    const text = result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : JSON.stringify(part))).join('\n');
    seen.push({ where: `${where} agent tool ${tool}`, text });
  }
}

/** A server that answers the key check, then repeats the key it was sent in every answer it gives. */
function echoingServer(): Promise<HostileServer> {
  return scriptedHttpServer((req, res) => {
    const given = String(req.headers['x-service-api-key'] ?? '');
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const echoHeaders = { 'x-request-id': `req-${given}` };
    if (path === '/v2/user/' || path === '/v2/user') {
      const user = {
        user_id: USER_ID,
        team_id: `team-${given}`,
        client_user_id: `patient-${given}`,
        created_on: '2026-01-01T00:00:00Z',
        connected_sources: [{ created_on: '2026-01-01T00:00:00Z', source: { name: `Omron ${given}`, slug: 'omron', logo: `https://logo.test/${given}.png` } }],
        fallback_time_zone: null,
      };
      return sendJson(res, 200, { users: [user], total: 1, offset: 0, limit: 100 }, echoHeaders);
    }
    if (path.startsWith('/v2/user/resolve/')) return sendJson(res, 401, { detail: `Invalid API key: ${given}` }, echoHeaders);
    if (path.startsWith('/v2/timeseries/')) {
      return sendJson(res, 422, { detail: [{ loc: ['header', 'x-service-api-key'], msg: `rejected ${given}`, type: 'value_error', input: given }] }, echoHeaders);
    }
    return sendJson(res, 500, { detail: { received_headers: req.headers } }, echoHeaders);
  });
}

suite('Key hygiene: the key appears nowhere', () => {
  suiteSetup(async () => {
    const api = await activateExtension<HealthDataExtensionApi>();
    assert.ok(api.testing, 'the testing surface is offered in a test host');
    testing = api.testing;
    sandbox = await startSandbox({ port: 0, users: 8, seed: 3, apiKey: KEY });
    echo = await echoingServer();
    await config().update('baseUrl.sandboxUs', sandbox.url, vscode.ConfigurationTarget.Global);
    await config().update('baseUrl.custom', echo.url, vscode.ConfigurationTarget.Global);
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const id of ['sandboxUs', 'custom'] as const) {
      await testing.connection.selectEnvironment(id);
      await testing.clearApiKey();
    }
    await vscode.commands.executeCommand('healthData.useLocalSandbox');
    await config().update('baseUrl.sandboxUs', undefined, vscode.ConfigurationTarget.Global);
    await config().update('baseUrl.custom', undefined, vscode.ConfigurationTarget.Global);
    await sandbox?.close();
    await echo?.close();
  });

  test('the known key is stored through Set API Key and used for real requests', async () => {
    await testing.connection.selectEnvironment('sandboxUs');
    const stored = await testing.setApiKey(KEY);
    assert.equal(stored.ok, true);
    assert.equal(await testing.storedApiKey(), KEY, 'the key the suite looks for is the one in SecretStorage');
    assert.ok(sandbox.requestCount() >= 1);
  });

  test('tree loads, details, Open as JSON, the last response and Copy as cURL, against the sandbox', async () => {
    const users = await waitFor(async () => {
      const found = await userNodes();
      return found.length >= 3 && found;
    }, 'the users of the sandbox');
    await recordTree(users.slice(0, 3), 'tree (sandbox)');
    await vscode.commands.executeCommand('healthData.openUserAsJson', users[0]);
    await vscode.commands.executeCommand('healthData.openLastResponse');
    await vscode.commands.executeCommand('healthData.copyUserAsCurl', users[1]);
    const curl = await vscode.env.clipboard.readText();
    assert.match(curl, /\$SERVICE_API_KEY/, 'the cURL refers to the key by variable');
    seen.push({ where: 'clipboard after Copy as cURL', text: curl });
    await vscode.commands.executeCommand('healthData.copyUserId', users[2]);
    seen.push({ where: 'clipboard after Copy user_id', text: await vscode.env.clipboard.readText() });
    assert.ok(sandbox.requestCount() >= 4, 'list and resolve requests reached the sandbox');
  });

  test('both panels open and render against the sandbox', async function () {
    this.timeout(120_000);
    const [user] = await userNodes();
    // One at a time: a panel in the background has no live webview to render.
    await vscode.commands.executeCommand('healthData.showBloodPressure', user);
    seen.push({ where: 'blood-pressure panel report', text: JSON.stringify(await renderedPanel('healthData.bloodPressure')) });
    await vscode.commands.executeCommand('healthData.showLabTestMarkers', { labTestId: sandbox.labTests[0]!.id });
    seen.push({ where: 'lab-markers panel report', text: JSON.stringify(await renderedPanel('healthData.labMarkers')) });
  });

  test('a server that echoes the key back: the extension repeats it nowhere', async function () {
    this.timeout(120_000);
    await testing.connection.selectEnvironment('custom');
    const stored = await testing.setApiKey(KEY);
    assert.equal(stored.ok, true, 'the echoing server accepts the key check');
    const users = await waitFor(async () => {
      const found = await userNodes();
      return found.length === 1 && found;
    }, 'the echoed user');
    await recordTree(users, 'tree (echo)');
    await vscode.commands.executeCommand('healthData.openUserAsJson', users[0]);
    await vscode.commands.executeCommand('healthData.openLastResponse');
    await vscode.commands.executeCommand('healthData.showBloodPressure', users[0]);
    seen.push({ where: 'blood-pressure panel report (echo)', text: JSON.stringify(await renderedPanel('healthData.bloodPressure')) });
    await vscode.commands.executeCommand('healthData.showLabTestMarkers', { labTestId: 'lab-test-1' });
    seen.push({ where: 'lab-markers panel report (echo)', text: JSON.stringify(await renderedPanel('healthData.labMarkers')) });
    const echoed = echo.requests.filter((request) => request.headers['x-service-api-key'] === KEY).map((request) => request.url);
    assert.ok(echoed.some((url) => url.startsWith('/v2/user/resolve/')), `the resolve was answered with the echo (${echoed.join(', ')})`);
    assert.ok(echoed.some((url) => url.startsWith('/v2/timeseries/')), 'the blood-pressure query was answered with the echo');
  });

  test('agent tools against the sandbox and the echoing server, and the MCP server\'s whole transcript', async function () {
    this.timeout(120_000);
    await testing.connection.selectEnvironment('sandboxUs');
    assert.equal((await testing.setApiKey(KEY)).ok, true);
    const users = (await userNodes()).map((node) => node.getTreeItem().label as string);
    await recordAgentTools('sandbox', String(users[0] ?? 'patient-0001'), sandbox.labTests[0]!.id);
    await testing.connection.selectEnvironment('custom');
    // The id a model would pass: the one it was shown, the echoed key already redacted.
    const echoed = await waitFor(async () => {
      const found = await userNodes();
      return found.length === 1 && String(found[0]!.getTreeItem().label);
    }, 'the echoed user');
    assert.match(echoed, /\[redacted\]/);
    await recordAgentTools('echo', echoed, 'lab-test-1');
    assert.ok(seen.filter((entry) => entry.where.includes('agent tool')).length === 16);
    assert.ok(echo.requests.some((request) => request.headers['x-service-api-key'] === KEY), 'the tools reached the echoing server with the key');

    // dist/mcp.js as an MCP client starts it, the key in its environment: every message both ways.
    const transcript: string[] = [];
    let stderr = '';
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [join(ourExtension().extensionPath, 'dist', 'mcp.js'), '--base-url', echo.url],
      env: { PATH: process.env.PATH ?? '', ELECTRON_RUN_AS_NODE: '1', HEALTH_DATA_API_KEY: KEY },
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const client = new Client({ name: 'hygiene', version: '1.0.0' });
    await client.connect(transport);
    const onmessage = transport.onmessage;
    transport.onmessage = (message) => {
      transcript.push(JSON.stringify(message));
      onmessage?.(message);
    };
    const send = transport.send.bind(transport);
    transport.send = async (message) => {
      transcript.push(JSON.stringify(message));
      return send(message);
    };
    try {
      transcript.push(JSON.stringify(await client.listTools()));
      for (const [name, args] of [['find_user', { user: 'anyone' }], ['list_users', {}], ['diagnose_user', { user: 'anyone' }], ['lab_test_markers', { lab_test_id: 'x' }], ['recent_requests', {}]] as const) {
        await client.callTool({ name, arguments: args });
      }
    } finally {
      await client.close();
    }
    assert.ok(transcript.length >= 10, `${transcript.length} MCP messages`);
    seen.push({ where: 'MCP transcript', text: transcript.join('\n') }, { where: 'MCP server stderr', text: stderr });
  });

  test('zero hits: tree, clipboard, documents, panel reports, request log, settings.json, user-data files', async () => {
    for (const document of vscode.workspace.textDocuments) seen.push({ where: `document ${document.uri.toString()}`, text: document.getText() });
    const lines = testing.requestLogLines();
    assert.ok(lines.length >= 6, 'the request log recorded the suite');
    seen.push({ where: 'request log', text: lines.join('\n') });

    await vscode.commands.executeCommand('workbench.action.openSettingsJson');
    const settings = await waitFor(() => {
      const editor = vscode.window.activeTextEditor;
      return editor?.document.uri.path.endsWith('/User/settings.json') && editor.document;
    }, 'the user settings.json');
    assert.match(settings.getText(), /healthData\.baseUrl\.custom/, 'this is the settings file the suite wrote to');
    seen.push({ where: settings.uri.toString(), text: settings.getText() });

    const hits = seen.filter((entry) => entry.text.includes(KEY)).map((entry) => `${entry.where}: …${entry.text.slice(Math.max(0, entry.text.indexOf(KEY) - 60), entry.text.indexOf(KEY) + 60)}…`);
    assert.deepEqual(hits, [], 'the key appears in nothing the extension showed');
    assert.ok(seen.some((entry) => entry.text.includes('[redacted]')), 'the echoed key was replaced, not silently dropped');

    // The user-data folder holds settings.json, state and the log channel's files. (SecretStorage is
    // the OS keychain on desktop and the browser's storage in code-server: never a file here.)
    const userDataDir = settings.uri.path.slice(0, -'/User/settings.json'.length);
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // log channels flush to disk asynchronously
    const files = filesUnder(userDataDir);
    assert.ok(files.some((file) => file.includes('Health Data')), `the log channel's file is among the ${files.length} files searched`);
    const leaking = files.filter((file) => readFileSync(file).includes(KEY));
    assert.deepEqual(leaking, [], 'no file of the user-data folder holds the key');
  });
});
