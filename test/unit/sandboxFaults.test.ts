// Sandbox fault injection: every fault kind, in-process and over HTTP, one fault per request.
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { after, afterEach, before, describe, it } from 'node:test';
import type { SandboxHandle } from '../../src/sandbox/server';
import { call, postJson, start } from './sandboxTestKit';

/** Raw GET: status, declared length and the bytes that arrived within `waitMs` (for stalls). */
function rawGet(sandbox: SandboxHandle, path: string, waitMs: number) {
  return new Promise<{ status: number; declared: number; received: number; ended: boolean }>((resolve, reject) => {
    const req = httpRequest(`${sandbox.url}${path}`, { headers: { 'x-service-api-key': sandbox.apiKey } }, (res) => {
      let received = 0;
      let ended = false;
      res.on('data', (chunk: Buffer) => (received += chunk.length));
      res.on('end', () => (ended = true));
      res.on('error', () => undefined);
      setTimeout(() => {
        resolve({ status: res.statusCode ?? 0, declared: Number(res.headers['content-length']), received, ended });
        req.destroy();
      }, waitMs);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('sandbox fault injection', () => {
  let sandbox: SandboxHandle;
  before(async () => {
    sandbox = await start();
  });
  afterEach(() => sandbox.clearFaults());
  after(() => sandbox.close());

  it('is off by default', async () => {
    for (let i = 0; i < 5; i++) assert.equal((await call(sandbox, '/v2/user/')).status, 200);
  });

  it('status: the given status, Retry-After and detail, JSON with a request id; consumed once', async () => {
    sandbox.injectFaults({ kind: 'status', status: 429, retryAfter: '2' });
    const limited = await call(sandbox, '/v2/user/');
    assert.equal(limited.status, 429);
    assert.equal(limited.headers.get('retry-after'), '2');
    assert.deepEqual(limited.json, { detail: 'Too Many Requests' });
    assert.equal(limited.headers.get('content-type'), 'application/json');
    assert.ok(limited.headers.get('x-request-id'));
    assert.equal((await call(sandbox, '/v2/user/')).status, 200, 'the fault was used up');
    sandbox.injectFaults({ kind: 'status', status: 503, detail: [{ loc: ['x'], msg: 'custom', type: 't' }] });
    const custom = await call(sandbox, '/v2/user/');
    assert.equal(custom.status, 503);
    assert.deepEqual(custom.json.detail, [{ loc: ['x'], msg: 'custom', type: 't' }]);
    assert.equal(custom.headers.get('retry-after'), null);
  });

  it('faults apply in order, one per request, and even before auth', async () => {
    sandbox.injectFaults({ kind: 'status', status: 500 }, { kind: 'status', status: 502 });
    assert.equal((await call(sandbox, '/v2/user/', { key: null })).status, 500);
    assert.equal((await call(sandbox, '/v2/user/')).status, 502);
    assert.equal((await call(sandbox, '/v2/user/')).status, 200);
  });

  it('a path prefix limits a fault to matching requests; others pass it by', async () => {
    sandbox.injectFaults({ kind: 'status', status: 503, path: '/v3/' });
    assert.equal((await call(sandbox, '/v2/user/')).status, 200);
    assert.equal((await call(sandbox, `/v3/lab_tests/${sandbox.labTests[0]!.id}/markers`)).status, 503);
    assert.equal((await call(sandbox, `/v3/lab_tests/${sandbox.labTests[0]!.id}/markers`)).status, 200);
  });

  it('delay: the normal response, later', async () => {
    sandbox.injectFaults({ kind: 'delay', ms: 150 });
    const begun = performance.now();
    const response = await call(sandbox, '/v2/user/?limit=2');
    assert.ok(performance.now() - begun >= 140, 'held back for the requested time');
    assert.equal(response.status, 200);
    assert.equal(response.json.users.length, 2);
  });

  it('malformedJson: a 200 whose JSON body is cut short', async () => {
    sandbox.injectFaults({ kind: 'malformedJson' });
    const response = await call(sandbox, '/v2/user/');
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'application/json');
    assert.ok(response.text.startsWith('{"users":['));
    assert.throws(() => JSON.parse(response.text), SyntaxError);
  });

  it('reset: the connection is reset, no response', async () => {
    sandbox.injectFaults({ kind: 'reset' });
    await assert.rejects(call(sandbox, '/v2/user/'), (error: Error & { cause?: { code?: string } }) => {
      assert.match(String(error.cause?.code ?? error.message), /ECONNRESET|UND_ERR_SOCKET|other side closed/);
      return true;
    });
    assert.equal((await call(sandbox, '/v2/user/')).status, 200, 'the server is still up');
  });

  it('stall: headers and half the promised body, then silence', async () => {
    sandbox.injectFaults({ kind: 'stall' });
    const result = await rawGet(sandbox, '/v2/user/', 300);
    assert.equal(result.status, 200);
    assert.ok(result.received > 0, 'part of the body arrived');
    assert.ok(result.received < result.declared, 'but not all of it');
    assert.equal(result.ended, false);
  });

  it('neverRespond: no status line at all until the client gives up', async () => {
    sandbox.injectFaults({ kind: 'neverRespond' });
    await assert.rejects(call(sandbox, '/v2/user/', { signal: AbortSignal.timeout(300) }), (error: Error) => {
      assert.match(error.name, /TimeoutError|AbortError/);
      return true;
    });
  });

  it('clearFaults() drops queued faults; invalid faults are refused', async () => {
    sandbox.injectFaults({ kind: 'status', status: 500 }, { kind: 'status', status: 500 });
    sandbox.clearFaults();
    assert.equal((await call(sandbox, '/v2/user/')).status, 200);
    assert.throws(() => sandbox.injectFaults({ kind: 'status', status: 42 }), TypeError);
    // @ts-expect-error an unknown kind, as a JS caller could pass
    assert.throws(() => sandbox.injectFaults({ kind: 'explode' }), TypeError);
    assert.throws(() => sandbox.injectFaults({ kind: 'delay', ms: -1 }), TypeError);
  });

  it('over HTTP: POST /_sandbox/faults needs the key, validates, queues; DELETE clears', async () => {
    assert.equal((await call(sandbox, '/_sandbox/faults', { method: 'POST', body: '[]', key: null })).status, 401);
    const invalid = await postJson(sandbox, '/_sandbox/faults', [{ kind: 'status', status: 'x' }, { kind: 'nope' }]);
    assert.equal(invalid.status, 422);
    assert.deepEqual(invalid.json.detail.map((d: { loc: unknown[] }) => d.loc), [['body', 0, 'status'], ['body', 1, 'kind']]);
    assert.equal((await postJson(sandbox, '/_sandbox/faults', { kind: 'reset' })).status, 422, 'must be a list');
    const queued = await postJson(sandbox, '/_sandbox/faults', [
      { kind: 'status', status: 418, path: '/v2/user/resolve' },
      { kind: 'status', status: 504 },
    ]);
    assert.deepEqual(queued.json, { queued: 2 });
    assert.equal((await call(sandbox, '/v2/user/resolve/patient-0001')).status, 418);
    assert.deepEqual((await call(sandbox, '/_sandbox/faults', { method: 'DELETE' })).json, { cleared: 1 });
    assert.equal((await call(sandbox, '/v2/user/')).status, 200);
    assert.equal((await call(sandbox, '/_sandbox/faults')).status, 405);
  });

  it('requestCount() counts API requests, not control requests', async () => {
    const before = sandbox.requestCount();
    await call(sandbox, '/v2/user/');
    await call(sandbox, '/nowhere');
    await call(sandbox, '/_sandbox/faults', { method: 'DELETE' });
    assert.equal(sandbox.requestCount() - before, 2);
  });

  it('close() finishes even with stalled and never-answered requests open', async () => {
    const other = await start();
    other.injectFaults({ kind: 'neverRespond' }, { kind: 'stall' }, { kind: 'delay', ms: 60_000 });
    const pending = [
      call(other, '/v2/user/').catch(() => 'failed'),
      call(other, '/v2/user/').catch(() => 'failed'),
      call(other, '/v2/user/').catch(() => 'failed'),
    ];
    await new Promise((resolve) => setTimeout(resolve, 100));
    await other.close();
    assert.deepEqual(await Promise.all(pending), ['failed', 'failed', 'failed']);
  });
});
