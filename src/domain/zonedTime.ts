// Calendar arithmetic in one IANA time zone without a date library. Intl is slow per call, so the
// zone's UTC offset is looked up once per UTC day when it is the same at both ends of that day, and
// once per quarter hour (offsets only change on such boundaries) on the few days it changes.
// Everything else is plain arithmetic on that offset — 100 000 readings stay cheap.

const QUARTER_HOUR_MS = 15 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
export const DAY_MS = 24 * 60 * MINUTE_MS;

/** What the zone formatter's format() writes: month/day/year, hour:minute:second. */
const EN_US_WALL_TIME = /^(\d{1,2})\/(\d{1,2})\/(\d{4}), (\d{2}):(\d{2}):(\d{2})$/;
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?)?$/;

export class ZoneCalendar {
  /** The zone actually used: the requested one, or UTC when none was given or it is no valid IANA id. */
  readonly zone: string;
  readonly usesRequestedZone: boolean;
  private readonly formatter: Intl.DateTimeFormat;
  /** Quarter hour → offset, shared by every calendar of the zone in the process (see ZoneOffsets). */
  private readonly offsetCache: Map<number, number>;
  /** UTC day → the offset all day long, or NaN on a day the offset changes; shared like offsetCache. */
  private readonly steadyDayOffset: Map<number, number>;
  // The last steady day asked for: readings come in time order, so most lookups hit it.
  private lastSteadyDay = Number.NaN;
  private lastSteadyOffset = 0;

  constructor(requestedZone: string | undefined) {
    let zone = requestedZone && requestedZone.trim() !== '' ? requestedZone : 'UTC';
    let valid = zone === requestedZone;
    let offsets: ZoneOffsets;
    try {
      offsets = zoneOffsets(zone);
    } catch {
      zone = 'UTC';
      valid = false;
      offsets = zoneOffsets(zone);
    }
    this.zone = zone;
    this.usesRequestedZone = valid;
    this.formatter = offsets.formatter;
    this.offsetCache = offsets.quarterHours;
    this.steadyDayOffset = offsets.steadyDays;
  }

  /** Minutes to add to UTC to get the zone's wall time at `epochMs`. */
  offsetMinutesAt(epochMs: number): number {
    const day = Math.floor(epochMs / DAY_MS);
    if (day === this.lastSteadyDay) return this.lastSteadyOffset;
    let steady = this.steadyDayOffset.get(day);
    if (steady === undefined) {
      // No zone changes its offset and back within one day: equal ends mean a steady day.
      const start = this.quarterHourOffset(day * DAY_MS);
      steady = start === this.quarterHourOffset((day + 1) * DAY_MS) ? start : Number.NaN;
      this.steadyDayOffset.set(day, steady);
    }
    if (Number.isNaN(steady)) return this.quarterHourOffset(epochMs);
    this.lastSteadyDay = day;
    this.lastSteadyOffset = steady;
    return steady;
  }

  private quarterHourOffset(epochMs: number): number {
    const bucket = Math.floor(epochMs / QUARTER_HOUR_MS);
    const cached = this.offsetCache.get(bucket);
    if (cached !== undefined) return cached;
    const offset = this.computeOffsetMinutes(bucket * QUARTER_HOUR_MS);
    this.offsetCache.set(bucket, offset);
    return offset;
  }

  /** The zone's calendar day of an instant, as `YYYY-MM-DD`. */
  dayKey(epochMs: number): string {
    return isoDate(new Date(epochMs + this.offsetMinutesAt(epochMs) * MINUTE_MS));
  }

  /** The zone's calendar day of an instant as a number: days since 1970-01-01 (see dayKeyOfIndex). */
  dayIndex(epochMs: number): number {
    return Math.floor((epochMs + this.offsetMinutesAt(epochMs) * MINUTE_MS) / DAY_MS);
  }

  /** `YYYY-MM-DD HH:mm:ss` in the zone. */
  formatWallTime(epochMs: number): string {
    const wall = new Date(epochMs + this.offsetMinutesAt(epochMs) * MINUTE_MS);
    return `${isoDate(wall)} ${pad2(wall.getUTCHours())}:${pad2(wall.getUTCMinutes())}:${pad2(wall.getUTCSeconds())}`;
  }

