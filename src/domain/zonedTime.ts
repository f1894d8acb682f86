// Calendar arithmetic in one IANA time zone without a date library. Intl is slow per call, so the
// zone's UTC offset is looked up once per UTC day when it is the same at both ends of that day, and
// once per quarter hour (offsets only change on such boundaries) on the few days it changes.
// Everything else is plain arithmetic on that offset — 100 000 readings stay cheap.

const QUARTER_HOUR_MS = 15 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
export const DAY_MS = 24 * 60 * MINUTE_MS;

const OFFSET_SUFFIX = /(Z|[+-]\d{2}:?\d{2})$/i;
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?)?$/;

export class ZoneCalendar {
  /** The zone actually used: the requested one, or UTC when none was given or it is no valid IANA id. */
  readonly zone: string;
  readonly usesRequestedZone: boolean;
  private readonly formatter: Intl.DateTimeFormat;
  private readonly offsetCache = new Map<number, number>();
  /** UTC day → the offset all day long, or NaN on a day the offset changes. */
  private readonly steadyDayOffset = new Map<number, number>();

  constructor(requestedZone: string | undefined) {
    let zone = requestedZone && requestedZone.trim() !== '' ? requestedZone : 'UTC';
    let valid = zone === requestedZone;
    let formatter: Intl.DateTimeFormat;
    try {
      formatter = zonedFormatter(zone);
    } catch {
      zone = 'UTC';
      valid = false;
      formatter = zonedFormatter(zone);
    }
    this.zone = zone;
    this.usesRequestedZone = valid;
    this.formatter = formatter;
  }

  /** Minutes to add to UTC to get the zone's wall time at `epochMs`. */
  offsetMinutesAt(epochMs: number): number {
    const day = Math.floor(epochMs / DAY_MS);
    let steady = this.steadyDayOffset.get(day);
    if (steady === undefined) {
      // No zone changes its offset and back within one day: equal ends mean a steady day.
      const start = this.quarterHourOffset(day * DAY_MS);
      steady = start === this.quarterHourOffset((day + 1) * DAY_MS) ? start : Number.NaN;
      this.steadyDayOffset.set(day, steady);
    }
    return Number.isNaN(steady) ? this.quarterHourOffset(epochMs) : steady;
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
    const parts: Record<string, number> = {};
    for (const part of this.formatter.formatToParts(new Date(epochMs))) {
      if (part.type !== 'literal') parts[part.type] = Number(part.value);
    }
    const wallAsUtc = Date.UTC(
      parts.year ?? 1970,
      (parts.month ?? 1) - 1,
      parts.day ?? 1,
      (parts.hour ?? 0) % 24,
      parts.minute ?? 0,
      parts.second ?? 0,
    );
    return Math.round((wallAsUtc - epochMs) / MINUTE_MS);
  }
}

function zonedFormatter(zone: string): Intl.DateTimeFormat {
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

/**
 * Reads a reading's timestamp. One without an offset is wall time in the user's fallback zone —
 * that is what the fallback zone is for. Returns undefined for text that is no date at all.
 */
export function parseTimestamp(timestamp: string, fallback: ZoneCalendar): ParsedTimestamp | undefined {
  const suffix = OFFSET_SUFFIX.exec(timestamp);
  if (suffix) {
    const epochMs = Date.parse(timestamp);
    if (Number.isNaN(epochMs)) return undefined;
    return { epochMs, originalOffset: normaliseOffset(suffix[1] ?? 'Z') };
  }
  const wall = WALL_TIME.exec(timestamp);
  if (!wall) return undefined;
  const [, year, month, day, hour = '00', minute = '00', second = '00', fraction = ''] = wall;
  const wallAsUtc = Date.parse(`${year}-${month}-${day}T${hour}:${minute}:${second}${fraction}Z`);
  if (Number.isNaN(wallAsUtc)) return undefined;
  return { epochMs: fallback.wallTimeToEpoch(wallAsUtc), originalOffset: undefined };
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
