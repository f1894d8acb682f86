// The key never travels over plain http except to this machine (issue 6, suite 3): the client
// refuses such a base URL before it creates a request. A spy dispatcher proves it: it counts every
// dispatch and fails it, so "refused" cannot mean "tried and could not connect". A remote host
// cannot be run offline, and needs not be: with no dispatch there is no DNS lookup and no socket.
import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { describe, test } from 'node:test';
import { Agent, type Dispatcher } from 'undici';
import { HealthApiClient, type RequestLogEntry } from '../../src/api/client';
import { HealthApiError } from '../../src/api/errors';
import { OPERATIONS } from '../support/hostileClient';

const KEY = 'plain-http-key-4b1d-88e2-c0ffee';

class SpyAgent extends Agent {
  readonly dispatched: string[] = [];
  override dispatch(options: Dispatcher.DispatchOptions, _handler: Dispatcher.DispatchHandler): boolean {
    this.dispatched.push(`${String(options.origin)}${options.path}`);
    throw new Error('the spy refuses to send anything');
  }
}

async function callWith(baseUrl: string, operation: keyof typeof OPERATIONS) {
  const spy = new SpyAgent();
  const log: RequestLogEntry[] = [];
  const client = new HealthApiClient({ baseUrl, apiKey: KEY, dispatcher: spy, maxRetries: 0, onRequest: (e) => log.push(e) });
  const error = await OPERATIONS[operation]!(client).then(
    () => assert.fail('the call cannot succeed through the spy'),
    (e: unknown) => e,
  );
  await spy.close();
  return { error, spy, log };
}

const REMOTE_PLAIN_HTTP = [
  'http://api.example.com',
  'http://api.us.junction.com',
  'http://10.0.0.7:8080',
  'http://192.168.1.20',
  'http://0.0.0.0:4321',
  'http://[::ffff:7f00:1]',
  'http://127.0.0.1.nip.io',
  'http://localhost.example.com',
  'HTTP://API.EXAMPLE.COM',
];

describe('plain http to a host other than this machine is refused before anything is sent', () => {
  for (const baseUrl of REMOTE_PLAIN_HTTP) {
    for (const operation of Object.keys(OPERATIONS)) {
      test(`${baseUrl} (${operation})`, async () => {
        const { error, spy, log } = await callWith(baseUrl, operation);
        assert.ok(error instanceof HealthApiError, String(error));
        assert.equal(error.kind, 'invalid_request');
        assert.match(error.message, /plain http/);
        assert.deepEqual(spy.dispatched, [], 'nothing was dispatched: no DNS lookup, no connection, no byte');
        assert.deepEqual(log, [], 'no attempt reached the request log');
        for (const view of [error.message, JSON.stringify(error), inspect(error, { depth: Infinity, showHidden: true })]) {
          assert.ok(!view.includes(KEY));
        }
      });
    }
  }

  // Controls: the spy does see what the client is allowed to send, so the empty lists above mean something.
  for (const baseUrl of ['https://api.example.com', 'http://127.0.0.1:9', 'http://localhost:9', 'http://[::1]:9']) {
    test(`${baseUrl} is allowed, and the spy sees the attempt`, async () => {
      const { error, spy } = await callWith(baseUrl, 'listUsers');
      assert.ok(error instanceof HealthApiError);
      assert.equal(error.kind, 'network', 'the spy failed the dispatch');
      assert.equal(spy.dispatched.length, 1);
    });
  }
});
