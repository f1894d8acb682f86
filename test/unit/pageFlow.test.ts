// Flow control of a blood-pressure load (src/api/pageWindow.ts, iterateBloodPressurePages with a
// window): the fetching runs at most `ahead` pages beyond what the taker took in, requests the next
// page before handing on the current one, and an abort stops the request in flight. Against the
// real sandbox on 127.0.0.1, with the client's own request log as the Requests view records it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { RequestLogEntry } from '../../src/api/client';
import { iterateBloodPressurePages } from '../../src/api/paging';
import { PAGES_AHEAD, PageWindow } from '../../src/api/pageWindow';
import type { GroupedBloodPressure, User } from '../../src/api/schemas';
import { readingsIn } from '../../src/domain/bloodPressure/bloodPressureGroups';
import { loadedDays, notLoadedPart } from '../../src/domain/bloodPressure/notLoaded';
import { ZoneCalendar } from '../../src/domain/zonedTime';
import { useSandbox } from '../support/sandboxFixture';

const HEAVY_READINGS = 30_000;
const PAGE_SIZE = 1_000;
const PAGES = HEAVY_READINGS / PAGE_SIZE;

/** Resolves once nothing has happened on the event loop's timers and I/O for a few turns. */
const settle = async (): Promise<void> => {
  for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setTimeout(resolve, 50));
};

describe('PageWindow', () => {
  test('has room while fewer than `ahead` pages are requested and not taken; a taken total counts once', () => {
    const window = new PageWindow(2);
    assert.equal(window.hasRoom(), true);
    window.requestStarted();
    window.requestStarted();
    assert.equal(window.hasRoom(), false);
    window.take(1);
    assert.equal(window.hasRoom(), true);
    window.requestStarted();
    window.take(1); // the same report again: nothing more taken
    window.take(0); // a late, smaller one: ignored
    assert.equal(window.hasRoom(), false);
    assert.equal(window.takenPages, 1);
    window.limit(false);
    assert.equal(window.hasRoom(), true, 'an open window never waits (nobody can take pages in)');
    window.limit(true);
    assert.equal(window.hasRoom(), false);
    assert.throws(() => new PageWindow(0), RangeError);
    assert.equal(new PageWindow().ahead, PAGES_AHEAD);
  });

  test('room() waits for a take or an opened window, and rejects when aborted', async () => {
    const window = new PageWindow(1);
    window.requestStarted();
    let resolved = false;
    const waiting = window.room().then(() => (resolved = true));
    await settle();
    assert.equal(resolved, false);
    window.take(1);
    await waiting;
    window.requestStarted();
    const opened = window.room();
    window.limit(false);
    await opened;
    window.limit(true);
    const controller = new AbortController();
    const aborted = window.room(controller.signal);
    controller.abort(new Error('stop'));
    await assert.rejects(aborted, /stop/);
    await assert.rejects(window.room(controller.signal), /stop/, 'an aborted signal rejects at once');
  });
});

