// A pipelined blood-pressure load (iterateBloodPressurePages with 'pipelined', as a notebook cell, the
// command line and the MCP summary read): the next page's request leaves as soon as the current page's
// parsed body names its cursor, before its checks and before it is handed on, never more than one
// ahead; cancellation, errors, retries and the request log stay as a sequential load has them.
// Against the real sandbox on 127.0.0.1; what was sent is what the client's connection pool was asked.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Agent, type Dispatcher } from 'undici';
import type { RequestLogEntry } from '../../src/api/client';
import { cursorInBody, iterateBloodPressurePages, type PageFlow } from '../../src/api/paging';
import type { GroupedBloodPressure } from '../../src/api/schemas';
import { readingsIn } from '../../src/domain/bloodPressure/bloodPressureGroups';
import { useSandbox } from '../support/sandboxFixture';

const HEAVY_READINGS = 10_000;
const PAGE_SIZE = 1_000;
const PAGES = HEAVY_READINGS / PAGE_SIZE;
const TODAY = '2026-03-15';
const QUERY = { startDate: '2025-01-01', endDate: TODAY };
const GROUPED = '/blood_pressure/grouped';

/** A connection pool that notes the path of every request it is asked to send, when it is asked. */
class SendingAgent extends Agent {
  readonly sent: string[] = [];
  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    if (String(options.path).includes(GROUPED)) this.sent.push(String(options.path));
    return super.dispatch(options, handler);
  }
}

/** Resolves once `done()` holds, looking after each turn of the event loop (no clock involved). */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setImmediate(resolve));
}

const outcomes = (log: readonly RequestLogEntry[]): string[] =>
  log.filter((entry) => entry.url.includes(GROUPED)).map((entry) => `${entry.status ?? entry.error} ${new URL(entry.url).searchParams.get('next_cursor') ?? 'first'}`);