  /** `+02:00` style offset of the zone at an instant. */
  formatOffset(epochMs: number): string {
    return formatOffsetMinutes(this.offsetMinutesAt(epochMs));
  }

  /** The instant a wall-clock time in this zone stands for (the earlier one in a DST overlap). */
  wallTimeToEpoch(wallAsUtcMs: number): number {
    const guess = wallAsUtcMs - this.offsetMinutesAt(wallAsUtcMs) * MINUTE_MS;
    return wallAsUtcMs - this.offsetMinutesAt(guess) * MINUTE_MS;
  }

  /** Start of a calendar day (`YYYY-MM-DD`) in the zone. */
  startOfDay(dayKey: string): number {
    return this.wallTimeToEpoch(Date.parse(`${dayKey}T00:00:00Z`));
  }

  private computeOffsetMinutes(epochMs: number): number {
    // format() is about four times faster than formatToParts(); its en-US shape ("11/23/2026,
    // 13:45:12") is read by position, and anything else falls back to the parts.
    const wall = EN_US_WALL_TIME.exec(this.formatter.format(epochMs));
    const wallAsUtc = wall
      ? Date.UTC(Number(wall[3]), Number(wall[1]) - 1, Number(wall[2]), Number(wall[4]) % 24, Number(wall[5]), Number(wall[6]))
      : this.wallFromParts(epochMs);
    return Math.round((wallAsUtc - epochMs) / MINUTE_MS);
  }

  private wallFromParts(epochMs: number): number {
    const parts: Record<string, number> = {};
    for (const part of this.formatter.formatToParts(new Date(epochMs))) {
      if (part.type !== 'literal') parts[part.type] = Number(part.value);
    }
    return Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1, (parts.hour ?? 0) % 24, parts.minute ?? 0, parts.second ?? 0);
  }
}

/**
 * What a zone's calendars share for the whole process: one formatter (building one costs a fraction
 * of a millisecond, using one is pure) and the offsets it gave, which never change for an instant.
 * A calendar per user or per scan thus asks Intl once per zone and day, not once per calendar: the
 * coverage scan's per-user dates (connections, zone updates) fall on thousands of distinct days.
 * Bounded by the days asked about (two numbers a day, a few more on the days the offset changes).
 */
interface ZoneOffsets {
  formatter: Intl.DateTimeFormat;
  quarterHours: Map<number, number>;
  steadyDays: Map<number, number>;
}

const ZONES = new Map<string, ZoneOffsets>();

function zoneOffsets(zone: string): ZoneOffsets {
  let offsets = ZONES.get(zone);
  if (!offsets) {
    offsets = { formatter: newZonedFormatter(zone), quarterHours: new Map(), steadyDays: new Map() };
    ZONES.set(zone, offsets);
  }
  return offsets;
}

function newZonedFormatter(zone: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
}

export interface ParsedTimestamp {
  epochMs: number;
  /** The offset written in the timestamp (`+02:00`, `Z` as `+00:00`); undefined when it had none. */
  originalOffset: string | undefined;
}

/** What readTimestamp fills in: one object reused for every reading, so reading them allocates nothing. */
export interface TimestampFields {
  epochMs: number;
  /** The offset written in the timestamp, in minutes; NaN when it carried none. */
  offsetMinutes: number;
  /** Characters of that offset at the end of the timestamp (`Z`: 1, `+02:00`: 6, `+0200`: 5); 0 when none. */
  offsetLength: number;
}

export function timestampFields(): TimestampFields {
  return { epochMs: Number.NaN, offsetMinutes: Number.NaN, offsetLength: 0 };
}

/**
 * Reads a reading's timestamp into `into`; false for text that is no date at all. One without an
 * offset is wall time in the user's fallback zone — that is what the fallback zone is for. The
 * offset at the end (`Z`, `+02:00` or `+0200`) is found by looking at its characters, not with a
 * regular expression: this runs once per reading.
 */