describe('a flow-controlled blood-pressure load against the sandbox', () => {
  const fixture = useSandbox({ users: 3, seed: 5, heavyUserReadings: HEAVY_READINGS, bloodPressurePageSize: PAGE_SIZE });
  const startDate = new Date(Date.now() - 400 * 86_400_000).toISOString().slice(0, 10);

  async function heavyReader(log: RequestLogEntry[]): Promise<{ client: ReturnType<typeof fixture.client>; heavy: User }> {
    const client = fixture.client({ onRequest: (entry) => log.push(entry) });
    const { users } = await client.listUsers({ limit: 10 });
    const heavy = users.find((u) => u.client_user_id === 'sample-heavy-reader') ?? assert.fail('the heavy reader is listed');
    log.length = 0;
    return { client, heavy };
  }

  const grouped = (log: readonly RequestLogEntry[]): RequestLogEntry[] => log.filter((entry) => entry.url.includes('/blood_pressure/grouped'));

  test('a taker that takes nothing in gets `ahead` requests and no more; each take lets one more go', async () => {
    const log: RequestLogEntry[] = [];
    const { client, heavy } = await heavyReader(log);
    const window = new PageWindow(3);
    const pages = iterateBloodPressurePages(client, heavy.user_id, { startDate }, {}, window);
    const received: GroupedBloodPressure[] = [];
    // Hand-driven: each next() is one page handed on; nothing is reported taken yet.
    for (let i = 0; i < 3; i++) received.push((await pages.next()).value as GroupedBloodPressure);
    const fourth = pages.next();
    await settle();
    assert.equal(window.requestedPages, 3, 'three pages requested, the fourth waits for room');
    assert.equal(grouped(log).length, 3, 'and the server saw three');
    window.take(1);
    received.push((await fourth).value as GroupedBloodPressure);
    await settle();
    assert.equal(window.requestedPages, 4);
    assert.equal(grouped(log).length, 4);
    await pages.return(undefined);
    assert.equal(received.length, 4);
  });

  test('the next page is requested before the current one is handed on; every page arrives once, in order', async () => {
    const log: RequestLogEntry[] = [];
    const { client, heavy } = await heavyReader(log);
    const window = new PageWindow(2);
    let readings = 0;
    let taken = 0;
    let lastMs = Number.NEGATIVE_INFINITY;
    for await (const page of iterateBloodPressurePages(client, heavy.user_id, { startDate }, {}, window)) {
      taken++;
      // Handed on page `taken`: the request of page taken + 1 is already out (while there is one).
      if (taken < PAGES) assert.equal(window.requestedPages, taken + 1, `page ${taken + 1} requested before page ${taken} was handed on`);
      assert.ok(window.requestedPages - window.takenPages <= window.ahead, 'never more than `ahead` beyond what was taken');
      readings += readingsIn(page.groups);
      const times = Object.values(page.groups).flatMap((sources) => sources.flatMap((s) => s.data.map((r) => Date.parse(r.timestamp))));
      assert.ok(Math.min(...times) >= lastMs, 'pages come in time order (what "not loaded" relies on)');
      lastMs = Math.max(...times);
      window.take(taken);
    }
    assert.equal(taken, PAGES);
    assert.equal(readings, HEAVY_READINGS);
    assert.equal(grouped(log).length, PAGES, 'one request a page, none wasted');
    assert.ok(grouped(log).every((entry) => entry.status === 200));
  });

  test('an abort mid-load cancels the request in flight: the pages handed on are the 200s of the log, and nothing is sent after', async () => {
    const log: RequestLogEntry[] = [];
    const { client, heavy } = await heavyReader(log);
    const window = new PageWindow(4);
    const controller = new AbortController();
    const handed: GroupedBloodPressure[] = [];
    let failure: unknown;
    try {
      for await (const page of iterateBloodPressurePages(client, heavy.user_id, { startDate }, { signal: controller.signal }, window)) {
        handed.push(page);
        window.take(handed.length);
        // Aborted while page 6's request is out (requested before page 5 was handed on).
        if (handed.length === 5) controller.abort();
      }
    } catch (error) {
      failure = error;
    }
    assert.equal((failure as { kind?: string } | undefined)?.kind, 'cancelled', String(failure));
    await settle();
    const requests = grouped(log);
    const ok = requests.filter((entry) => entry.status === 200);
    assert.equal(ok.length, handed.length, 'every page that came back was handed on');
    assert.ok(requests.length <= handed.length + 1, `at most the one request in flight was cut: ${requests.map((r) => r.status ?? r.error).join(',')}`);
    assert.ok(requests.slice(ok.length).every((entry) => entry.error === 'cancelled'), 'the rest were cancelled, not completed');
    const served = fixture.sandbox.requestCount();
    await settle();
    assert.equal(fixture.sandbox.requestCount(), served, 'no request after the abort');
  });

  test('stopping the iteration early (break) aborts the prefetched request', async () => {
    const log: RequestLogEntry[] = [];
    const { client, heavy } = await heavyReader(log);
    const window = new PageWindow(4);
    for await (const page of iterateBloodPressurePages(client, heavy.user_id, { startDate }, {}, window)) {
      assert.ok(readingsIn(page.groups) > 0);
      break;
    }
    await settle();
    assert.deepEqual(grouped(log).map((entry) => entry.status ?? entry.error), [200, 'cancelled']);
  });
});

describe('the part of a cancelled load never loaded', () => {
  const zone = new ZoneCalendar('Europe/Berlin');
  const range = { firstDay: '2026-03-01', lastDay: '2026-03-31' };

  test('runs from the last reading to the end of the range; its whole days start the day after', () => {
    const last = Date.parse('2026-03-10T15:00:00+01:00');
    assert.deepEqual(notLoadedPart(last, range, zone), {
      fromMs: last,
      toMs: Date.parse('2026-04-01T00:00:00+02:00') - 1,
      firstDay: '2026-03-11',
      lastDay: '2026-03-31',
    });
  });

  test('nothing loaded: the whole range; the last day reached: only its rest, no whole day; past the end: nothing', () => {
    assert.equal(notLoadedPart(undefined, range, zone)?.firstDay, '2026-03-01');
    const lastDay = notLoadedPart(Date.parse('2026-03-31T08:00:00+02:00'), range, zone);
    assert.equal(lastDay?.firstDay, undefined);
    assert.equal(lastDay?.lastDay, '2026-03-31');
    assert.equal(notLoadedPart(Date.parse('2026-04-01T00:00:00+02:00'), range, zone), undefined);
  });

  test('a coverage row counts only the loaded days in its total and the whole days never loaded apart', () => {
    const strip = { ...range, totalDays: 31 };
    // Cancelled on 10 March: 1–10 loaded (the 10th partly), 11–31 never loaded.
    assert.deepEqual(loadedDays(strip, notLoadedPart(Date.parse('2026-03-10T15:00:00+01:00'), range, zone)), { loaded: 10, notLoaded: 21 });
    // Nothing loaded: no day loaded, all 31 not.
    assert.deepEqual(loadedDays(strip, notLoadedPart(undefined, range, zone)), { loaded: 0, notLoaded: 31 });
    // Only the rest of the last day missing, or no cancel at all: every day loaded.
    assert.deepEqual(loadedDays(strip, notLoadedPart(Date.parse('2026-03-31T08:00:00+02:00'), range, zone)), { loaded: 31, notLoaded: 0 });
    assert.deepEqual(loadedDays(strip, undefined), { loaded: 31, notLoaded: 0 });
    // A strip widened before the range (readings before its first day) keeps those days as loaded.
    const widened = { firstDay: '2026-02-20', lastDay: '2026-03-31', totalDays: 40 };
    assert.deepEqual(loadedDays(widened, notLoadedPart(Date.parse('2026-03-10T15:00:00+01:00'), range, zone)), { loaded: 19, notLoaded: 21 });
  });
});
