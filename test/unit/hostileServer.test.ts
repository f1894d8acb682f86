// The client against servers that misbehave on purpose (issue 6, suite 1): error statuses,
// bodies of the wrong kind, redirects and servers that echo the key. Every case ends in one
// HealthApiError of the right kind, retries only what is safe to retry (counted on the server),
// leaves no unhandled rejection behind, and never shows the key. Transport-level misbehaviour
// (silence, stalls, resets, huge bodies) is in hostileTransport.test.ts.
import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { describe, test } from 'node:test';
import type { HealthApiErrorKind } from '../../src/api/errors';
import {
  KEY,
  MAX_RETRIES,
  OPERATIONS,
  USER_ID,
  assertKeyAbsent,
  expectFailure,
  runClient,
  trackEscapes,
  validUser,
  withHttp,
} from '../support/hostileClient';
import { sendJson } from '../support/hostileServers';

trackEscapes();

const html = (title: string) =>
  `<!DOCTYPE html><html><head><title>${title}</title></head><body><h1>${title}</h1><p>nginx</p>${'<!-- padding -->'.repeat(200)}</body></html>`;

interface StatusCase {
  name: string;
  status: number;
  body: string | object;
  headers?: Record<string, string>;
  kind: HealthApiErrorKind;
  retried: boolean;
}

const STATUS_CASES: StatusCase[] = [
  { name: '401', status: 401, body: { detail: 'Invalid API key' }, kind: 'unauthorized', retried: false },
  { name: '403', status: 403, body: { detail: 'Forbidden' }, kind: 'forbidden', retried: false },
  { name: '404', status: 404, body: { detail: 'Not Found' }, kind: 'not_found', retried: false },
  { name: '422 with a string detail', status: 422, body: { detail: 'start_date is in the future' }, kind: 'invalid_request', retried: false },
  {
    name: '422 with a list detail',
    status: 422,
    body: { detail: [{ loc: ['query', 'start_date'], msg: 'Field required', type: 'missing', input: null }] },
    kind: 'invalid_request',
    retried: false,
  },
  { name: '400', status: 400, body: { detail: 'Bad Request' }, kind: 'invalid_request', retried: false },
  { name: '429 with Retry-After: 0', status: 429, body: { detail: 'Too Many Requests' }, headers: { 'retry-after': '0' }, kind: 'rate_limited', retried: true },
  {
    name: '429 with a Retry-After date in the past',
    status: 429,
    body: { detail: 'Too Many Requests' },
    headers: { 'retry-after': 'Wed, 21 Oct 2015 07:28:00 GMT' },
    kind: 'rate_limited',
    retried: true,
  },
  { name: '429 without Retry-After', status: 429, body: { detail: 'Too Many Requests' }, kind: 'rate_limited', retried: true },
  { name: '429 with an unreadable Retry-After', status: 429, body: '', headers: { 'retry-after': 'soon' }, kind: 'rate_limited', retried: true },
  { name: '500', status: 500, body: { detail: 'Internal Server Error' }, kind: 'server', retried: true },
  { name: '502 with an HTML page', status: 502, body: html('502 Bad Gateway'), headers: { 'content-type': 'text/html' }, kind: 'server', retried: true },
  { name: '503 with Retry-After', status: 503, body: { detail: 'Service Unavailable' }, headers: { 'retry-after': '0' }, kind: 'server', retried: true },
  { name: '504 with no body', status: 504, body: '', kind: 'server', retried: true },
];

