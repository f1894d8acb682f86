import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { addDays, daysBetween, parseTimestamp, ZoneCalendar } from '../../src/domain/zonedTime';

describe('ZoneCalendar', () => {
  test('offsets follow daylight saving time (Europe/Berlin)', () => {
    const berlin = new ZoneCalendar('Europe/Berlin');
    assert.equal(berlin.offsetMinutesAt(Date.parse('2024-01-15T12:00:00Z')), 60);
    assert.equal(berlin.offsetMinutesAt(Date.parse('2024-07-15T12:00:00Z')), 120);
    // The switch on 2024-03-31 at 01:00 UTC.
    assert.equal(berlin.offsetMinutesAt(Date.parse('2024-03-31T00:59:59Z')), 60);
    assert.equal(berlin.offsetMinutesAt(Date.parse('2024-03-31T01:00:00Z')), 120);
  });

  test('half-hour zones and negative offsets', () => {
    assert.equal(new ZoneCalendar('Asia/Kolkata').formatOffset(Date.parse('2024-05-01T00:00:00Z')), '+05:30');
    assert.equal(new ZoneCalendar('America/St_Johns').formatOffset(Date.parse('2024-01-01T00:00:00Z')), '-03:30');
  });

  test('the calendar day of an instant is the zone\'s', () => {
    const instant = Date.parse('2024-06-01T23:30:00Z');
    assert.equal(new ZoneCalendar('UTC').dayKey(instant), '2024-06-01');
    assert.equal(new ZoneCalendar('Europe/Berlin').dayKey(instant), '2024-06-02');
    assert.equal(new ZoneCalendar('America/Los_Angeles').dayKey(instant), '2024-06-01');
  });

  test('wall time and start of day', () => {
    const tokyo = new ZoneCalendar('Asia/Tokyo');
    assert.equal(tokyo.formatWallTime(Date.parse('2024-02-29T15:04:05Z')), '2024-03-01 00:04:05');
    assert.equal(tokyo.startOfDay('2024-03-01'), Date.parse('2024-02-29T15:00:00Z'));
  });

  test('an unknown or missing zone falls back to UTC and says so', () => {
    const bogus = new ZoneCalendar('Mars/Olympus_Mons');
    assert.equal(bogus.zone, 'UTC');
    assert.equal(bogus.usesRequestedZone, false);
    assert.equal(new ZoneCalendar(undefined).usesRequestedZone, false);
    assert.equal(new ZoneCalendar('Europe/Paris').usesRequestedZone, true);
  });
});

describe('parseTimestamp', () => {
  const berlin = new ZoneCalendar('Europe/Berlin');

  test('keeps the offset the timestamp was written with', () => {
    assert.deepEqual(parseTimestamp('2024-05-01T08:00:00+02:00', berlin), {
      epochMs: Date.parse('2024-05-01T06:00:00Z'),
      originalOffset: '+02:00',
    });
    assert.equal(parseTimestamp('2024-05-01T08:00:00Z', berlin)?.originalOffset, '+00:00');
    assert.equal(parseTimestamp('2024-05-01T08:00:00-0530', berlin)?.originalOffset, '-05:30');
  });

  test('a timestamp without offset is wall time in the fallback zone', () => {
    assert.deepEqual(parseTimestamp('2024-05-01T08:00:00', berlin), {
      epochMs: Date.parse('2024-05-01T06:00:00Z'),
      originalOffset: undefined,
    });
    assert.equal(parseTimestamp('2024-01-01 08:00', berlin)?.epochMs, Date.parse('2024-01-01T07:00:00Z'));
  });

  test('text that is no date is rejected', () => {
    assert.equal(parseTimestamp('yesterday', berlin), undefined);
    assert.equal(parseTimestamp('2024-13-45T99:00:00Z', berlin), undefined);
  });
});

describe('day arithmetic', () => {
  test('daysBetween is inclusive and crosses months and leap days', () => {
    assert.deepEqual(daysBetween('2024-02-28', '2024-03-01'), ['2024-02-28', '2024-02-29', '2024-03-01']);
    assert.deepEqual(daysBetween('2024-03-01', '2024-02-28'), []);
  });

  test('addDays', () => {
    assert.equal(addDays('2024-01-31', 1), '2024-02-01');
    assert.equal(addDays('2024-03-01', -30), '2024-01-31');
  });
});

test('dayCount is the length of daysBetween, without building the days', async () => {
  const { dayCount, daysBetween } = await import('../../src/domain/zonedTime');
  for (const [first, last] of [['2026-01-01', '2026-01-01'], ['2025-03-29', '2025-11-02'], ['2024-02-27', '2024-03-02'], ['2026-05-02', '2026-05-01']] as const) {
    assert.equal(dayCount(first, last), daysBetween(first, last).length, `${first}..${last}`);
  }
});
