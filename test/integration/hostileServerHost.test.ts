// Hostile servers against the whole extension in the real host (issue 6, suite 1): the Custom
// environment points at a server that accepts the key check and then misbehaves on the Users
// tree's requests — HTML with 200, bytes that are not HTTP, resets, a 20 MB body, a redirect to
// another host, error pages. Each time the tree shows what went wrong with a next step, the host
// keeps running (the next refresh against a good answer lists the team again), and the other
// host of the redirect receives nothing.
import * as assert from 'node:assert/strict';
import type { Socket } from 'node:net';
import * as vscode from 'vscode';
import type { HealthDataExtensionApi, ShellTestingApi } from '../../src/extensionApi';
import type { TreeNode } from '../../src/views/users/treeNode';
import { rawServer, scriptedHttpServer, sendJson, type HostileServer } from '../support/hostileServers';
import { activateExtension, waitFor } from './helpers';

const KEY = 'hostile-host-key-3e8d1f20a4';
const USER = {
  user_id: '5f0c3e9e-6d35-4c0e-9d4f-0c7f6b1d2a10',
  team_id: 'team-1',
  client_user_id: 'patient-good-0001',
  created_on: '2026-01-01T00:00:00Z',
  connected_sources: [],
  fallback_time_zone: null,
};

type Answer = (socket: Socket) => void;

function respond(socket: Socket, status: number, body: string, headers: Record<string, string> = {}): void {
  const head = Object.entries({ 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...headers })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.write(`HTTP/1.1 ${status} X\r\n${head}\r\n${body}`);
}

const goodList: Answer = (s) => respond(s, 200, JSON.stringify({ users: [USER], total: 1, offset: 0, limit: 100 }));

let testing: ShellTestingApi;
let server: HostileServer;
let otherHost: HostileServer;
let answer: Answer = goodList;

const config = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('healthData');
const labelOf = (node: TreeNode): string => {
  const label = node.getTreeItem().label;
  return typeof label === 'string' ? label : (label?.label ?? '');
};

async function refreshUntil(firstLabel: string | RegExp): Promise<string[]> {
  await vscode.commands.executeCommand('healthData.refreshUsers');
  return waitFor(async () => {
    const labels = (await testing.usersView.provider.getChildren()).map(labelOf);
    const first = labels[0] ?? '';
    return (typeof firstLabel === 'string' ? first === firstLabel : firstLabel.test(first)) && labels;
  }, `the tree to show "${String(firstLabel)}"`, 60_000);
}

suite('Hostile servers: the extension host stays up and says what went wrong', () => {
  suiteSetup(async () => {
    const api = await activateExtension<HealthDataExtensionApi>();
    assert.ok(api.testing);
    testing = api.testing;
    otherHost = await scriptedHttpServer((_req, res) => sendJson(res, 200, { users: [], total: 0, offset: 0, limit: 100 }));
    server = await rawServer((socket, count) => {
      const url = server.requests[count - 1]?.url ?? '';
      // The key check (limit=1) always passes, so the key is stored and the tree asks for its pages.
      if (/[?&]limit=1(&|$)/.test(url)) return goodList(socket);
      answer(socket);
    });
    await config().update('baseUrl.custom', server.url, vscode.ConfigurationTarget.Global);
    await testing.connection.selectEnvironment('custom');
    const stored = await testing.setApiKey(KEY);
    assert.equal(stored.ok, true);
    await refreshUntil(USER.client_user_id);
  });

  suiteTeardown(async () => {
    await testing.clearApiKey();
    await vscode.commands.executeCommand('healthData.useLocalSandbox');
    await config().update('baseUrl.custom', undefined, vscode.ConfigurationTarget.Global);
    await server?.close();
    await otherHost?.close();
  });

  const cases: [string, Answer, string | RegExp][] = [
    ['an HTML page with status 200', (s) => respond(s, 200, '<!DOCTYPE html><html><body><h1>Welcome to nginx</h1></body></html>', { 'content-type': 'text/html' }), 'Unexpected response from the API'],
    ['JSON of the wrong shape', (s) => respond(s, 200, JSON.stringify({ data: [{ id: 1 }] })), 'Unexpected response from the API'],
    ['bytes that are not HTTP', (s) => s.end('SSH-2.0-OpenSSH_9.2p1\r\n\r\n'), 'Unexpected response from the API'],
    ['a connection reset', (s) => s.resetAndDestroy(), /^Could not reach the API of Custom: connection reset$/],
    ['a 20 MB body that is not JSON', (s) => respond(s, 200, 'x'.repeat(20 * 1024 * 1024)), 'Unexpected response from the API'],
    ['an HTML 502 from a proxy', (s) => respond(s, 502, '<html><body>Bad Gateway</body></html>', { 'content-type': 'text/html' }), 'The API failed (502)'],
    ['a 422 with a list detail', (s) => respond(s, 422, JSON.stringify({ detail: [{ loc: ['query', 'limit'], msg: 'too big', type: 'less_than_equal' }] })), 'The API refused the request (422)'],
  ];
  for (const [name, misbehave, message] of cases) {
    test(`${name}: "${String(message)}", then the team again`, async function () {
      this.timeout(120_000);
      answer = misbehave;
      const labels = await refreshUntil(message);
      assert.ok(labels.length >= 2, `a next step follows the message: ${JSON.stringify(labels)}`);
      answer = goodList;
      await refreshUntil(USER.client_user_id);
    });
  }

  test('a redirect to another host is not followed: that host receives nothing', async function () {
    this.timeout(60_000);
    answer = (s) => respond(s, 307, '', { location: `${otherHost.url}/v2/user/` });
    await refreshUntil('Unexpected response from the API');
    assert.equal(otherHost.requests.length, 0);
    answer = goodList;
    await refreshUntil(USER.client_user_id);
  });
});