describe('error statuses, for every operation', () => {
  for (const c of STATUS_CASES) {
    for (const [operation, call] of Object.entries(OPERATIONS)) {
      test(`${c.name} → ${c.kind}${c.retried ? ' after retries' : ', not retried'} (${operation})`, async () => {
        await withHttp(
          (_req, res) => sendJson(res, c.status, c.body, c.headers),
          async (server) => {
            const { error, log } = await expectFailure(server, call, c.kind);
            assert.equal(error.status, c.status);
            const attempts = c.retried ? MAX_RETRIES + 1 : 1;
            assert.equal(server.requests.length, attempts, 'requests received by the server');
            assert.deepEqual(log.map((e) => e.attempt), Array.from({ length: attempts }, (_, i) => i + 1));
            assert.ok(server.requests.every((r) => r.headers['x-service-api-key'] === KEY), 'the key went to the configured host');
            if (typeof c.body === 'object' && 'detail' in c.body) assert.deepEqual(error.detail, c.body.detail);
            if (c.status === 502) assert.ok(!error.message.includes('<'), 'no HTML in the message');
          },
        );
      });
    }
  }

  test('a 429 followed by a success returns the data after one retry', async () => {
    await withHttp(
      (_req, res, n) => (n === 1 ? sendJson(res, 429, { detail: 'slow down' }, { 'retry-after': '0' }) : sendJson(res, 200, { users: [validUser()], total: 1, offset: 0, limit: 100 })),
      async (server) => {
        const { value, error } = await runClient(server, OPERATIONS.listUsers!);
        assert.equal(error, undefined);
        assert.equal((value as { users: unknown[] }).users.length, 1);
        assert.equal(server.requests.length, 2);
      },
    );
  });
});

interface BodyCase {
  name: string;
  body: string;
  contentType?: string;
  /** The message names what was wrong. */
  message: RegExp;
}

