import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { describe, test } from 'node:test';
import { HealthApiClient } from '../../src/api/client';
import { HealthApiError, type HealthApiErrorKind } from '../../src/api/errors';
import { iterateBloodPressurePages } from '../../src/api/paging';
import { useSandbox } from '../support/sandboxFixture';

const fixture = useSandbox({ users: 20, seed: 7 });

function keyOf(): string {
  return fixture.sandbox.apiKey;
}

async function expectKind(promise: Promise<unknown>, kind: HealthApiErrorKind): Promise<HealthApiError> {
  const error = await promise.then(
    () => assert.fail(`expected a ${kind} error, got a result`),
    (e: unknown) => e,
  );
  assert.ok(error instanceof HealthApiError, `expected HealthApiError, got ${String(error)}`);
  assert.equal(error.kind, kind, error.message);
  return error;
}

function assertKeyAbsent(value: unknown, key: string): void {
  const texts = [
    value instanceof Error ? value.message : '',
    value instanceof Error ? (value.stack ?? '') : '',
    JSON.stringify(value),
    inspect(value, { depth: 5 }),
  ];
  for (const text of texts) assert.ok(!text.includes(key), `key leaked into: ${text.slice(0, 200)}`);
}

describe('errors from real HTTP exchanges', () => {
  test('a wrong key is unauthorized (401) and the key is in no field of the error', async () => {
    const wrongKey = 'wrong-key-c0ffee-1234567890';
    const error = await expectKind(fixture.client({ apiKey: wrongKey }).listUsers(), 'unauthorized');
    assert.equal(error.status, 401);
    assert.equal(typeof error.detail, 'string');
    assertKeyAbsent(error, wrongKey);
  });

  test('403 is forbidden', async () => {
    fixture.sandbox.injectFaults({ kind: 'status', status: 403, detail: 'Team is not allowed to read lab tests' });
    const error = await expectKind(fixture.client().listUsers(), 'forbidden');
    assert.equal(error.detail, 'Team is not allowed to read lab tests');
  });

  test('an unknown client_user_id is not_found', async () => {
    const error = await expectKind(fixture.client().resolveUser('no-such-client-user'), 'not_found');
    assert.equal(error.status, 404);
  });

  test('an unknown lab test is not_found', async () => {
    await expectKind(fixture.client().listLabTestMarkers('00000000-0000-4000-8000-000000000000'), 'not_found');
  });

  test('a server-side 422 is invalid_request with the FastAPI detail list kept', async () => {
    const client = fixture.client();
    const { users } = await client.listUsers({ limit: 1 });
    const error = await expectKind(
      client.getGroupedBloodPressure(users[0]!.user_id, { startDate: '2026-01-01', nextCursor: 'forged-cursor' }),
      'invalid_request',
    );
    assert.equal(error.status, 422);
    assert.ok(Array.isArray(error.detail));
    assert.match(error.message, /422/);
  });

  test('429 is retried and ends as rate_limited once retries run out', async () => {
    const { client, log } = fixture.loggingClient({ maxRetries: 2 });
    fixture.sandbox.injectFaults(
      { kind: 'status', status: 429, retryAfter: '0' },
      { kind: 'status', status: 429, retryAfter: '0' },
      { kind: 'status', status: 429, retryAfter: '0' },
    );
    const error = await expectKind(client.listUsers(), 'rate_limited');
    assert.equal(error.retryAfterMs, 0);
    assert.deepEqual(log.map((e) => [e.attempt, e.status]), [[1, 429], [2, 429], [3, 429]]);
  });

  test('a Retry-After beyond the allowed wait fails at once instead of hanging', async () => {
    const { client, log } = fixture.loggingClient({ maxRetryAfterMs: 5_000 });
    fixture.sandbox.injectFaults({ kind: 'status', status: 429, retryAfter: '120' });
    const error = await expectKind(client.listUsers(), 'rate_limited');
    assert.equal(error.retryAfterMs, 120_000);
    assert.equal(log.length, 1);
  });

  test('a 503 then success is retried transparently and both attempts are logged', async () => {
    const { client, log } = fixture.loggingClient();
    fixture.sandbox.injectFaults({ kind: 'status', status: 503 });
    const list = await client.listUsers({ limit: 3 });
    assert.equal(list.users.length, 3);
    assert.deepEqual(log.map((e) => e.status), [503, 200]);
  });

  test('500 is server after the retries', async () => {
    const { client, log } = fixture.loggingClient({ maxRetries: 1 });
    fixture.sandbox.injectFaults({ kind: 'status', status: 500 }, { kind: 'status', status: 500 });
    const error = await expectKind(client.listUsers(), 'server');
    assert.equal(error.status, 500);
    assert.equal(log.length, 2);
  });

  test('404 is not retried', async () => {
    const { client, log } = fixture.loggingClient();
    await expectKind(client.resolveUser('nobody-here'), 'not_found');
    assert.equal(log.length, 1);
  });

  test('a refused connection is network, after retries', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const log: unknown[] = [];
    const client = new HealthApiClient({
      baseUrl: `http://127.0.0.1:${port}`,
      apiKey: keyOf(),
      retryBaseDelayMs: 1,
      onRequest: (entry) => log.push(entry),
    });
    const error = await expectKind(client.listUsers(), 'network');
    assert.equal(log.length, 3);
    assertKeyAbsent(error, keyOf());
    await client.close();
  });

  test('a response slower than timeoutMs is timeout', async () => {
    fixture.sandbox.injectFaults({ kind: 'delay', ms: 2_000 });
    await expectKind(fixture.client({ timeoutMs: 200, maxRetries: 0 }).listUsers(), 'timeout');
  });

  test('a body that stalls midway is timeout', async () => {
    fixture.sandbox.injectFaults({ kind: 'stall' });
    await expectKind(fixture.client({ timeoutMs: 300, maxRetries: 0 }).listUsers(), 'timeout');
  });

  test('malformed JSON is invalid_response', async () => {
    fixture.sandbox.injectFaults({ kind: 'malformedJson' });
    const error = await expectKind(fixture.client().listUsers(), 'invalid_response');
    assert.match(error.message, /not JSON/);
  });

  test('an aborted signal is cancelled, and nothing more is sent', async () => {
    const { client, log } = fixture.loggingClient();
    const controller = new AbortController();
    fixture.sandbox.injectFaults({ kind: 'delay', ms: 2_000 });
    const arrived = fixture.sandbox.requestCount() + 1;
    const pending = client.listUsers({}, { signal: controller.signal });
    // Abort once the request holds the delay: aborted before it arrives, the delay would stay queued
    // for the next test's request (seen on a loaded machine).
    while (fixture.sandbox.requestCount() < arrived) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    await expectKind(pending, 'cancelled');
    assert.equal(log.length, 1);
    assert.equal(log[0]!.error, 'cancelled');
  });

  test('a connection reset is network', async () => {
    fixture.sandbox.injectFaults({ kind: 'reset' }, { kind: 'reset' }, { kind: 'reset' });
    await expectKind(fixture.client().listUsers(), 'network');
  });
});

