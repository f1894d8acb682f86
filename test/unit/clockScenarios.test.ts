// `npm run test:clock`'s scenarios and the environment that fakes a layer's clock: each scenario
// starts its clock at the instant it names, in its zone, and together they cover the dates, hours
// and zones where a test that reads the calendar breaks.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { execFileSync } from 'node:child_process';
import { CI_SCENARIO, CLOCK_SCENARIOS, clockTook, fakedClockEnv, selectScenarios, SHIFTED_CLOCK } from '../clock/scenarios.mjs';

const utcOffsetHours = (zone: string, instant: string): number => {
  const local = new Date(instant).toLocaleString('sv-SE', { timeZone: zone }).replace(' ', 'T');
  return (Date.parse(`${local}Z`) - Date.parse(instant)) / 3_600_000;
};

describe('clock scenarios', () => {
  test('three dates, each at 00:30 and 23:30 UTC, with zones ahead of UTC and behind it', () => {
    const dates = new Set(CLOCK_SCENARIOS.map((s) => s.instant.slice(0, 10)));
    assert.equal(dates.size, 3);
    for (const date of dates) {
      const times = CLOCK_SCENARIOS.filter((s) => s.instant.startsWith(date)).map((s) => s.instant.slice(11)).sort();
      assert.deepEqual(times, ['00:30:00Z', '23:30:00Z'], date);
    }
    const offsets = CLOCK_SCENARIOS.map((s) => utcOffsetHours(s.zone, s.instant));
    assert.ok(offsets.some((hours) => hours >= 12), `a zone far ahead: ${offsets.join(', ')}`);
    assert.ok(offsets.some((hours) => hours <= -10), `a zone far behind: ${offsets.join(', ')}`);
    // Where day counts differ: the machine's local day is not the UTC day.
    for (const scenario of CLOCK_SCENARIOS) {
      const localDay = new Date(scenario.instant).toLocaleDateString('sv-SE', { timeZone: scenario.zone });
      assert.notEqual(localDay, scenario.instant.slice(0, 10), scenario.name);
    }
  });

  test('selection by name, `ci` and `all`; an unknown name is refused with the known ones', () => {
    assert.equal(selectScenarios('').length, CLOCK_SCENARIOS.length);
    assert.equal(selectScenarios('all').length, CLOCK_SCENARIOS.length);
    assert.deepEqual(selectScenarios('ci').map((s) => s.name), [CI_SCENARIO]);
    assert.deepEqual(selectScenarios('leapday-0030-behind, dst-0030-behind').map((s) => s.name), ['leapday-0030-behind', 'dst-0030-behind']);
    assert.throws(() => selectScenarios('tuesday'), /No clock scenario "tuesday"\. Known: dst-0030-behind/);
  });

  test('the faked environment: the preload first in NODE_OPTIONS, the offset from now to the instant, the zone', () => {
    const nowMs = Date.parse('2026-11-28T10:00:00Z');
    const env = fakedClockEnv({ instant: '2026-11-27T10:00:00Z', zone: 'Pacific/Kiritimati' }, { nowMs, preload: '/x y/shifted.cjs' });
    assert.deepEqual(env, { NODE_OPTIONS: '--require "/x y/shifted.cjs"', HDE_CLOCK_OFFSET_MS: '-86400000', TZ: 'Pacific/Kiritimati' });
    const kept = fakedClockEnv({ instant: '2028-02-29T23:30:00Z', zone: 'UTC' }, { nowMs, preload: '/s.cjs', nodeOptions: '--max-old-space-size=4096' });
    assert.equal(kept.NODE_OPTIONS, '--require "/s.cjs" --max-old-space-size=4096');
    assert.equal(Number(kept.HDE_CLOCK_OFFSET_MS), Date.parse('2028-02-29T23:30:00Z') - nowMs);
  });

  test('a node process started with it reads the scenario clock, running on, in the scenario zone; Date still behaves as Date', () => {
    const scenario = { instant: '2028-02-29T23:30:00Z', zone: 'Pacific/Kiritimati' };
    // The real clock, also when this suite itself runs under `npm run test:clock`.
    const realNow = Date.now() - Number(process.env.HDE_CLOCK_OFFSET_MS ?? 0);
    const env = { ...process.env, ...fakedClockEnv(scenario, { nowMs: realNow, preload: SHIFTED_CLOCK }) };
    const script = `const a = Date.now(); const d = new Date(); console.log(JSON.stringify({ a, d: d.getTime(), zone: Intl.DateTimeFormat().resolvedOptions().timeZone, local: d.toString(), epoch: new Date(0).toISOString(), isDate: d instanceof Date && Object.prototype.toString.call(d) === '[object Date]', called: typeof Date(), utc: Date.UTC(2028, 1, 29) }))`;
    const seen = JSON.parse(execFileSync(process.execPath, ['-e', script], { env, encoding: 'utf8' }));
    assert.ok(clockTook(scenario, { nowMs: seen.a, zone: seen.zone }), JSON.stringify(seen));
    assert.ok(seen.d >= seen.a);
    assert.match(seen.local, /^Wed Mar 01 2028 13:3\d/, 'already the next day, 14 hours ahead');
    assert.equal(seen.epoch, '1970-01-01T00:00:00.000Z', 'a given instant is not moved');
    assert.equal(seen.isDate, true);
    assert.equal(seen.called, 'string');
    assert.equal(seen.utc, Date.parse('2028-02-29T00:00:00Z'));
  });

  test('a probe counts as faked only at the instant (plus start-up) and in the zone', () => {
    const scenario = { instant: '2026-03-08T23:30:00Z', zone: 'Pacific/Kiritimati' };
    const at = Date.parse(scenario.instant);
    assert.equal(clockTook(scenario, { nowMs: at + 3000, zone: 'Pacific/Kiritimati' }), true);
    assert.equal(clockTook(scenario, { nowMs: Date.parse('2026-11-28T10:00:00Z'), zone: 'Pacific/Kiritimati' }), false, 'the real clock');
    assert.equal(clockTook(scenario, { nowMs: at + 3000, zone: 'UTC' }), false, 'the real zone');
  });
});
