// The one redirect the client follows: same origin, same query, the path changed by a trailing
// slash only (FastAPI's 307 from /v2/user/ to /v2/user). Followed once, logged as two attempts and
// reported by the contract lens; every other redirect, and a second one, is refused.
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, test } from 'node:test';
import { HealthApiClient, type RequestLogEntry } from '../../src/api/client';
import type { Deviation } from '../../src/api/contract/deviations';
import { isHealthApiError, type HealthApiError } from '../../src/api/errors';
import { trailingSlashRedirect } from '../../src/api/redirects';
import { requestRecordInput } from '../../src/domain/requests/requestRecordInput';
import { RequestRecords } from '../../src/domain/requests/requestRecords';
import { scriptedHttpServer, type HostileServer } from '../support/hostileServers';

const KEY = 'redirect-test-key-5521';
const PAGE = { users: [], total: 0, offset: 0, limit: 2 };

async function withServer(respond: (request: IncomingMessage, response: ServerResponse) => void, run: (server: HostileServer) => Promise<void>): Promise<void> {
  const server = await scriptedHttpServer(respond);
  try {
    await run(server);
  } finally {
    await server.close();
  }
}

function json(response: ServerResponse, body: unknown): void {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

function redirect(response: ServerResponse, status: number, location: string): void {
  response.writeHead(status, { location });
  response.end();
}

function clientOf(server: HostileServer, log: RequestLogEntry[]): HealthApiClient {
  return new HealthApiClient({ baseUrl: server.url, apiKey: KEY, retryBaseDelayMs: 1, onRequest: (entry) => log.push(entry) });
}

async function refusal(promise: Promise<unknown>): Promise<HealthApiError> {
  const error = await promise.then(() => assert.fail('refused'), (caught: unknown) => caught);
  assert.ok(isHealthApiError(error));
  return error;
}

describe('which redirects may be followed (pure)', () => {
  const from = 'https://api.example.com/v2/user/?limit=2';
  test('the same address with or without a trailing slash, query kept', () => {
    assert.equal(trailingSlashRedirect('GET', from, 307, '/v2/user?limit=2'), 'https://api.example.com/v2/user?limit=2');
    assert.equal(trailingSlashRedirect('GET', from, 308, 'https://api.example.com/v2/user?limit=2'), 'https://api.example.com/v2/user?limit=2');
    assert.equal(trailingSlashRedirect('GET', 'https://api.example.com/v2/user', 301, '/v2/user/'), 'https://api.example.com/v2/user/');
    assert.equal(trailingSlashRedirect('POST', 'https://api.example.com/v3/x', 307, '/v3/x/'), 'https://api.example.com/v3/x/');
  });

  test('anything else is refused', () => {
    for (const [method, status, location] of [
      ['GET', 307, 'https://other.example.com/v2/user?limit=2'],
      ['GET', 307, 'http://api.example.com/v2/user?limit=2'],
      ['GET', 307, 'https://api.example.com:8443/v2/user?limit=2'],
      ['GET', 307, 'https://me:pw@api.example.com/v2/user?limit=2'],
      ['GET', 307, '/v2/users?limit=2'],
      ['GET', 307, '/v2/user?limit=3'],
      ['GET', 307, '/v2/user'],
      ['GET', 307, '/v2/user/?limit=2'],
      ['GET', 307, '/v2/user//?limit=2'],
      ['GET', 300, '/v2/user?limit=2'],
      ['GET', 307, ''],
      ['POST', 302, '/v2/user?limit=2'],
      ['POST', 303, '/v2/user?limit=2'],
    ] as const) {
      assert.equal(trailingSlashRedirect(method, from, status, location), undefined, `${method} ${status} → ${location}`);
    }
  });
});

describe('the client and a redirecting server', () => {
  test('a same-origin 307 to the path without its trailing slash is followed once, logged as two attempts and reported', async () => {
    await withServer(
      (request, response) => (request.url?.startsWith('/v2/user/') ? redirect(response, 307, request.url.replace('/v2/user/', '/v2/user')) : json(response, PAGE)),
      async (server) => {
        const log: RequestLogEntry[] = [];
        const client = clientOf(server, log);
        let found: Deviation[] = [];
        const page = await client.listUsers({ limit: 2 }, { onDeviations: (d) => (found = d) });
        assert.deepEqual(page, PAGE);
        assert.deepEqual(server.requests.map((r) => r.url), ['/v2/user/?limit=2', '/v2/user?limit=2']);
        assert.ok(server.requests.every((r) => r.headers['x-service-api-key'] === KEY), 'the key went to the same host both times');
        assert.deepEqual(log.map((e) => [e.attempt, e.status, new URL(e.url).pathname]), [[1, 307, '/v2/user/'], [2, 200, '/v2/user']]);
        assert.equal(found.length, 1);
        assert.deepEqual([found[0]?.kind, found[0]?.value, found[0]?.section], ['redirectFollowed', '307 /v2/user?limit=2', '4.2']);
        assert.match(found[0]?.spec ?? '', /\/v2\/user\//);
        assert.deepEqual(log[1]?.deviations, found);
        assert.equal(log[1]?.redirectedFrom, log[0]?.url);
        // The Requests view shows the two attempts as one call, as it shows a retry.
        const records = new RequestRecords();
        const environment = { id: 'custom', label: 'Custom', baseUrl: server.url };
        for (const entry of log) records.addAttempt(requestRecordInput(entry, environment, Date.now()), entry.attempt, 'x-service-api-key', KEY);
        assert.deepEqual(records.all().map((r) => [new URL(r.url).pathname, r.status, r.attempts.map((a) => a.status)]), [['/v2/user', 200, [307, 200]]]);
        await client.close();
      },
    );
  });

  test('a redirect to another host is refused: that host receives nothing, whatever the path', async () => {
    await withServer(
      (_request, response) => json(response, PAGE),
      async (other) => {
        await withServer(
          (request, response) => redirect(response, 307, `${other.url}${request.url ?? '/'}`.replace('/v2/user/', '/v2/user')),
          async (server) => {
            const error = await refusal(clientOf(server, []).listUsers({ limit: 2 }));
            assert.equal(error.kind, 'invalid_response');
            assert.equal(error.status, 307);
            assert.match(error.message, /only a redirect to the same address with or without a trailing slash is followed/);
            assert.equal(other.requests.length, 0);
          },
        );
      },
    );
  });

  test('a redirect to another path on the same host is refused', async () => {
    await withServer(
      (request, response) => (request.url?.startsWith('/v2/user/') ? redirect(response, 307, '/v2/users?limit=2') : json(response, PAGE)),
      async (server) => {
        const error = await refusal(clientOf(server, []).listUsers({ limit: 2 }));
        assert.equal(error.kind, 'invalid_response');
        assert.equal(server.requests.length, 1);
      },
    );
  });

  test('a redirect loop (/v2/user/ → /v2/user → /v2/user/) is refused after the one follow', async () => {
    await withServer(
      (request, response) => {
        const url = request.url ?? '/';
        redirect(response, 307, url.includes('/v2/user/') ? url.replace('/v2/user/', '/v2/user') : url.replace('/v2/user', '/v2/user/'));
      },
      async (server) => {
        const log: RequestLogEntry[] = [];
        const error = await refusal(clientOf(server, log).listUsers({ limit: 2 }));
        assert.equal(error.kind, 'invalid_response');
        assert.match(error.message, /redirect again/);
        assert.equal(server.requests.length, 2);
        assert.deepEqual(log.map((e) => [e.attempt, e.status]), [[1, 307], [2, 307]]);
      },
    );
  });

  test('a POST is followed only by a 307 or 308, which keep the body', async () => {
    const body = { markers: [], total: 0, page: 1, size: 50 };
    for (const [status, followed] of [[307, true], [308, true], [302, false], [303, false]] as const) {
      await withServer(
        (request, response) => (request.url?.includes('markers/') ? json(response, body) : redirect(response, status, (request.url ?? '/').replace('markers', 'markers/'))),
        async (server) => {
          const client = clientOf(server, []);
          const call = client.listOrderSetMarkers({ labTestIds: ['a'] });
          if (followed) assert.deepEqual(await call, body);
          else assert.equal((await refusal(call)).kind, 'invalid_response');
          assert.equal(server.requests.length, followed ? 2 : 1, String(status));
          await client.close();
        },
      );
    }
  });
});
