// One timer per transport and one listener per caller signal (src/api/attemptDeadlines.ts) keep
// every guarantee of the per-attempt AbortController and timer they replace: each attempt ends at
// its own deadline, however many attempts come and go beside it; Cancel aborts every attempt in
// flight under the signal at once; a signal used for many calls does not gather listeners.
import assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import { describe, test } from 'node:test';
import { AttemptDeadlines } from '../../src/api/attemptDeadlines';
import { HealthApiError } from '../../src/api/errors';
import { iterateUserPages } from '../../src/api/paging';
import { expectFailure, runClient, withHttp, withRaw } from '../support/hostileClient';
import { sendJson } from '../support/hostileServers';
import { useSandbox } from '../support/sandboxFixture';

const fixture = useSandbox({ users: 40, seed: 11 });

describe('AttemptDeadlines on a mocked clock', () => {
  test('each attempt is aborted at its own deadline, in the order they started; one that finished never is', (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    let clock = 0;
    const deadlines = new AttemptDeadlines(300, () => clock);
    const advance = (ms: number): void => {
      clock += ms;
      t.mock.timers.tick(ms);
    };
    const first = deadlines.start(undefined);
    advance(100);
    const second = deadlines.start(undefined);
    const finished = deadlines.start(undefined);
    advance(50);
    deadlines.finish(finished, undefined);
    advance(150); // 300: the first's deadline
    assert.deepEqual([first.endedBy, second.endedBy], ['deadline', undefined]);
    advance(99); // 399: the second still has 1 ms
    assert.equal(second.aborted, false);
    advance(1);
    assert.equal(second.endedBy, 'deadline');
    assert.equal(finished.aborted, false);
    assert.equal(deadlines.size, 0);
    // With nothing in flight the timer has stopped; a new attempt arms it again for its own deadline.
    advance(1_000);
    const later = deadlines.start(undefined);
    advance(299);
    assert.equal(later.aborted, false);
    advance(1);
    assert.equal(later.endedBy, 'deadline');
  });

  test('undici’s listener is called once on abort, and not after it was removed', () => {
    const deadlines = new AttemptDeadlines(60_000);
    const controller = new AbortController();
    const calls: string[] = [];
    const kept = deadlines.start(controller.signal);
    kept.once('abort', () => calls.push('kept'));
    const removed = deadlines.start(controller.signal);
    const listener = (): void => void calls.push('removed');
    removed.once('abort', listener);
    removed.removeListener('abort', listener);
    controller.abort();
    controller.abort();
    assert.deepEqual(calls, ['kept']);
    assert.equal(kept.endedBy, 'cancel');
    assert.equal(removed.endedBy, 'cancel');
    deadlines.finish(kept, controller.signal);
    deadlines.finish(removed, controller.signal);
    // Already aborted: the attempt starts aborted, holding neither the timer nor a listener.
    const late = deadlines.start(controller.signal);
    assert.equal(late.endedBy, 'cancel');
    assert.equal(deadlines.size, 0);
  });
});

describe('the client over real HTTP, one timer and one listener per signal', () => {
  test('an attempt that hangs times out while other calls on the same client come and go', async () => {
    const { client, log } = fixture.loggingClient({ timeoutMs: 400, maxRetries: 0 });
    fixture.sandbox.injectFaults({ kind: 'neverRespond' });
    const hanging = client.listUsers({ limit: 1 });
    hanging.catch(() => undefined);
    let answered = 0;
    for (let offset = 0; offset < 20; offset++) answered += (await client.listUsers({ offset, limit: 1 })).users.length;
    assert.equal(answered, 20);
    const error = await hanging.then(
      () => assert.fail('the hanging call resolved'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof HealthApiError);
    assert.equal(error.kind, 'timeout', error.message);
    const entry = log.find((e) => e.error === 'timeout');
    assert.ok(entry, 'the timed-out attempt is in the request log');
    assert.ok(entry.ms >= 399, `the attempt ran its whole time limit (${entry.ms} ms)`);
  });

  test('a retry gets a full time limit of its own: a slow 503, then an answer that never comes', async () => {
    await withHttp(
      (_request, response, count) => {
        if (count === 1) setTimeout(() => sendJson(response, 503, { detail: 'busy' }, { 'retry-after': '0' }), 250);
        // The second attempt is never answered.
      },
      async (server) => {
        const { log } = await expectFailure(server, (c) => c.resolveUser('someone'), 'timeout', { timeoutMs: 400, maxRetries: 1 });
        assert.deepEqual(log.map((e) => [e.attempt, e.status ?? e.error]), [[1, 503], [2, 'timeout']]);
        assert.ok(log[1]!.ms >= 399, `the retry was given its own 400 ms, not what the first left (${log[1]!.ms} ms)`);
        assert.equal(server.requests.length, 2);
      },
    );
  });

  test('Cancel aborts every attempt in flight under the signal at once, and nothing more is sent', async () => {
    await withRaw(
      () => undefined, // never answers
      async (server) => {
        const controller = new AbortController();
        const { error, log } = await runClient(server, async (client) => {
          const calls = [0, 1, 2, 3].map((offset) => client.listUsers({ offset }, { signal: controller.signal }));
          for (const call of calls) call.catch(() => undefined);
          while (server.requests.length < 4) await new Promise((resolve) => setTimeout(resolve, 5));
          controller.abort();
          const outcomes = await Promise.allSettled(calls);
          assert.deepEqual(
            outcomes.map((o) => (o.status === 'rejected' && o.reason instanceof HealthApiError ? o.reason.kind : o.status)),
            ['cancelled', 'cancelled', 'cancelled', 'cancelled'],
          );
          throw outcomes[0]!.status === 'rejected' ? outcomes[0]!.reason : new Error('resolved');
        });
        assert.ok(error instanceof HealthApiError && error.kind === 'cancelled');
        assert.deepEqual(log.map((e) => e.error), ['cancelled', 'cancelled', 'cancelled', 'cancelled']);
        assert.equal(server.requests.length, 4);
      },
    );
  });

  test('a signal shared by many calls carries one listener, and still cancels the next call', async () => {
    const controller = new AbortController();
    const client = fixture.client({ maxRetries: 0 });
    let users = 0;
    for await (const page of iterateUserPages(client, { pageSize: 5, concurrency: 3, signal: controller.signal })) users += page.users.length;
    for (let i = 0; i < 30; i++) users += (await client.listUsers({ offset: i, limit: 1 }, { signal: controller.signal })).users.length;
    assert.equal(users, 40 + 30);
    assert.ok(getEventListeners(controller.signal, 'abort').length <= 2, 'no listener per call is left on the signal');
    fixture.sandbox.injectFaults({ kind: 'neverRespond' });
    const pending = client.listUsers({}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 30);
    await assert.rejects(pending, (e: unknown) => e instanceof HealthApiError && e.kind === 'cancelled');
  });
});