const NOT_JSON = /not JSON|empty/;
const BODY_CASES: BodyCase[] = [
  { name: 'malformed JSON', body: '{"users": [{"user_id": "a", ', message: /not JSON/ },
  { name: 'an HTML error page with status 200', body: html('Service temporarily unavailable'), contentType: 'text/html', message: /not JSON \(it starts with "<!DOCTYPE html>/ },
  { name: 'an empty body', body: '', message: /empty/ },
  { name: 'JSON null', body: 'null', message: /\(root\)/ },
  { name: 'a JSON array', body: '[1, 2, 3]', message: /\(root\)/ },
  { name: 'a JSON string', body: '"ok"', message: /\(root\)/ },
  { name: 'an object of the wrong shape', body: JSON.stringify({ data: [], status: 'ok' }), message: /(users|groups|markers|user_id)/ },
  { name: 'a byte-order mark and garbage', body: '\ufeff\u0000\u0001garbage', message: NOT_JSON },
  { name: 'JSON nested 100 000 levels deep', body: '['.repeat(100_000) + ']'.repeat(100_000), message: /\(root\)|not JSON/ },
];

describe('2xx bodies that are not the promised JSON', () => {
  for (const c of BODY_CASES) {
    for (const [operation, call] of Object.entries(OPERATIONS)) {
      test(`${c.name} → invalid_response, not retried (${operation})`, async () => {
        await withHttp(
          (_req, res) => {
            res.writeHead(200, { 'content-type': c.contentType ?? 'application/json' });
            res.end(c.body);
          },
          async (server) => {
            const { error } = await expectFailure(server, call, 'invalid_response');
            assert.match(error.message, c.message);
            assert.equal(server.requests.length, 1);
          },
        );
      });
    }
  }

  const MISSING: [string, unknown, RegExp][] = [
    ['listUsers', { users: [validUser({ client_user_id: undefined })], total: 1, offset: 0, limit: 1 }, /users\[0\]\.client_user_id/],
    ['listUsers', { users: [], offset: 0, limit: 1 }, /total/],
    ['listUsers', { users: [validUser()], total: '1', offset: 0, limit: 1 }, /total/],
    ['resolveUser', { user_id: USER_ID }, /team_id|client_user_id/],
    ['resolveUser', validUser({ connected_sources: [{ created_on: 'x', source: { name: 'Omron' } }] }), /connected_sources\[0\]: a connected source needs a slug/],
    ['bloodPressure', { next_cursor: null }, /groups/],
    ['bloodPressure', { groups: { omron: [{ data: [{ systolic: 120, timestamp: 'x', unit: 'mmHg' }], source: { provider: 'omron', type: 'cuff' } }] } }, /diastolic/],
    ['labTestMarkers', { total: 0, page: 1, size: 50 }, /markers/],
    ['labTestMarkers', { markers: [], total: '0', page: 1, size: 50 }, /total/],
    ['orderSetMarkers', { markers: [{ name: 'x' }], total: 1, page: 1, size: 50 }, /markers\[0\]\.id/],
  ];
  for (const [operation, body, field] of MISSING) {
    test(`a missing or mistyped required field → invalid_response naming ${field.source} (${operation})`, async () => {
      await withHttp(
        (_req, res) => sendJson(res, 200, body),
        async (server) => {
          const { error } = await expectFailure(server, OPERATIONS[operation]!, 'invalid_response');
          assert.match(error.message, field);
          assert.equal(server.requests.length, 1);
        },
      );
    });
  }
});

describe('redirects are never followed', () => {
  for (const status of [301, 302, 303, 307, 308]) {
    for (const [operation, call] of Object.entries(OPERATIONS)) {
      test(`${status} to another host → invalid_response; the other host receives nothing (${operation})`, async () => {
        await withHttp(
          (_req, res) => sendJson(res, 200, { users: [], total: 0, offset: 0, limit: 100 }),
          async (otherHost) => {
            await withHttp(
              (req, res) => {
                res.writeHead(status, { location: `${otherHost.url}${req.url ?? '/'}` });
                res.end();
              },
              async (server) => {
                const { error } = await expectFailure(server, call, 'invalid_response');
                assert.equal(error.status, status);
                assert.match(error.message, /redirect/);
                assert.equal(server.requests.length, 1);
                assert.equal(otherHost.requests.length, 0, 'the other host received no request');
              },
            );
          },
        );
      });
    }
  }
});

describe('servers that echo the key back', () => {
  const echoes: [string, (res: ServerResponse) => void, HealthApiErrorKind][] = [
    ['in a 401 string detail', (res) => sendJson(res, 401, { detail: `Invalid API key: ${KEY}` }), 'unauthorized'],
    [
      'in the input of a 422 list detail',
      (res) => sendJson(res, 422, { detail: [{ loc: ['header', 'x-service-api-key'], msg: `bad key ${KEY}`, type: 'value_error', input: KEY }] }),
      'invalid_request',
    ],
    ['in a 500 detail object', (res) => sendJson(res, 500, { detail: { received_headers: { 'x-service-api-key': KEY } } }), 'server'],
    ['at the start of a body that is not JSON', (res) => sendJson(res, 200, `${KEY} is not allowed here`), 'invalid_response'],
    ['cut in half by the snippet of a body that is not JSON', (res) => sendJson(res, 200, `${'x'.repeat(20)}${KEY}`), 'invalid_response'],
    [
      'JSON-escaped in a 401 detail',
      (res) => sendJson(res, 401, `{"detail": "Invalid API key ${[...KEY].map((ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}"}`),
      'unauthorized',
    ],
    ['in the Location of a redirect', (res) => sendJson(res, 302, '', { location: `http://127.0.0.1:9/steal/${KEY}?key=${KEY}` }), 'invalid_response'],
    ['in the x-request-id of an error', (res) => sendJson(res, 404, { detail: 'Not Found' }, { 'x-request-id': KEY }), 'not_found'],
  ];
  for (const [name, respond, kind] of echoes) {
    test(`the key ${name} is not repeated by the client (${kind})`, async () => {
      await withHttp((_req, res) => respond(res), async (server) => {
        await expectFailure(server, OPERATIONS.listUsers!, kind, { maxRetries: 0 });
      });
    });
  }

  test('the key in the x-request-id of a success is not in the request log', async () => {
    await withHttp(
      (_req, res) => sendJson(res, 200, { users: [], total: 0, offset: 0, limit: 100 }, { 'x-request-id': `req-${KEY}` }),
      async (server) => {
        const { error, log } = await runClient(server, OPERATIONS.listUsers!);
        assert.equal(error, undefined);
        assert.equal(log.length, 1);
        assertKeyAbsent('the request log', log);
      },
    );
  });
});
