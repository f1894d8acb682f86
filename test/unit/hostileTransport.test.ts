// The client against servers that misbehave below the JSON (issue 6, suite 1, continued): answers
// that never start, stall or trickle, connections that reset or close, bytes that are not HTTP,
// 20 MB bodies, and paging when one page fails while others hang. Same guarantees as
// hostileServer.test.ts: the right kind, safe retries counted on the server, nothing unhandled,
// no key anywhere.
import assert from 'node:assert/strict';
import type { Socket } from 'node:net';
import { describe, test } from 'node:test';
import type { HealthApiClient } from '../../src/api/client';
import { iterateUserPages } from '../../src/api/paging';
import {
  KEY,
  MAX_RETRIES,
  OPERATIONS,
  expectFailure,
  runClient,
  trackEscapes,
  validUser,
  withHttp,
  withRaw,
} from '../support/hostileClient';
import { sendJson, trickle } from '../support/hostileServers';

trackEscapes();

const MB = 1024 * 1024;
/** Small on purpose: these cases must end by timing out. */
const SHORT = { timeoutMs: 300 };

function head(status: number, headers: Record<string, string | number>): string {
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return [`HTTP/1.1 ${status} X`, ...lines, '', ''].join('\r\n');
}

const JSON_HEAD = { 'content-type': 'application/json' };

describe('answers that never complete end as timeout, not retried', () => {
  const stalls: [string, (socket: Socket) => void][] = [
    ['a response that never starts', () => undefined],
    ['headers, then the body stalls halfway', (s) => s.write(head(200, { ...JSON_HEAD, 'content-length': 1000 }) + '{"users": [')],
    ['a chunked body that trickles one byte at a time', (s) => {
      s.write(head(200, { ...JSON_HEAD, 'transfer-encoding': 'chunked' }));
      trickle(s, '1\r\n \r\n', 40);
    }],
    ['headers that trickle forever', (s) => {
      s.write('HTTP/1.1 200 OK\r\nx-padding: ');
      trickle(s, 'a', 40);
    }],
  ];
  for (const [name, answer] of stalls) {
    for (const [operation, call] of Object.entries(OPERATIONS)) {
      test(`${name} (${operation})`, async () => {
        await withRaw(answer, async (server) => {
          await expectFailure(server, call, 'timeout', SHORT);
          assert.equal(server.requests.length, 1, 'a timed-out request is not sent again');
        });
      });
    }
  }

  test('cancelling while the body stalls is cancelled, and nothing more is sent', async () => {
    await withRaw(
      (s) => s.write(head(200, { ...JSON_HEAD, 'content-length': 1000 }) + '{'),
      async (server) => {
        const controller = new AbortController();
        const call = (c: HealthApiClient) => {
          const pending = c.listUsers({}, { signal: controller.signal });
          const check = setInterval(() => {
            if (server.requests.length > 0) {
              clearInterval(check);
              controller.abort();
            }
          }, 5);
          return pending.finally(() => clearInterval(check));
        };
        const { log } = await expectFailure(server, call, 'cancelled');
        assert.equal(server.requests.length, 1);
        assert.deepEqual(log.map((e) => e.error), ['cancelled']);
      },
    );
  });
});

describe('broken connections are network errors, retried (every operation is a read)', () => {
  const breaks: [string, (socket: Socket) => void][] = [
    ['a connection reset before any answer', (s) => s.resetAndDestroy()],
    ['a connection reset halfway through the body', (s) => {
      s.write(head(200, { ...JSON_HEAD, 'content-length': 1000 }) + '{"users": [', () => setTimeout(() => s.resetAndDestroy(), 20));
    }],
    ['a connection closed without an answer', (s) => s.end()],
    ['a connection closed halfway through the body', (s) => s.end(head(200, { ...JSON_HEAD, 'content-length': 1000 }) + '{"users": [')],
  ];
  for (const [name, answer] of breaks) {
    for (const [operation, call] of Object.entries(OPERATIONS)) {
      test(`${name} (${operation})`, async () => {
        await withRaw(answer, async (server) => {
          const { log } = await expectFailure(server, call, 'network');
          assert.equal(server.requests.length, MAX_RETRIES + 1);
          assert.deepEqual(log.map((e) => e.error), Array(MAX_RETRIES + 1).fill('network'));
        });
      });
    }
  }

  test('a reset then a success returns the data', async () => {
    await withRaw(
      (s, n) => {
        if (n === 1) return s.resetAndDestroy();
        const body = JSON.stringify({ users: [validUser()], total: 1, offset: 0, limit: 100 });
        s.end(head(200, { ...JSON_HEAD, 'content-length': Buffer.byteLength(body), connection: 'close' }) + body);
      },
      async (server) => {
        const { value, error } = await runClient(server, OPERATIONS.listUsers!);
        assert.equal(error, undefined, String(error));
        assert.equal((value as { users: unknown[] }).users.length, 1);
        assert.equal(server.requests.length, 2);
      },
    );
  });
});

