// What a newcomer meets in the sandbox, checked through the typed client against the real server:
// the first users have data in the panel's default window, the users without data come later,
// and fallback_time_zone is always sent unless the real-world nulls are asked for.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { iterateBloodPressurePages } from '../../src/api/paging';
import type { HealthApiClient } from '../../src/api/client';
import type { User } from '../../src/api/schemas';
import { bloodPressureQueryOf, defaultBloodPressureForm } from '../../src/domain/bloodPressure/bloodPressureQuery';
import { ZoneCalendar, addDays } from '../../src/domain/zonedTime';
import { groupReadings } from '../../src/domain/bloodPressure/bloodPressureGroups';
import { SEVERITY, diagnose, type Finding } from '../../src/domain/coverage/dataDiagnosis';
import { capabilityOf } from '../../src/api/providerCapabilities';
import { SAMPLE_STORIES, STORY_DAYS, type StoryKind } from '../../src/sandbox/data/sampleStories';
import { readingsOfDay } from '../../src/sandbox/data/sampleReadings';
import { SamplePopulation } from '../../src/sandbox/data/sampleUsers';
import { useSandbox } from '../support/sandboxFixture';

const DAY_MS = 86_400_000;

async function readingsInDefaultWindow(client: HealthApiClient, user: User): Promise<number> {
  const form = defaultBloodPressureForm(new ZoneCalendar(user.fallback_time_zone?.id ?? undefined), Date.now());
  let count = 0;
  for await (const page of iterateBloodPressurePages(client, user.user_id, bloodPressureQueryOf(form))) {
    for (const groups of Object.values(page.groups)) for (const group of groups) count += group.data.length;
  }
  return count;
}

for (const seed of [1, 2, 3]) {
  describe(`default sample data (seed ${seed})`, () => {
    const fixture = useSandbox({ users: 60, seed });

    test('each of the first ten users has readings in the default 30-day window; some later user has none', async () => {
      const client = fixture.client();
      const { users } = await client.listUsers({ limit: 60 });
      assert.equal(users.length, 60);
      const counts: number[] = [];
      for (const user of users) counts.push(await readingsInDefaultWindow(client, user));
      for (const [position, count] of counts.slice(0, 10).entries()) {
        assert.ok(count >= 1, `user #${position} (${users[position]?.client_user_id}) has no readings in the last 30 days`);
      }
      assert.ok(counts.slice(10).some((count) => count === 0), 'a later user has no readings (for the nearest-data probe)');
    });

    test('fallback_time_zone is always sent by default', async () => {
      const { users } = await fixture.client().listUsers({ limit: 60 });
      assert.deepEqual(users.filter((u) => u.fallback_time_zone === null).map((u) => u.client_user_id), []);
    });
  });
}

describe('--null-time-zones', () => {
  const plain = useSandbox({ users: 500, seed: 1 });
  const withNulls = useSandbox({ users: 500, seed: 1, nullTimeZones: true });

  test('some users have a null fallback_time_zone, the client reads them, and nothing else about a user changes', async () => {
    const [without, withNull] = await Promise.all([plain.client().listUsers({ limit: 500 }), withNulls.client().listUsers({ limit: 500 })]);
    const nulls = withNull.users.filter((u) => u.fallback_time_zone === null);
    assert.ok(nulls.length > 5 && nulls.length < 50, `about 5 % of 500, got ${nulls.length}`);
    assert.equal(without.users.filter((u) => u.fallback_time_zone === null).length, 0);
    for (const [i, user] of withNull.users.entries()) {
      const other = without.users[i];
      assert.ok(other);
      if (user.fallback_time_zone === null) assert.deepEqual({ ...user, fallback_time_zone: other.fallback_time_zone }, other);
      else assert.deepEqual(user, other);
    }
    const first = nulls[0];
    assert.ok(first);
    const resolved = await withNulls.client().resolveUser(first.client_user_id);
    assert.equal(resolved.fallback_time_zone, null);
  });
});

