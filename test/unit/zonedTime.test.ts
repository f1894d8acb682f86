import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { addDays, daysBetween, parseInstant, parseTimestamp, readTimestamp, timestampFields, ZoneCalendar } from '../../src/domain/zonedTime';

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

describe('parseTimestamp reads offsets without a regular expression', () => {
  // The reader it replaced: the offset at the end found by a regular expression.
  const berlin = new ZoneCalendar('Europe/Berlin');
  const OFFSET_SUFFIX = /(Z|[+-]\d{2}:?\d{2})$/i;
  const normalise = (raw: string): string => (raw.toUpperCase() === 'Z' ? '+00:00' : raw.includes(':') ? raw : `${raw.slice(0, 3)}:${raw.slice(3)}`);
  /** What the regular expression made of the text: its offset and instant, or a wall time (no offset). */
  const byRegex = (text: string): { epochMs: number; originalOffset: string } | 'wall time' | undefined => {
    const suffix = OFFSET_SUFFIX.exec(text);
    if (!suffix) return 'wall time';
    const epochMs = Date.parse(text);
    return Number.isNaN(epochMs) ? undefined : { epochMs, originalOffset: normalise(suffix[1] ?? 'Z') };
  };

  test('the same result as the regular expression on every form of timestamp, and on near misses', () => {
    const bases = ['2024-05-01T08:00:00', '2024-05-01T08:00:00.123', '2024-05-01 08:00', '2024-05-01', 'yesterday', ''];
    const ends = ['', 'Z', 'z', '+02:00', '-05:30', '+0200', '-0530', '+2:00', '+02:0', '02:00', '+02-00', '+020', ':00', '-', '+ab:cd', '+14:00', '-12:00'];
    for (const base of bases) {
      for (const end of ends) {
        const text = base + end;
        const expected = byRegex(text);
        const actual = parseTimestamp(text, berlin);
        if (expected === 'wall time') assert.equal(actual?.originalOffset, undefined, JSON.stringify(text));
        else assert.deepEqual(actual, expected, JSON.stringify(text));
      }
    }
  });

  test('the offset in minutes, for the day arithmetic', () => {
    const fields = timestampFields();
    assert.ok(readTimestamp('2024-05-01T08:00:00-05:30', berlin, fields));
    assert.deepEqual(fields, { epochMs: Date.parse('2024-05-01T13:30:00Z'), offsetMinutes: -330, offsetLength: 6 });
    assert.ok(readTimestamp('2024-05-01T08:00:00+0200', berlin, fields));
    assert.equal(fields.offsetMinutes, 120);
    assert.ok(readTimestamp('2024-05-01T08:00:00Z', berlin, fields));
    assert.equal(fields.offsetMinutes, 0);
    assert.ok(readTimestamp('2024-05-01T08:00:00', berlin, fields));
    assert.ok(Number.isNaN(fields.offsetMinutes));
    assert.equal(fields.offsetLength, 0);
    assert.equal(readTimestamp('no date', berlin, fields), false);
  });
});

test('offsets read from format() agree with formatToParts in every kind of zone, DST changes included', () => {
  const zones = ['UTC', 'Europe/Berlin', 'America/New_York', 'America/St_Johns', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Pacific/Chatham', 'Africa/Casablanca', 'Pacific/Apia'];
  const formatters = new Map<string, Intl.DateTimeFormat>();
  const byParts = (zone: string, epochMs: number): number => {
    const parts: Record<string, number> = {};
    let formatter = formatters.get(zone);
    if (!formatter) {
      formatter = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
      formatters.set(zone, formatter);
    }
    for (const part of formatter.formatToParts(new Date(epochMs))) if (part.type !== 'literal') parts[part.type] = Number(part.value);
    const wall = Date.UTC(parts.year ?? 0, (parts.month ?? 1) - 1, parts.day ?? 1, (parts.hour ?? 0) % 24, parts.minute ?? 0, parts.second ?? 0);
    return Math.round((wall - epochMs) / 60_000);
  };
  for (const zone of zones) {
    const calendar = new ZoneCalendar(zone);
    // Every 7 h 13 min over two years (crosses each DST change at some hour), and a year before 1000 (the parts path).
    for (let t = Date.parse('2024-01-01T00:00:00Z'); t < Date.parse('2026-01-01T00:00:00Z'); t += 26_000_000) {
      assert.equal(calendar.offsetMinutesAt(t), byParts(zone, t), `${zone} at ${new Date(t).toISOString()}`);
    }
    const early = Date.parse('0900-05-01T12:00:00Z');
    assert.equal(calendar.offsetMinutesAt(early), byParts(zone, early), `${zone} in the year 900`);
  }
});

test('parseInstant is Date.parse, read by hand: the same instant (or NaN) for every timestamp, well-formed or not', () => {
  const pad = (value: number, width: number): string => String(value).padStart(width, '0');
  const field = (max: number, width = 2) => fc.oneof(fc.integer({ min: 0, max }), fc.integer({ min: 0, max: 10 ** width - 1 })).map((v) => pad(v, width));
  const timestamp = fc
    .record({
      year: fc.oneof(fc.integer({ min: 1970, max: 2100 }), fc.integer({ min: 0, max: 9999 })).map((v) => pad(v, 4)),
      month: field(12),
      day: field(31),
      hour: field(24),
      minute: field(60),
      second: field(61),
      fraction: fc.oneof(fc.constant(''), fc.stringMatching(/^\.\d{0,10}$/)),
      zone: fc.oneof(fc.constantFrom('Z', 'z', '+00:00', '-00:00', '+0200', ''), fc.tuple(fc.constantFrom('+', '-'), field(25), field(60)).map(([s, h, m]) => `${s}${h}:${m}`)),
      separator: fc.constantFrom('T', 'T', 'T', ' ', 't'),
      junk: fc.oneof(fc.constant(''), fc.constant(''), fc.string({ maxLength: 2 })),
    })
    .map((p) => `${p.year}-${p.month}-${p.day}${p.separator}${p.hour}:${p.minute}:${p.second}${p.fraction}${p.zone}${p.junk}`);
  fc.assert(
    fc.property(timestamp, (text) => Object.is(parseInstant(text), Date.parse(text))),
    { numRuns: 20_000 },
  );
  for (const text of ['2026-10-05T08:12:00+02:00', '2026-10-05T08:12:00.123456Z', '0099-01-01T00:00:00Z', '2024-02-30T00:00:00Z', '2024-01-01T24:00:00Z']) {
    assert.ok(Object.is(parseInstant(text), Date.parse(text)), text);
  }
});

test('parseInstant reading several times of one date in a row (its date is remembered) is Date.parse for each', () => {
  const pad = (value: number, width = 2): string => String(value).padStart(width, '0');
  const time = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 59 }), fc.constantFrom('', '.5', '.123'), fc.constantFrom('Z', '+02:00', '-05:30', '+14:00', '-12:00'));
  fc.assert(
    fc.property(fc.integer({ min: 1970, max: 2100 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }), fc.array(time, { minLength: 2, maxLength: 6 }), (year, month, day, times) => {
      for (const [h, m, s, fraction, zone] of times) {
        const text = `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(h)}:${pad(m)}:${pad(s)}${fraction}${zone}`;
        assert.ok(Object.is(parseInstant(text), Date.parse(text)), text);
      }
    }),
    { numRuns: 5000 },
  );
});
