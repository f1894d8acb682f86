// The derivations the host-driven tests use to know what a story's finding must say at whatever
// hour and in whatever zone they run (test/support/storyClock.ts), held against fixed instants.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { daysFrom, daysSinceBetween, localDayIn, localDaysOfUtcDay, utcDayBefore } from '../support/storyClock';

describe('story clock', () => {
  test('the local day of an instant, ahead of and behind UTC', () => {
    const instant = Date.parse('2026-03-08T23:30:00Z');
    assert.equal(localDayIn('UTC', instant), '2026-03-08');
    assert.equal(localDayIn('Pacific/Kiritimati', instant), '2026-03-09');
    assert.equal(localDayIn('America/Sao_Paulo', Date.parse('2026-11-28T00:30:00Z')), '2026-11-27');
  });

  test('days between two days, over a leap day and a daylight-saving change', () => {
    assert.equal(daysFrom('2028-02-28', '2028-03-01'), 2);
    assert.equal(daysFrom('2026-03-07', '2026-03-09'), 2);
    assert.equal(daysFrom('2026-10-09', '2026-11-28'), 50);
  });

  test('a UTC day N days before an instant; the local days a UTC day can fall on', () => {
    assert.equal(utcDayBefore(Date.parse('2026-11-28T23:59:00Z'), 49), '2026-10-10');
    assert.deepEqual(localDaysOfUtcDay('America/Sao_Paulo', '2026-10-10'), ['2026-10-09', '2026-10-10']);
    assert.deepEqual(localDaysOfUtcDay('UTC', '2026-10-10'), ['2026-10-10']);
  });

  test('the count shown between two instants: one value, two when local midnight fell between them', () => {
    const zone = 'America/Sao_Paulo'; // UTC−3: midnight is 03:00 UTC
    assert.deepEqual(daysSinceBetween(zone, '2026-10-09', Date.parse('2026-11-28T01:00:00Z'), Date.parse('2026-11-28T01:01:00Z')), [49]);
    assert.deepEqual(daysSinceBetween(zone, '2026-10-09', Date.parse('2026-11-28T02:59:00Z'), Date.parse('2026-11-28T03:01:00Z')), [49, 50]);
  });
});