describe('bytes that are not HTTP', () => {
  const garbage: [string, string][] = [
    ['a banner of another protocol', 'SSH-2.0-OpenSSH_9.2p1 Debian-2\r\n\r\n'],
    ['an invalid status line', 'HTTP/1.1 abc\r\n\r\n'],
    ['an invalid header', 'HTTP/1.1 200 OK\r\nbad header\u0001: x\r\n\r\n'],
    ['garbage that echoes the key', `${KEY} ${KEY}\r\n\r\n`],
  ];
  for (const [name, bytes] of garbage) {
    test(`${name} → invalid_response, not retried, the key nowhere`, async () => {
      await withRaw((s) => s.end(bytes), async (server) => {
        const { error } = await expectFailure(server, OPERATIONS.listUsers!, 'invalid_response');
        assert.match(error.message, /did not answer .* with HTTP/);
        assert.equal(server.requests.length, 1);
      });
    });
  }
});

describe('20 MB bodies', () => {
  const twentyMb = 20 * MB;

  test('a valid 20 MB listing is read whole under the default size limit', async () => {
    const huge = 'p'.repeat(twentyMb);
    await withHttp(
      (_req, res) => sendJson(res, 200, { users: [validUser({ client_user_id: huge })], total: 1, offset: 0, limit: 100 }),
      async (server) => {
        const { value, error, log } = await runClient(server, OPERATIONS.listUsers!);
        assert.equal(error, undefined, String(error));
        assert.equal((value as { users: { client_user_id: string }[] }).users[0]!.client_user_id.length, twentyMb);
        assert.equal(log.length, 1);
      },
    );
  });

  test('20 MB that are not JSON → invalid_response with a short message, not retried', async () => {
    await withHttp(
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('<'.repeat(twentyMb));
      },
      async (server) => {
        const { error } = await expectFailure(server, OPERATIONS.listUsers!, 'invalid_response');
        assert.match(error.message, /not JSON/);
        assert.equal(server.requests.length, 1);
      },
    );
  });

  test('20 MB over maxResponseBytes → invalid_response; the client stops reading', async () => {
    let sent = 0;
    await withHttp(
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': twentyMb });
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        const pump = (): void => {
          while (sent < twentyMb && !res.destroyed) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          if (sent >= twentyMb) res.end();
        };
        pump();
      },
      async (server) => {
        const { error } = await expectFailure(server, OPERATIONS.listUsers!, 'invalid_response', { maxResponseBytes: MB });
        assert.match(error.message, /larger than/);
        assert.equal(server.requests.length, 1, 'a body too large is not fetched again');
      },
    );
    assert.ok(sent < twentyMb, `the client hung up before the whole body was sent (${sent} bytes)`);
  });

  test('an endless chunked body over maxResponseBytes → invalid_response', async () => {
    await withHttp(
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        const pump = (): void => {
          while (!res.destroyed && res.write(chunk));
          if (!res.destroyed) res.once('drain', pump);
        };
        pump();
      },
      async (server) => {
        await expectFailure(server, OPERATIONS.labTestMarkers!, 'invalid_response', { maxResponseBytes: 2 * MB });
        assert.equal(server.requests.length, 1);
      },
    );
  });

  test('a 500 with a 20 MB detail is server, retried, with a message of bounded size', async () => {
    await withHttp(
      (_req, res) => sendJson(res, 500, { detail: `boom ${KEY} ${'x'.repeat(twentyMb)}` }),
      async (server) => {
        const { error } = await expectFailure(server, OPERATIONS.listUsers!, 'server');
        assert.equal(server.requests.length, MAX_RETRIES + 1);
        assert.ok(error.message.length < 1_000);
      },
    );
  });
});

describe('paging with a hostile server', () => {
  test('one page 401 while the others hang: unauthorized, the hanging requests are cancelled, nothing unhandled', async () => {
    const pageSize = 10;
    await withHttp(
      (req, res) => {
        const offset = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('offset') ?? 0);
        if (offset === 0) return sendJson(res, 200, { users: [validUser()], total: 1_000, offset: 0, limit: pageSize });
        if (offset === pageSize) return sendJson(res, 401, { detail: 'Invalid API key' });
        // every other page never answers
      },
      async (server) => {
        const pages: unknown[] = [];
        const iterate = async (c: HealthApiClient) => {
          for await (const page of iterateUserPages(c, { pageSize, concurrency: 4 })) pages.push(page);
        };
        await expectFailure(server, iterate, 'unauthorized');
        assert.equal(pages.length, 1);
        assert.ok(server.requests.length <= 5, `at most the first page and 4 in flight (${server.requests.length})`);
      },
    );
  });
});
