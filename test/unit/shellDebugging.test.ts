// The request log lines, the next step offered for each failure, and the JSON documents, all
// from real exchanges with the sandbox.
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { describe, test } from 'node:test';
import { HealthApiClient } from '../../src/api/client';
import { HealthApiError } from '../../src/api/errors';
import { listUsersRequest, resolveUserRequest } from '../../src/api/requests';
import { BaseUrlSettingError, MissingApiKeyError } from '../../src/domain/connectionErrors';
import { describeFailure } from '../../src/domain/errorNextStep';
import { jsonDocumentFileName, prettyJson, requestTitle } from '../../src/domain/requests/jsonDocument';
import { formatRequestLogLine } from '../../src/domain/requests/requestLog';
import { useSandbox } from '../support/sandboxFixture';

const fixture = useSandbox({ users: 8, seed: 11, apiKey: 'log-test-secret-91c2' });

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => assert.fail('expected a failure'),
    (error: unknown) => error,
  );
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('request log lines', () => {
  test('method, path with query, status, duration, attempt; never the key or the host', async () => {
    const { client, log } = fixture.loggingClient();
    await client.listUsers({ offset: 2, limit: 3 });
    await failureOf(fixture.client({ apiKey: 'wrong-key', onRequest: (e) => log.push(e) }).listUsers({ limit: 1 }));
    const lines = log.map((entry) => formatRequestLogLine(entry));
    assert.match(lines[0]?.text ?? '', /^GET \/v2\/user\/\?offset=2&limit=3 · 200 · \d+ ms · attempt 1 · request id [\w-]+$/);
    assert.equal(lines[0]?.level, 'info');
    assert.match(lines[1]?.text ?? '', /^GET \/v2\/user\/\?limit=1 · 401 · \d+ ms · attempt 1( · request id [\w-]+)?$/);
    assert.equal(lines[1]?.level, 'warn');
    for (const line of lines) {
      assert.ok(!line.text.includes(fixture.sandbox.apiKey));
      assert.ok(!line.text.includes('wrong-key'));
      assert.ok(!line.text.includes('127.0.0.1'));
    }
  });

  test('retries are one line each, with their attempt number, and a request id when the server sends one', async () => {
    const { client, log } = fixture.loggingClient({ maxRetries: 2 });
    fixture.sandbox.injectFaults({ kind: 'status', status: 503, path: '/v2/user' });
    await client.listUsers({ limit: 2 });
    const lines = log.map((entry) => formatRequestLogLine(entry).text);
    assert.equal(lines.length, 2);
    assert.match(lines[0] ?? '', / · 503 · .* · attempt 1/);
    assert.match(lines[1] ?? '', / · 200 · .* · attempt 2/);
    const withId = formatRequestLogLine({ method: 'GET', url: 'https://x.example/v2/user/', status: 200, ms: 3, attempt: 1, requestId: 'req-42' });
    assert.equal(withId.text, 'GET /v2/user/ · 200 · 3 ms · attempt 1 · request id req-42');
    const withEnvironment = formatRequestLogLine({ method: 'GET', url: 'https://x.example/v2/user/', status: 200, ms: 3, attempt: 1 }, 'Sandbox US');
    assert.equal(withEnvironment.text, 'GET /v2/user/ · 200 · 3 ms · attempt 1 · Sandbox US');
  });

  test('each entry carries what was sent and what came back, the key header reading <redacted>', async () => {
    const { client, log } = fixture.loggingClient();
    const users = await client.listUsers({ limit: 2 });
    await failureOf(fixture.client({ apiKey: 'wrong-key-echo', onRequest: (e) => log.push(e) }).listUsers({ limit: 1 }));
    const [ok, rejected] = log;
    assert.equal(ok?.requestHeaders?.['x-service-api-key'], '<redacted>');
    assert.equal(ok?.requestHeaders?.accept, 'application/json');
    assert.equal((JSON.parse(ok?.responseBody ?? '{}') as { users?: unknown[] }).users?.length, users.users.length);
    assert.match(ok?.responseHeaders?.['content-type'] ?? '', /application\/json/);
    assert.equal(rejected?.status, 401);
    assert.ok(rejected?.responseBody, 'the 401 body is kept');
    const everything = JSON.stringify(log);
    assert.ok(!everything.includes(fixture.sandbox.apiKey));
    assert.ok(!everything.includes('wrong-key-echo'));
  });

  test('a request that never got a status logs why, as an error', async () => {
    const log: Parameters<typeof formatRequestLogLine>[0][] = [];
    const client = new HealthApiClient({ baseUrl: `http://127.0.0.1:${await closedPort()}`, apiKey: 'k', maxRetries: 0, onRequest: (e) => log.push(e) });
    await failureOf(client.listUsers());
    const line = formatRequestLogLine(log[0]!);
    assert.match(line.text, /^GET \/v2\/user\/ · connection refused · \d+ ms · attempt 1$/);
    assert.equal(line.level, 'error');
  });

  test('a server that accepts and never answers logs "timeout after N s"; a cancel logs "cancelled"', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as AddressInfo;
      const log: Parameters<typeof formatRequestLogLine>[0][] = [];
      const client = new HealthApiClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'k', maxRetries: 0, timeoutMs: 300, onRequest: (e) => log.push(e) });
      await failureOf(client.listUsers());
      assert.match(formatRequestLogLine(log[0]!, 'Local sandbox').text, /^GET \/v2\/user\/ · timeout after 0\.3 s · \d+ ms · attempt 1 · Local sandbox$/);
      const controller = new AbortController();
      const pending = failureOf(client.listUsers({}, { signal: controller.signal }));
      setTimeout(() => controller.abort(), 50);
      await pending;
      const cancelled = formatRequestLogLine(log[1]!);
      assert.match(cancelled.text, /^GET \/v2\/user\/ · cancelled · /);
      assert.equal(cancelled.level, 'info');
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

describe('next step of a failure', () => {
  test('401 → set the key; missing key → set the key', async () => {
    const rejected = await failureOf(fixture.client({ apiKey: 'nope' }).listUsers());
    assert.deepEqual(describeFailure(rejected), { kind: 'unauthorized', nextStep: 'setApiKey', status: 401 });
    assert.deepEqual(describeFailure(new MissingApiKeyError('productionUs')), { kind: 'missingApiKey', nextStep: 'setApiKey' });
  });

  test('network failure or an unusable base URL → check the base URL setting', async () => {
    const client = new HealthApiClient({ baseUrl: `http://127.0.0.1:${await closedPort()}`, apiKey: 'k', maxRetries: 0 });
    assert.equal(describeFailure(await failureOf(client.listUsers())).nextStep, 'checkBaseUrl');
    const insecure = new HealthApiClient({ baseUrl: 'http://api.example.com', apiKey: 'k' });
    const refused = await failureOf(insecure.listUsers());
    assert.ok(refused instanceof HealthApiError && refused.kind === 'invalid_request');
    assert.equal(describeFailure(new BaseUrlSettingError('custom', 'plainHttpToRemoteHost')).nextStep, 'checkBaseUrl');
  });

  test('429 → retry later; 404 → show the log; a cancelled load → retry', async () => {
    fixture.sandbox.injectFaults({ kind: 'status', status: 429, retryAfter: '120', path: '/v2/user' });
    const limited = await failureOf(fixture.client({ maxRetries: 0 }).listUsers());
    assert.deepEqual(describeFailure(limited), { kind: 'rate_limited', nextStep: 'retryLater', status: 429 });
    const missing = await failureOf(fixture.client().resolveUser('no-such-client-user'));
    assert.equal(describeFailure(missing).nextStep, 'showLog');
    const controller = new AbortController();
    controller.abort();
    const cancelled = await failureOf(fixture.client().listUsers({}, { signal: controller.signal }));
    assert.deepEqual(describeFailure(cancelled), { kind: 'cancelled', nextStep: 'retry' });
    assert.deepEqual(describeFailure(new Error('boom')), { kind: 'unexpected', nextStep: 'showLog' });
  });
});

describe('JSON documents', () => {
  test('a response is shown pretty-printed and parses back to what the API sent, extra fields included', async () => {
    const page = await fixture.client().listUsers({ limit: 2 });
    const text = prettyJson(page);
    assert.deepEqual(JSON.parse(text), page);
    assert.match(text, /^\{\n {2}"users": \[\n/);
    assert.ok(text.endsWith('}\n'));
    const user = { ...page.users[0], some_future_field: { nested: true } };
    assert.deepEqual(JSON.parse(prettyJson(user)), user);
  });

  test('titles name the request; file names carry no path separators', () => {
    assert.equal(requestTitle(listUsersRequest({ offset: 0, limit: 100 })), 'GET /v2/user/?offset=0&limit=100');
    assert.equal(requestTitle(resolveUserRequest('a/b c')), 'GET /v2/user/resolve/a%2Fb%20c');
    const name = jsonDocumentFileName('user ../../etc/passwd\u0000\n"x"');
    assert.ok(![...'\\/\n"\u0000'].some((char) => name.includes(char)), name);
    assert.ok(name.endsWith('.json'));
    assert.equal(jsonDocumentFileName(''), 'response.json');
  });
});