export function readTimestamp(timestamp: string, fallback: ZoneCalendar, into: TimestampFields): boolean {
  const length = offsetSuffixLength(timestamp);
  if (length > 0) {
    const epochMs = parseInstant(timestamp);
    if (Number.isNaN(epochMs)) return false;
    into.epochMs = epochMs;
    into.offsetLength = length;
    into.offsetMinutes = length === 1 ? 0 : suffixMinutes(timestamp, length);
    return true;
  }
  const wall = WALL_TIME.exec(timestamp);
  if (!wall) return false;
  const [, year, month, day, hour = '00', minute = '00', second = '00', fraction = ''] = wall;
  const wallAsUtc = Date.parse(`${year}-${month}-${day}T${hour}:${minute}:${second}${fraction}Z`);
  if (Number.isNaN(wallAsUtc)) return false;
  into.epochMs = fallback.wallTimeToEpoch(wallAsUtc);
  into.offsetLength = 0;
  into.offsetMinutes = Number.NaN;
  return true;
}

/** The offset a timestamp read by readTimestamp was written with, `+02:00` style (`Z` as `+00:00`). */
export function offsetText(timestamp: string, offsetLength: number): string | undefined {
  return offsetLength > 0 ? normaliseOffset(timestamp.slice(timestamp.length - offsetLength)) : undefined;
}

/**
 * Reads a reading's timestamp. One without an offset is wall time in the user's fallback zone —
 * that is what the fallback zone is for. Returns undefined for text that is no date at all.
 */
export function parseTimestamp(timestamp: string, fallback: ZoneCalendar): ParsedTimestamp | undefined {
  const fields = timestampFields();
  if (!readTimestamp(timestamp, fallback, fields)) return undefined;
  return { epochMs: fields.epochMs, originalOffset: offsetText(timestamp, fields.offsetLength) };
}

/**
 * Date.parse for a timestamp with an offset, read by hand in its usual form
 * (`2026-10-05T08:12:00`, optional fraction, then `Z` or `±HH:MM`): about four times faster, and
 * the same instant (a unit test holds the two equal). Any other form goes to Date.parse.
 */
export function parseInstant(text: string): number {
  const n = text.length;
  if (n < 20 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45 || text.charCodeAt(10) !== 84 || text.charCodeAt(13) !== 58 || text.charCodeAt(16) !== 58) {
    return Date.parse(text);
  }
  const year = twoDigits(text, 0) * 100 + twoDigits(text, 2);
  const month = twoDigits(text, 5);
  const day = twoDigits(text, 8);
  const hour = twoDigits(text, 11);
  const minute = twoDigits(text, 14);
  const second = twoDigits(text, 17);
  // Date.UTC reads years 0–99 as 1900–1999; out-of-range fields are Date.parse's to judge.
  if (year < 100 || month < 1 || month > 12 || day < 1 || day > 31 || hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) {
    return Date.parse(text);
  }
  let at = 19;
  let ms = 0;
  if (text.charCodeAt(at) === 46) {
    // A fraction: milliseconds are its first three digits (Date.parse drops the rest).
    let digits = 0;
    for (at++; at < n; at++, digits++) {
      const digit = text.charCodeAt(at) - 48;
      if (digit < 0 || digit > 9) break;
      if (digits < 3) ms = ms * 10 + digit;
    }
    // V8 reads fractions of more than nine digits its own way.
    if (digits === 0 || digits > 9) return Date.parse(text);
    for (let pad = digits; pad < 3; pad++) ms *= 10;
  }
  const sign = text.charCodeAt(at);
  let offsetMinutes: number;
  if (sign === 90 && at === n - 1) offsetMinutes = 0;
  else if ((sign === 43 || sign === 45) && at === n - 6 && text.charCodeAt(at + 3) === 58) {
    const hours = twoDigits(text, at + 1);
    const minutes = twoDigits(text, at + 4);
    if (hours < 0 || hours > 23 || minutes < 0 || minutes > 59) return Date.parse(text);
    offsetMinutes = (sign === 45 ? -1 : 1) * (hours * 60 + minutes);
  } else return Date.parse(text);
  // Readings come in runs on one date: Date.UTC once per date, the time of day added by hand (UTC
  // has no leap seconds, and every field is in range by now, so the sum is Date.UTC's own).
  const date = (year * 100 + month) * 100 + day;
  if (date !== lastInstantDate) {
    lastInstantDate = date;
    lastInstantDateMs = Date.UTC(year, month - 1, day);
  }
  return lastInstantDateMs + ((hour * 60 + minute) * 60 + second) * 1000 + ms - offsetMinutes * MINUTE_MS;
}