describe('responses of the wrong shape, from a real server', () => {
  async function withServer(body: unknown, run: (baseUrl: string) => Promise<void>): Promise<void> {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }

  test('a missing required field is invalid_response naming the field path', async () => {
    await withServer({ users: [{ user_id: 'x' }], total: 1, offset: 0, limit: 1 }, async (baseUrl) => {
      const client = new HealthApiClient({ baseUrl, apiKey: 'k' });
      const error = await expectKind(client.listUsers(), 'invalid_response');
      assert.match(error.message, /users\[0\]\.(team_id|client_user_id|created_on|connected_sources|fallback_time_zone)/);
      await client.close();
    });
  });

  test('unknown extra fields pass through', async () => {
    const body = { markers: [], total: 0, page: 1, size: 50, brand_new_field: { nested: true } };
    await withServer(body, async (baseUrl) => {
      const client = new HealthApiClient({ baseUrl, apiKey: 'k' });
      const page = await client.listLabTestMarkers('abc');
      assert.deepEqual((page as Record<string, unknown>).brand_new_field, { nested: true });
      await client.close();
    });
  });

  test('the deprecated `next` drives paging when next_cursor is absent', async () => {
    let calls = 0;
    const server = createServer((req, res) => {
      calls++;
      const url = new URL(req.url ?? '/', 'http://x');
      const cursor = url.searchParams.get('next_cursor');
      const page = cursor === 'page-2' ? { groups: {}, next: null } : { groups: {}, next: 'page-2' };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(page));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const client = new HealthApiClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, apiKey: 'k' });
    try {
      const pages = [];
      for await (const page of iterateBloodPressurePages(client, '5f0c3e9e-6d35-4c0e-9d4f-0c7f6b1d2a10', { startDate: '2026-01-01' })) {
        pages.push(page);
      }
      assert.equal(pages.length, 2);
      assert.equal(calls, 2);
    } finally {
      await client.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('argument checks send nothing', () => {
  const cases: [string, (c: HealthApiClient) => Promise<unknown>][] = [
    ['limit 0', (c) => c.listUsers({ limit: 0 })],
    ['limit 501', (c) => c.listUsers({ limit: 501 })],
    ['offset -1', (c) => c.listUsers({ offset: -1 })],
    ['empty client_user_id', (c) => c.resolveUser('')],
    ['user_id not a uuid', (c) => c.getGroupedBloodPressure('not-a-uuid', { startDate: '2026-01-01' })],
    ['missing start_date', (c) => c.getGroupedBloodPressure('5f0c3e9e-6d35-4c0e-9d4f-0c7f6b1d2a10', { startDate: '' })],
    ['invalid date', (c) => c.getGroupedBloodPressure('5f0c3e9e-6d35-4c0e-9d4f-0c7f6b1d2a10', { startDate: '2026-02-30' })],
    [
      'end before start',
      (c) => c.getGroupedBloodPressure('5f0c3e9e-6d35-4c0e-9d4f-0c7f6b1d2a10', { startDate: '2026-03-02', endDate: '2026-03-01' }),
    ],
    ['page 0', (c) => c.listLabTestMarkers('abc', { page: 0 })],
    ['size 101', (c) => c.listLabTestMarkers('abc', { size: 101 })],
    ['size 0', (c) => c.listOrderSetMarkers({ labTestIds: ['a'] }, { size: 0 })],
    ['empty order set', (c) => c.listOrderSetMarkers({})],
    ['empty lab test id in a list', (c) => c.listOrderSetMarkers({ labTestIds: ['a', ' '] })],
  ];
  for (const [name, call] of cases) {
    test(name, async () => {
      const before = fixture.sandbox.requestCount();
      await expectKind(call(fixture.client()), 'invalid_request');
      assert.equal(fixture.sandbox.requestCount(), before);
    });
  }

  test('plain http to a remote host is refused before any byte is sent', async () => {
    const client = new HealthApiClient({ baseUrl: 'http://api.example.invalid', apiKey: 'super-secret-key' });
    const error = await expectKind(client.listUsers(), 'invalid_request');
    assert.match(error.message, /plain http/);
    assertKeyAbsent(error, 'super-secret-key');
    await client.close();
  });
});

describe('key hygiene', () => {
  test('the client object does not show its key when logged or serialised', () => {
    const client = fixture.client();
    assertKeyAbsent(client, keyOf());
  });

  test('request log entries never contain the key', async () => {
    const { client, log } = fixture.loggingClient();
    await client.listUsers({ limit: 2 });
    await client.resolveUser('no-such-user').catch(() => undefined);
    assert.equal(log.length, 2);
    for (const entry of log) assertKeyAbsent(entry, keyOf());
    assert.ok(log[0]!.requestId, 'the sandbox request id is recorded');
  });
});