describe('sample stories (documented positions, every seed)', () => {
  const fixture = useSandbox({ users: 60, seed: 5 });
  const todayDay = Math.floor(Date.now() / DAY_MS);
  const daysAgo = (days: number): string => new Date((todayDay - days) * DAY_MS).toISOString().slice(0, 10);

  async function story(kind: StoryKind, nth = 0): Promise<{ user: User; readings: Reading[] }> {
    const position = SAMPLE_STORIES.filter((s) => s.kind === kind)[nth]?.position ?? assert.fail(`a ${kind} story`);
    const client = fixture.client();
    const listed = (await client.listUsers({ offset: position, limit: 1 })).users[0] ?? assert.fail(`user #${position}`);
    const user = await client.resolveUser(listed.client_user_id);
    const readings: Reading[] = [];
    for await (const page of iterateBloodPressurePages(client, user.user_id, { startDate: daysAgo(400) })) {
      for (const [provider, groups] of Object.entries(page.groups)) {
        for (const group of groups) for (const r of group.data) readings.push({ provider, timestamp: r.timestamp, day: r.timestamp.slice(0, 10) });
      }
    }
    return { user, readings };
  }
  const slugs = (user: User): string[] => (user.connected_sources ?? []).map((s) => s.source?.slug ?? '').sort();

  test('a source that stopped syncing: Withings delivers up to the stop day, nothing after', async () => {
    const { user, readings } = await story('stoppedSyncing');
    assert.ok(slugs(user).includes('withings'));
    const last = readings.map((r) => r.day).sort().at(-1) ?? assert.fail('readings before the stop');
    assert.equal(last, daysAgo(STORY_DAYS.stoppedSyncing), 'the last reading is on the stop day itself');
    assert.ok(readings.length > 100, 'months of data before the stop');
  });

  test('a connected source that never delivered: iHealth connected, only Omron in the data', async () => {
    const { user, readings } = await story('neverDelivered');
    assert.deepEqual(slugs(user), ['ihealth', 'omron']);
    assert.ok(readings.some((r) => r.provider === 'omron'));
    assert.equal(readings.filter((r) => r.provider === 'ihealth').length, 0);
  });

  test('sources that cannot measure blood pressure: connected, no readings, none of them able to', async () => {
    const { user, readings } = await story('cannotMeasure');
    assert.deepEqual(slugs(user), ['fitbit', 'oura']);
    for (const slug of slugs(user)) assert.equal(capabilityOf(slug)?.bloodPressure, 'none');
    assert.equal(readings.length, 0);
  });

  test('ingestion bounds that cut the window: a late start, an early end', async () => {
    const late = await story('ingestionStartsInWindow');
    assert.equal(late.user.ingestion_start, daysAgo(STORY_DAYS.ingestionStart));
    assert.ok(late.readings.length > 0 && late.readings.every((r) => r.day >= daysAgo(STORY_DAYS.ingestionStart + 1)));
    const ended = await story('ingestionEnded');
    assert.equal(ended.user.ingestion_end, daysAgo(STORY_DAYS.ingestionEnd));
    assert.ok(ended.readings.length > 0 && ended.readings.every((r) => r.day <= daysAgo(STORY_DAYS.ingestionEnd - 1)));
    assert.equal(ended.readings.filter((r) => r.day >= daysAgo(30)).length, 0, 'nothing in the default window');
  });

  test('time-zone changes: the fallback zone was updated, older readings carry the older offset', async () => {
    for (const [nth, zone, days] of [[0, 'America/New_York', STORY_DAYS.timeZoneChange], [1, 'Europe/London', STORY_DAYS.secondTimeZoneChange]] as const) {
      const { user, readings } = await story('timeZoneChanged', nth);
      assert.equal(user.fallback_time_zone?.id, zone);
      assert.equal(user.fallback_time_zone?.updated_at?.slice(0, 10), daysAgo(days));
      const offsets = (since: boolean) => new Set(readings.filter((r) => (r.timestamp >= daysAgo(days)) === since).map((r) => r.timestamp.slice(-6)));
      const before = offsets(false);
      const after = offsets(true);
      assert.ok(before.size > 0 && after.size > 0);
      assert.ok([...before].every((o) => !after.has(o)), `older offsets ${[...before].join()} differ from ${[...after].join()}`);
    }
  });

  test('a long gap: no readings for 12 days, data before and after', async () => {
    const { readings } = await story('longGap');
    const inGap = readings.filter((r) => r.day >= daysAgo(STORY_DAYS.gapFirst) && r.day <= daysAgo(STORY_DAYS.gapLast));
    assert.equal(inGap.length, 0);
    assert.ok(readings.some((r) => r.day < daysAgo(STORY_DAYS.gapFirst)) && readings.some((r) => r.day > daysAgo(STORY_DAYS.gapLast)));
  });
});