describe('a pipelined blood-pressure load against the sandbox', () => {
  const fixture = useSandbox({ users: 3, seed: 5, today: TODAY, heavyUserReadings: HEAVY_READINGS, bloodPressurePageSize: PAGE_SIZE });

  async function heavyReader(): Promise<{ client: ReturnType<typeof fixture.client>; agent: SendingAgent; log: RequestLogEntry[]; userId: string }> {
    const agent = new SendingAgent();
    const log: RequestLogEntry[] = [];
    const client = fixture.client({ dispatcher: agent, onRequest: (entry) => log.push(entry) });
    const { users } = await client.listUsers({ limit: 10 });
    const heavy = users.find((u) => u.client_user_id === 'sample-heavy-reader') ?? assert.fail('the heavy reader is listed');
    log.length = 0;
    return { client, agent, log, userId: heavy.user_id };
  }

  test('page N+1 is sent from page N\'s parsed body: before page N\'s checks end', async () => {
    const { client, agent, log, userId } = await heavyReader();
    const sentWhenChecked: number[] = [];
    // Called at the end of each page's checks (the reader's and the contract lens's), before the page is handed on.
    const onDeviations = (): void => void sentWhenChecked.push(agent.sent.length);
    let readings = 0;
    for await (const page of iterateBloodPressurePages(client, userId, QUERY, { onDeviations }, 'pipelined')) readings += readingsIn(page.groups);
    assert.equal(readings, HEAVY_READINGS);
    // Page N's checks ended with page N+1 already sent (the last page has no next); a sequential load has N.
    assert.deepEqual(sentWhenChecked, Array.from({ length: PAGES }, (_, i) => Math.min(i + 2, PAGES)));
    assert.equal(agent.sent.length, PAGES, 'one request a page, none wasted');
    assert.ok(outcomes(log).every((outcome) => outcome.startsWith('200 ')));
  });

  test('the sandbox answers page N+1 while page N is held; no second request goes ahead', { timeout: 60_000 }, async () => {
    const { client, agent, log, userId } = await heavyReader();
    const servedBefore = fixture.sandbox.requestCount();
    let held = 0;
    for await (const _page of iterateBloodPressurePages(client, userId, QUERY, {}, 'pipelined')) {
      held++;
      if (held === PAGES) continue;
      // Page N+1 was sent without waiting for page N to be taken: a sequential load would never send it
      // while this page is held, and this wait would never end (the test's timeout would fail it).
      await until(() => outcomes(log).length === held + 1);
      assert.equal(agent.sent.length, held + 1, `page ${held + 2} is not sent while page ${held} is held`);
      assert.equal(fixture.sandbox.requestCount() - servedBefore, held + 1, 'the sandbox saw the pages so far, no more');
    }
    assert.equal(agent.sent.length, PAGES);
  });

  test('pages, request log and error are those of a sequential load when page N+1 fails while page N is checked', async () => {
    const run = async (flow: PageFlow): Promise<{ pages: number; log: string[]; error: unknown }> => {
      const { client, log, userId } = await heavyReader();
      let checked = 0;
      // Queued while page 4 is checked: page 5's request (already sent when pipelined) is the next the sandbox handles.
      const onDeviations = (): void => {
        if (++checked === 4) fixture.sandbox.injectFaults({ path: '/v2/timeseries', kind: 'status', status: 422, detail: 'invalid or expired cursor' });
      };
      let pages = 0;
      try {
        for await (const _page of iterateBloodPressurePages(client, userId, QUERY, { onDeviations }, flow)) pages++;
      } catch (error) {
        return { pages, log: outcomes(log), error };
      }
      return assert.fail('the load fails');
    };
    const sequential = await run('sequential');
    const pipelined = await run('pipelined');
    assert.equal(pipelined.pages, 4, 'the four pages before the failing one are handed on first');
    assert.deepEqual(pipelined.log, sequential.log);
    const described = (error: unknown): unknown => {
      const { kind, status, message, url } = error as { kind: string; status: number; message: string; url: string };
      return { kind, status, message, url };
    };
    assert.deepEqual(described(pipelined.error), described(sequential.error));
    assert.equal((pipelined.error as { status?: number }).status, 422);
  });

  test('a 429 on page N+1 is retried as before: the same pages, the same request log', async () => {
    const run = async (flow: PageFlow): Promise<{ readings: number; log: string[] }> => {
      const { client, log, userId } = await heavyReader();
      let checked = 0;
      const onDeviations = (): void => {
        if (++checked === 2) fixture.sandbox.injectFaults({ path: '/v2/timeseries', kind: 'status', status: 429, retryAfter: '0' });
      };
      let readings = 0;
      for await (const page of iterateBloodPressurePages(client, userId, QUERY, { onDeviations }, flow)) readings += readingsIn(page.groups);
      return { readings, log: outcomes(log) };
    };
    const sequential = await run('sequential');
    const pipelined = await run('pipelined');
    assert.equal(pipelined.readings, HEAVY_READINGS);
    assert.deepEqual(pipelined.log, sequential.log);
    assert.equal(pipelined.log[2]?.split(' ')[0], '429');
  });

  test('an abort while a page is held cancels the one request in flight, and nothing is sent after', async () => {
    const { client, agent, log, userId } = await heavyReader();
    const controller = new AbortController();
    const handed: GroupedBloodPressure[] = [];
    let failure: unknown;
    try {
      for await (const page of iterateBloodPressurePages(client, userId, QUERY, { signal: controller.signal }, 'pipelined')) {
        handed.push(page);
        if (handed.length === 5) controller.abort();
      }
    } catch (error) {
      failure = error;
    }
    assert.equal((failure as { kind?: string } | undefined)?.kind, 'cancelled', String(failure));
    assert.equal(handed.length, 5);
    // The iteration is over: nothing can be sent any more. Page 6 was the one in flight.
    assert.equal(agent.sent.length, 6);
    const log6 = outcomes(log);
    assert.equal(log6.filter((outcome) => outcome.startsWith('200 ')).length, 5);
    assert.equal(log6.length, 6);
    assert.equal(log6[5]?.split(' ')[0], 'cancelled');
  });

  test('an abort during a page\'s checks: that page is still handed on, the next request (already sent) is cancelled', async () => {
    const { client, agent, log, userId } = await heavyReader();
    const controller = new AbortController();
    let checked = 0;
    const onDeviations = (): void => {
      if (++checked === 3) controller.abort();
    };
    let handed = 0;
    await assert.rejects(async () => {
      for await (const _page of iterateBloodPressurePages(client, userId, QUERY, { signal: controller.signal, onDeviations }, 'pipelined')) handed++;
    }, (error: { kind?: string }) => error.kind === 'cancelled');
    assert.equal(handed, 3);
    assert.equal(agent.sent.length, 4, 'page 4 was out when page 3 was checked; nothing after');
    assert.deepEqual(outcomes(log).map((outcome) => outcome.split(' ')[0]), ['200', '200', '200', 'cancelled']);
  });
});

describe('cursorInBody (what a parsed page says of its next page before it is read)', () => {
  test('is what nextCursorOf says of the read page, in any key order; anything not a string sends nothing early', () => {
    assert.equal(cursorInBody(JSON.parse('{"next_cursor":"c2","groups":{}}')), 'c2');
    assert.equal(cursorInBody(JSON.parse('{"groups":{"x":[{"data":[{"source":"c2"}]}]},"next_cursor":"c3"}')), 'c3', 'the cursor string elsewhere in the body does not count');
    assert.equal(cursorInBody({ groups: {}, next: 'old' }), 'old', 'the deprecated next when next_cursor is absent');
    assert.equal(cursorInBody({ next_cursor: null, next: 'old' }), undefined, 'null next_cursor ends the paging even beside next');
    assert.equal(cursorInBody({ next_cursor: 12 }), undefined);
    assert.equal(cursorInBody({ groups: {} }), undefined);
    assert.equal(cursorInBody([{ next_cursor: 'x' }]), undefined);
    assert.equal(cursorInBody(null), undefined);
    assert.equal(cursorInBody('next_cursor'), undefined);
  });
});
