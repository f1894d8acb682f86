// Environments and keys in the real extension host: a second sandbox plays a remote team's API.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { HealthDataExtensionApi, ShellTestingApi } from '../../src/extensionApi';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/server';
import type { TreeNode } from '../../src/views/users/treeNode';
import { activateExtension, waitFor } from './helpers';

const TEAM_KEY = 'team-eu-key-5c0ffee-integration';
const REMOTE_USERS = 7;

let testing: ShellTestingApi;
let remote: SandboxHandle;

const config = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('healthData');
const root = (): Promise<TreeNode[]> => testing.usersView.provider.getChildren();
const labels = (nodes: TreeNode[]): string[] =>
  nodes.map((node) => {
    const label = node.getTreeItem().label;
    return typeof label === 'string' ? label : (label?.label ?? '');
  });
// Nodes and errors come from the extension's bundle: told apart by contextValue and `kind`, not instanceof.
const kindOf = (node: TreeNode): string | undefined => node.getTreeItem().contextValue;
const userCount = async (): Promise<number> => (await root()).filter((node) => kindOf(node) === 'user').length;

suite('Shell: environments and API keys', () => {
  suiteSetup(async () => {
    const api = await activateExtension<HealthDataExtensionApi>();
    assert.ok(api.testing);
    testing = api.testing;
    remote = await startSandbox({ port: 0, users: REMOTE_USERS, seed: 42, apiKey: TEAM_KEY });
    await config().update('baseUrl.sandboxEu', remote.url, vscode.ConfigurationTarget.Global);
  });

  suiteTeardown(async () => {
    await testing.connection.selectEnvironment('sandboxEu');
    await testing.clearApiKey();
    await vscode.commands.executeCommand('healthData.useLocalSandbox');
    await config().update('baseUrl.sandboxEu', undefined, vscode.ConfigurationTarget.Global);
    await config().update('baseUrl.custom', undefined, vscode.ConfigurationTarget.Global);
    await remote.close();
  });

  test('switching to an environment without a key empties the tree for its welcome view', async () => {
    await vscode.commands.executeCommand('healthData.selectEnvironment', 'sandboxEu');
    assert.equal(testing.connection.environment().id, 'sandboxEu');
    assert.equal(testing.connection.environment().baseUrl, remote.url);
    assert.equal(await testing.connection.apiKeyState(), 'missing');
    assert.deepEqual(await root(), []);
    assert.equal(remote.requestCount(), 0, 'nothing was sent without a key');
  });

  test('Set API Key checks the key with one request and stores only an accepted key', async () => {
    const rejected = await testing.setApiKey('not-the-team-key');
    assert.equal(rejected.ok, false);
    assert.equal(!rejected.ok && (rejected.error as { kind?: string }).kind, 'unauthorized');
    assert.equal(await testing.storedApiKey(), undefined, 'a rejected key is not saved');
    assert.equal(remote.requestCount(), 1);

    const accepted = await testing.setApiKey(TEAM_KEY);
    assert.deepEqual(accepted, { ok: true, total: REMOTE_USERS });
    assert.equal(await testing.storedApiKey(), TEAM_KEY, 'the key round-trips through SecretStorage');
    assert.equal(await testing.connection.apiKeyState(), 'set');
  });

  test('the tree refreshes on the stored key and lists the remote team', async () => {
    await waitFor(async () => (await userCount()) === REMOTE_USERS, 'the remote team in the tree');
    assert.equal(testing.usersView.treeView.description, 'Sandbox EU · 7 users');
    assert.equal(testing.usersView.treeView.message, undefined, 'no sample-data banner for a real environment');
  });

  test('the key appears in no log line, setting or error message', async () => {
    const lines = testing.requestLogLines();
    assert.ok(lines.some((line) => line.startsWith('GET /v2/user/?limit=1 · 401')), 'the rejected check is logged');
    assert.ok(lines.some((line) => line.startsWith('GET /v2/user/?limit=1 · 200')), 'the accepted check is logged');
    for (const line of lines) {
      assert.ok(!line.includes(TEAM_KEY) && !line.includes('not-the-team-key'), line);
    }
    const settings = JSON.stringify(config());
    assert.ok(!settings.includes(TEAM_KEY));
  });

  test('Clear API Key removes the secret and the tree goes back to asking for one', async () => {
    await testing.clearApiKey();
    assert.equal(await testing.storedApiKey(), undefined);
    await waitFor(async () => (await root()).length === 0, 'the empty tree of a keyless environment');
  });

  test('errors are tree messages with a next step: 401 leads to Set API key', async () => {
    await testing.setApiKey(TEAM_KEY);
    await waitFor(async () => (await userCount()) === REMOTE_USERS, 'the remote team');
    remote.injectFaults({ kind: 'status', status: 401, path: '/v2/user' });
    await vscode.commands.executeCommand('healthData.refreshUsers');
    const nodes = await waitFor(async () => {
      const children = await root();
      return children.every((node) => kindOf(node) === 'message') && children.length === 2 && children;
    }, 'the error message');
    assert.deepEqual(labels(nodes), ['The API rejected the key (401)', 'Set API key…']);
    assert.equal(nodes[1]!.getTreeItem().command?.command, 'healthData.setApiKey');

    remote.injectFaults(...Array.from({ length: 3 }, () => ({ kind: 'status' as const, status: 429, retryAfter: '600', path: '/v2/user' })));
    await vscode.commands.executeCommand('healthData.refreshUsers');
    const limited = await waitFor(async () => {
      const children = await root();
      return labels(children)[0] === 'Too many requests (429)' && children;
    }, 'the rate-limit message');
    assert.equal(limited[1]!.getTreeItem().command?.command, 'healthData.refreshUsers');
    remote.clearFaults();
  });

  test('Custom with plain http to another host is refused before any request', async () => {
    await config().update('baseUrl.custom', 'http://api.example.com', vscode.ConfigurationTarget.Global);
    await testing.connection.selectEnvironment('custom');
    assert.equal(await testing.connection.apiKeyState(), 'misconfigured');
    const nodes = await root();
    assert.deepEqual(labels(nodes), ['The base URL setting of Custom cannot be used', 'Check the base URL setting']);
    assert.deepEqual(nodes[1]!.getTreeItem().command?.arguments, ['healthData.baseUrl.custom']);
    // The host itself: another suite's e-mail address (…@example.com) may sit in a logged path.
    assert.ok(!testing.requestLogLines().some((line) => line.includes('api.example.com')));
  });

  test('back to the local sandbox: sample users again, no key involved', async () => {
    await vscode.commands.executeCommand('healthData.useLocalSandbox');
    assert.equal(await testing.connection.apiKeyState(), 'notNeeded');
    await waitFor(async () => (await userCount()) > REMOTE_USERS, 'the sample users');
  });
});