interface Reading {
  provider: string;
  timestamp: string;
  day: string;
}

for (const seed of [1, 4, 9]) describe(`the diagnosis finds what the sandbox documents (seed ${seed})`, () => {
  const fixture = useSandbox({ users: 60, seed });

  async function findingsAt(position: number): Promise<Finding[]> {
    const client = fixture.client();
    const listed = (await client.listUsers({ offset: position, limit: 1 })).users[0] ?? assert.fail(`user #${position}`);
    const user = await client.resolveUser(listed.client_user_id);
    const zone = new ZoneCalendar(user.fallback_time_zone?.id ?? undefined);
    const now = Date.now();
    const today = zone.dayKey(now);
    const history = { firstDay: addDays(today, -365), lastDay: today };
    const pages = [];
    for await (const page of iterateBloodPressurePages(client, user.user_id, { startDate: history.firstDay, endDate: today })) pages.push(page.groups);
    const window = { firstDay: addDays(today, -30), lastDay: today };
    return diagnose({ user, groups: groupReadings(pages, zone), history, window, zone, nowMs: now });
  }
  const problems = (findings: Finding[]): string[] =>
    findings.filter((f) => SEVERITY[f.kind] !== 'info').map((f) => ('provider' in f ? `${f.kind}:${f.provider}` : f.kind)).sort();

  test('the first ten users: nothing is missing', async () => {
    for (let position = 0; position < 10; position++) {
      const findings = await findingsAt(position);
      assert.ok(findings.some((f) => f.kind === 'sourceDelivering'), `#${position} delivers`);
      assert.ok(!findings.some((f) => f.kind === 'sourceStopped' || f.kind === 'windowEndsAfterIngestion' || f.kind === 'windowStartsBeforeIngestion'), `#${position}: ${problems(findings).join()}`);
    }
  });

  test('each story user shows its finding', async () => {
    const expected: Record<number, string[]> = {
      10: ['gap', 'sourceStopped:withings'],
      11: ['sourceNeverDelivered:ihealth'],
      12: [],
      13: ['windowStartsBeforeIngestion'],
      14: ['sourceStopped:withings', 'windowEndsAfterIngestion'],
      15: ['offsetsDiffer'],
      16: ['offsetsDiffer'],
      17: ['gap'],
    };
    for (const [position, wanted] of Object.entries(expected)) {
      const findings = await findingsAt(Number(position));
      assert.deepEqual(problems(findings), wanted, `user #${position}`);
    }
    const stopped = (await findingsAt(10)).find((f) => f.kind === 'sourceStopped');
    assert.equal(stopped?.kind === 'sourceStopped' && stopped.daysSince >= STORY_DAYS.stoppedSyncing - 1, true, "49 days before the sandbox's (UTC) today; the user's today may be a day behind");
    const ended = (await findingsAt(14)).find((f) => f.kind === 'sourceStopped');
    assert.equal(ended?.kind === 'sourceStopped' && ended.atIngestionEnd, true, 'the stop is the ingestion end');
    const cannot = (await findingsAt(12)).filter((f) => f.kind === 'sourceCannotMeasure').map((f) => ('provider' in f ? f.provider : '')).sort();
    assert.deepEqual(cannot, ['fitbit', 'oura']);
  });
});

// The stop day's readings, on any date: a gap day falling on it (they move with today) once put the
// last reading days earlier than the story says, on some dates only.
test('a stopped source delivers on its stop day whatever the date', () => {
  const seed = 7;
  const firstToday = Math.floor(Date.UTC(2026, 0, 1) / DAY_MS);
  const missed: string[] = [];
  for (let today = firstToday; today < firstToday + 366; today++) {
    const user = new SamplePopulation({ seed, users: 24, today }).atPosition(storyPosition('stoppedSyncing')) ?? assert.fail('the story user');
    const stop = today - STORY_DAYS.stoppedSyncing;
    if (readingsOfDay(seed, user, stop).length === 0) missed.push(new Date(today * DAY_MS).toISOString().slice(0, 10));
    assert.deepEqual(readingsOfDay(seed, user, stop + 1).map((r) => r.provider).filter((p) => p === 'withings'), [], 'nothing from Withings after the stop');
  }
  assert.deepEqual(missed, [], 'todays whose stop day had no reading');
});

function storyPosition(kind: StoryKind): number {
  return SAMPLE_STORIES.find((story) => story.kind === kind)?.position ?? assert.fail(kind);
}