/** parseInstant's last date (YYYYMMDD as a number) and its start in ms, for the next reading on it. */
let lastInstantDate = -1;
let lastInstantDateMs = 0;

/** The number two decimal digits at `at` write, or -1000 when they are not two digits. */
function twoDigits(text: string, at: number): number {
  const tens = text.charCodeAt(at) - 48;
  const ones = text.charCodeAt(at + 1) - 48;
  return tens >= 0 && tens <= 9 && ones >= 0 && ones <= 9 ? tens * 10 + ones : -1000;
}

/** Length of the offset that ends `text` (`Z` or `z`, `±HH:MM`, `±HHMM`), 0 when there is none. */
function offsetSuffixLength(text: string): number {
  const n = text.length;
  const last = text.charCodeAt(n - 1);
  if (last === 90 || last === 122) return 1; // Z or z
  if (n >= 6 && isSign(text.charCodeAt(n - 6)) && text.charCodeAt(n - 3) === 58 && digitsAt(text, n - 5, 2) && digitsAt(text, n - 2, 2)) return 6;
  if (n >= 5 && isSign(text.charCodeAt(n - 5)) && digitsAt(text, n - 4, 4)) return 5;
  return 0;
}

function suffixMinutes(text: string, length: number): number {
  const start = text.length - length;
  const minutesAt = length === 6 ? start + 4 : start + 3;
  const hours = (text.charCodeAt(start + 1) - 48) * 10 + (text.charCodeAt(start + 2) - 48);
  const minutes = (text.charCodeAt(minutesAt) - 48) * 10 + (text.charCodeAt(minutesAt + 1) - 48);
  return (text.charCodeAt(start) === 45 ? -1 : 1) * (hours * 60 + minutes);
}

function isSign(code: number): boolean {
  return code === 43 || code === 45; // + or -
}

function digitsAt(text: string, from: number, count: number): boolean {
  for (let i = from; i < from + count; i++) {
    const code = text.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return true;
}

function normaliseOffset(raw: string): string {
  if (raw.toUpperCase() === 'Z') return '+00:00';
  return raw.includes(':') ? raw : `${raw.slice(0, 3)}:${raw.slice(3)}`;
}

export function formatOffsetMinutes(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const absolute = Math.abs(minutes);
  return `${sign}${pad2(Math.floor(absolute / 60))}:${pad2(absolute % 60)}`;
}

/** `YYYY-MM-DD` of a Date read in UTC. */
export function isoDate(date: Date): string {
  return `${String(date.getUTCFullYear()).padStart(4, '0')}-${pad2(date.getUTCMonth() + 1)}-${pad2(date.getUTCDate())}`;
}

/** `YYYY-MM-DD` of a day index (days since 1970-01-01, as ZoneCalendar.dayIndex returns). */
export function dayKeyOfIndex(index: number): string {
  return isoDate(new Date(index * DAY_MS));
}

/** Day index of a `YYYY-MM-DD` day (the inverse of dayKeyOfIndex). */
export function dayIndexOfKey(dayKey: string): number {
  return Math.floor(Date.parse(`${dayKey}T00:00:00Z`) / DAY_MS);
}

/** Day keys from `first` to `last` inclusive (both `YYYY-MM-DD`). */
export function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  const end = Date.parse(`${last}T00:00:00Z`);
  for (let t = Date.parse(`${first}T00:00:00Z`); t <= end; t += DAY_MS) days.push(isoDate(new Date(t)));
  return days;
}

/** How many days `daysBetween(first, last)` would list, without building them (0 when last < first). */
export function dayCount(first: string, last: string): number {
  return Math.max(0, Math.round((Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / DAY_MS) + 1);
}

/** Shifts a `YYYY-MM-DD` day by whole days. */
export function addDays(dayKey: string, days: number): string {
  return isoDate(new Date(Date.parse(`${dayKey}T00:00:00Z`) + days * DAY_MS));
}

function pad2(value: number): string {
  return String(value).padStart(2, '0');
}
