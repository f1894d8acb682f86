// Sandbox contract: GET /v2/timeseries/{user_id}/blood_pressure/grouped.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { SandboxHandle } from '../../src/sandbox/server';
import { TODAY, allPages, assertValidationError, call, flatten, shiftDay, start } from './sandboxTestKit';
import type { FlatReading } from './sandboxTestKit';
import { SAMPLE_STORIES } from '../../src/sandbox/data/sampleStories';

interface ListedUser {
  user_id: string;
  client_user_id: string;
  fallback_time_zone: { id: string; updated_at: string } | null;
  connected_sources: { source: { slug: string } }[];
}

const YEAR_AGO = shiftDay(TODAY, -370);
const bpPath = (userId: string, query: Record<string, string>) =>
  `/v2/timeseries/${userId}/blood_pressure/grouped?${new URLSearchParams(query).toString()}`;

describe('sandbox blood pressure', () => {
  let sandbox: SandboxHandle;
  let users: ListedUser[];
  /** Every user's readings of the last year, fetched in one page each. */
  const year = new Map<string, FlatReading[]>();

  before(async () => {
    sandbox = await start({ users: 60, seed: 1, bloodPressurePageSize: 100_000 });
    users = (await call(sandbox, '/v2/user/')).json.users;
    for (const user of users) {
      const response = await call(sandbox, bpPath(user.user_id, { start_date: YEAR_AGO }));
      assert.equal(response.json.next_cursor, null);
      year.set(user.user_id, flatten(response.json.groups));
    }
  });
  after(() => sandbox.close());

  const withReadings = () => users.filter((u) => (year.get(u.user_id)?.length ?? 0) > 20);

  it('validates: uuid user_id, required start_date, date formats — all problems at once', async () => {
    const response = await call(sandbox, '/v2/timeseries/not-a-uuid/blood_pressure/grouped?end_date=2026-13-01');
    assertValidationError(response, ['path', 'user_id'], 'uuid_parsing');
    assertValidationError(response, ['query', 'start_date'], 'missing');
    assertValidationError(response, ['query', 'end_date'], 'value_error');
    const id = users[0]!.user_id;
    for (const bad of ['2026-02-30', '26-01-01', 'yesterday', '2026-01-01T25:00', '2026-01-01T10:00:00+25:00', '']) {
      assertValidationError(await call(sandbox, bpPath(id, { start_date: bad })), ['query', 'start_date'], 'value_error');
    }
    for (const good of ['2026-01-01', '2026-01-01T10:00', '2026-01-01T10:00:00Z', '2026-01-01T10:00:00.123+05:30']) {
      assert.equal((await call(sandbox, bpPath(id, { start_date: good }))).status, 200, good);
    }
  });

  it('rejects end_date before start_date with 422, but allows the same day', async () => {
    const id = users[0]!.user_id;
    assertValidationError(
      await call(sandbox, bpPath(id, { start_date: '2026-10-02', end_date: '2026-10-01' })),
      ['query', 'end_date'],
      'value_error',
    );
    assertValidationError(
      await call(sandbox, bpPath(id, { start_date: '2026-10-02T10:00:00Z', end_date: '2026-10-02T09:59:59Z' })),
      ['query', 'end_date'],
      'value_error',
    );
    assert.equal((await call(sandbox, bpPath(id, { start_date: '2026-10-02', end_date: '2026-10-02' }))).status, 200);
  });

  it('404 for a well-formed but unknown user (and 422 comes first for bad input)', async () => {
    const unknown = '3f1d2c4b-0000-4000-8000-000000000000';
    const missingUser = await call(sandbox, bpPath(unknown, { start_date: '2026-01-01' }));
    assert.equal(missingUser.status, 404);
    assert.equal(typeof missingUser.json.detail, 'string');
    assert.equal((await call(sandbox, bpPath(unknown, {}))).status, 422);
  });

  it('accepts uppercase and unhyphenated uuids for the same user', async () => {
    const user = withReadings()[0]!;
    const plain = await call(sandbox, bpPath(user.user_id, { start_date: shiftDay(TODAY, -10) }));
    const upper = await call(sandbox, bpPath(user.user_id.toUpperCase().replace(/-/g, ''), { start_date: shiftDay(TODAY, -10) }));
    assert.equal(upper.status, 200);
    assert.deepEqual(upper.json, plain.json);
  });

  it('timestamps carry the offset of the user fallback zone (an older zone only before it changed, for the documented users), in mmHg with realistic values', () => {
    let checked = 0;
    let outliers = 0;
    const changedZone = new Set(SAMPLE_STORIES.filter((s) => s.kind === 'timeZoneChanged').map((s) => users[s.position]?.user_id));
    const olderOffsets = new Set<string>();
    for (const user of withReadings()) {
      const zone = user.fallback_time_zone?.id ?? 'UTC';
      const offsetFormat = new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'longOffset' });
      for (const reading of year.get(user.user_id) ?? []) {
        const offset = /([+-]\d{2}:\d{2})$/.exec(reading.timestamp)?.[1];
        assert.ok(offset, reading.timestamp);
        const expected = offsetFormat
          .formatToParts(new Date(reading.timestamp))
          .find((p) => p.type === 'timeZoneName')?.value;
        const changedSince = Date.parse(user.fallback_time_zone?.updated_at ?? '') > Date.parse(reading.timestamp);
        if (changedZone.has(user.user_id) && changedSince && (expected === 'GMT' ? '+00:00' : expected?.slice(3)) !== offset) {
          olderOffsets.add(user.user_id);
        } else {
          assert.equal(expected === 'GMT' ? '+00:00' : expected?.slice(3), offset, `${zone} ${reading.timestamp}`);
        }
        assert.equal(reading.unit, 'mmHg');
        assert.ok(reading.systolic >= 85 && reading.systolic <= 230 && reading.diastolic >= 50 && reading.diastolic <= 140);
        assert.ok(reading.systolic > reading.diastolic);
        if (reading.systolic >= 160 || reading.diastolic >= 100) outliers++;
        checked++;
      }
    }
    assert.ok(checked > 5000, `${checked} readings checked`);
    assert.deepEqual([...olderOffsets].sort(), [...changedZone].sort(), 'each documented zone change shows in older offsets');
    assert.ok(outliers > 0, 'stage-2 or crisis readings exist');
  });

  it('each group holds one provider and source type, readings in time order; types are the real service values', async () => {
    const types = new Set<string>();
    for (const user of withReadings().slice(0, 15)) {
      const response = await call(sandbox, bpPath(user.user_id, { start_date: YEAR_AGO }));
      const slugs = user.connected_sources.map((c) => c.source.slug);
      for (const [provider, groups] of Object.entries(response.json.groups as Record<string, { data: { timestamp: string }[]; source: { provider: string; type: string } }[]>)) {
        assert.ok(['omron', 'withings', 'ihealth', 'apple_health_kit'].includes(provider), provider);
        assert.ok(slugs.includes(provider), 'readings only from connected providers');
        assert.equal(new Set(groups.map((g) => g.source.type)).size, groups.length, 'one group per source type');
        for (const group of groups) {
          types.add(group.source.type);
          const times = group.data.map((r) => Date.parse(r.timestamp));
          assert.deepEqual(times, [...times].sort((a, b) => a - b));
        }
      }
    }
    for (const type of types) assert.ok(['cuff', 'app', 'multiple_sources', 'unknown'].includes(type), type);
    assert.ok(types.has('cuff'));
  });

  it('has gaps: missing days, a whole missing week somewhere, users with no readings at all', () => {
    const noReadings = users.filter((u) => (year.get(u.user_id)?.length ?? 0) === 0);
    assert.ok(noReadings.length > 0 && noReadings.length < users.length / 3, `${noReadings.length} users without readings`);
    let missingWeek = false;
    let missingDays = 0;
    for (const user of withReadings()) {
      const days = [...new Set((year.get(user.user_id) ?? []).map((r) => r.timestamp.slice(0, 10)))].sort();
      for (let i = 1; i < days.length; i++) {
        const gap = (Date.parse(days[i]!) - Date.parse(days[i - 1]!)) / 86_400_000;
        if (gap > 1) missingDays++;
        if (gap > 7) missingWeek = true;
      }
    }
    assert.ok(missingDays > 0 && missingWeek);
  });

  it('most users have readings in the default "last 30 days" window, several a day', async () => {
    let withData = 0;
    let readings = 0;
    let days = 0;
    for (const user of users) {
      const response = await call(sandbox, bpPath(user.user_id, { start_date: shiftDay(TODAY, -30), end_date: TODAY }));
      const flat = flatten(response.json.groups);
      if (flat.length > 0) withData++;
      readings += flat.length;
      days += new Set(flat.map((r) => r.timestamp.slice(0, 10))).size;
    }
    assert.ok(withData > users.length * 0.7, `${withData} of ${users.length}`);
    assert.ok(readings / days > 1.3, 'more than one reading per measured day on average');
  });

  it('date-only bounds are whole days of the user zone: start 00:00:00, end 23:59:59 inclusive', async () => {
    let found: { user: ListedUser; reading: FlatReading } | undefined;
    for (const user of withReadings()) {
      const reading = year.get(user.user_id)?.find((r) => r.timestamp.slice(11, 19) === '23:59:59');
      if (reading) {
        found = { user, reading };
        break;
      }
    }
    assert.ok(found, 'the sample data has a reading on the last second of a day');
    const { user, reading } = found;
    const day = reading.timestamp.slice(0, 10);
    const ofDay = (await call(sandbox, bpPath(user.user_id, { start_date: day, end_date: day }))).json;
    const dayReadings = flatten(ofDay.groups);
    assert.deepEqual(dayReadings, year.get(user.user_id)?.filter((r) => r.timestamp.startsWith(day)), 'exactly the local day');
    assert.ok(dayReadings.some((r) => r.timestamp === reading.timestamp), 'the 23:59:59 reading is included');
    const endBefore = flatten((await call(sandbox, bpPath(user.user_id, { start_date: day, end_date: `${day}T23:59:58` }))).json.groups);
    assert.ok(!endBefore.some((r) => r.timestamp === reading.timestamp), 'a zone-less date-time is wall time in the user zone');
    const exact = flatten((await call(sandbox, bpPath(user.user_id, { start_date: reading.timestamp, end_date: reading.timestamp }))).json.groups);
    assert.deepEqual(exact.map((r) => r.timestamp), [reading.timestamp], 'date-time bounds with offset are exact and inclusive');
    const nextDay = flatten((await call(sandbox, bpPath(user.user_id, { start_date: shiftDay(day, 1), end_date: shiftDay(day, 1) }))).json.groups);
    assert.ok(!nextDay.some((r) => r.timestamp === reading.timestamp));
  });

  it('cursor paging returns every reading exactly once, in order, at most page-size per page', async () => {
    const small = await start({ users: 60, seed: 1, bloodPressurePageSize: 7 });
    try {
      for (const user of withReadings().slice(0, 4)) {
        const pages = await allPages(small, user.user_id, { start_date: YEAR_AGO });
        assert.ok(pages.length > 3);
        const collected: FlatReading[] = [];
        for (const page of pages) {
          const flat = flatten(page.json.groups);
          assert.ok(flat.length <= 7);
          collected.push(...flat);
        }
        assert.equal(pages.at(-1)?.json.next_cursor, null);
        assert.equal(pages.at(-1)?.json.next, null);
        assert.deepEqual(collected, year.get(user.user_id));
      }
    } finally {
      await small.close();
    }
  });

  it('the deprecated cursor parameter and next field page the same way', async () => {
    const small = await start({ users: 60, seed: 1, bloodPressurePageSize: 11 });
    try {
      const user = withReadings()[1]!;
      const modern = await allPages(small, user.user_id, { start_date: shiftDay(TODAY, -60) }, 'next_cursor');
      const legacy = await allPages(small, user.user_id, { start_date: shiftDay(TODAY, -60) }, 'cursor');
      assert.ok(modern.length > 1);
      assert.deepEqual(legacy.map((p) => p.json), modern.map((p) => p.json));
    } finally {
      await small.close();
    }
  });

  it('a forged, edited or foreign cursor is a 422, never a wrong page', async () => {
    const small = await start({ users: 60, seed: 1, bloodPressurePageSize: 5 });
    try {
      const [a, b] = withReadings();
      const query = { start_date: YEAR_AGO };
      const first = await call(small, bpPath(a!.user_id, query));
      const cursor: string = first.json.next_cursor;
      assert.ok(cursor);
      assertValidationError(await call(small, bpPath(a!.user_id, { ...query, next_cursor: 'garbage' })), ['query', 'next_cursor'], 'value_error');
      assertValidationError(await call(small, bpPath(a!.user_id, { ...query, cursor: `${cursor}x` })), ['query', 'cursor'], 'value_error');
      const [payload, signature] = cursor.split('.');
      const edited = Buffer.from(Buffer.from(payload!, 'base64url').toString().replace(/,(\d+)\]$/, ',0]')).toString('base64url');
      assert.notEqual(edited, payload);
      assertValidationError(await call(small, bpPath(a!.user_id, { ...query, next_cursor: `${edited}.${signature}` })), ['query', 'next_cursor'], 'value_error');
      assertValidationError(await call(small, bpPath(b!.user_id, { ...query, next_cursor: cursor })), ['query', 'next_cursor'], 'value_error');
      assertValidationError(
        await call(small, bpPath(a!.user_id, { start_date: shiftDay(YEAR_AGO, 1), next_cursor: cursor })),
        ['query', 'next_cursor'],
        'value_error',
      );
      const ok = await call(small, bpPath(a!.user_id, { ...query, next_cursor: cursor, cursor }));
      assert.equal(ok.status, 200, 'the same value in both parameters is fine');
    } finally {
      await small.close();
    }
  });

  it('filters by provider slug; the empty string means all providers', async () => {
    const heavy = await start({ users: 1, heavyUserReadings: 3000, bloodPressurePageSize: 100_000 });
    try {
      const id = (await call(heavy, '/v2/user/resolve/sample-heavy-reader')).json.user_id;
      const all = flatten((await call(heavy, bpPath(id, { start_date: YEAR_AGO }))).json.groups);
      const everything = flatten((await call(heavy, bpPath(id, { start_date: YEAR_AGO, provider: '' }))).json.groups);
      assert.deepEqual(everything, all);
      let sum = 0;
      for (const provider of ['omron', 'withings', 'apple_health_kit']) {
        const response = await call(heavy, bpPath(id, { start_date: YEAR_AGO, provider }));
        assert.deepEqual(Object.keys(response.json.groups), [provider]);
        const flat = flatten(response.json.groups);
        assert.deepEqual(flat, all.filter((r) => r.provider === provider));
        sum += flat.length;
      }
      assert.equal(sum, all.length);
      const none = await call(heavy, bpPath(id, { start_date: YEAR_AGO, provider: 'garmin' }));
      assert.deepEqual(none.json, { groups: {}, next_cursor: null, next: null });
    } finally {
      await heavy.close();
    }
  });

  it('the heavy reader has exactly the requested number of readings across all pages', async () => {
    const heavy = await start({ users: 3, heavyUserReadings: 12_345, bloodPressurePageSize: 1000 });
    try {
      const id = (await call(heavy, '/v2/user/resolve/sample-heavy-reader')).json.user_id;
      const pages = await allPages(heavy, id, { start_date: YEAR_AGO });
      assert.equal(pages.length, 13);
      const readings = pages.flatMap((p) => flatten(p.json.groups));
      assert.equal(readings.length, 12_345);
      const times = readings.map((r) => Date.parse(r.timestamp));
      assert.ok(times.every((t, i) => i === 0 || t >= times[i - 1]!), 'in time order across pages');
      assert.ok(times[0]! >= Date.parse(`${shiftDay(TODAY, -366)}T00:00:00Z`) && times.at(-1)! < Date.parse(`${TODAY}T00:00:00Z`));
      // A window splits the readings exactly: before + inside + after = all.
      const mid = shiftDay(TODAY, -100);
      const count = async (query: Record<string, string>) =>
        (await allPages(heavy, id, query)).reduce((n, p) => n + flatten(p.json.groups).length, 0);
      const before = await count({ start_date: YEAR_AGO, end_date: shiftDay(mid, -1) });
      const after = await count({ start_date: mid });
      assert.equal(before + after, 12_345);
    } finally {
      await heavy.close();
    }
  });
});
