// Calendar arithmetic in one IANA time zone without a date library. Intl is slow per call, so the
// zone's UTC offset is looked up once per UTC day when it is the same at both ends of that day, and
// once per quarter hour (offsets only change on such boundaries) on the few days it changes.
// Everything else is plain arithmetic on that offset — 100 000 readings stay cheap.

import { DAY_MS, isoDate, MINUTE_MS, pad2 } from './dayKeys';

const QUARTER_HOUR_MS = 15 * MINUTE_MS;

/** What the zone formatter's format() writes: month/day/year, hour:minute:second. */
const EN_US_WALL_TIME = /^(\d{1,2})\/(\d{1,2})\/(\d{4}), (\d{2}):(\d{2}):(\d{2})$/;

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

/** `+02:00` style text of an offset in minutes east of UTC. */
export function formatOffsetMinutes(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const absolute = Math.abs(minutes);
  return `${sign}${pad2(Math.floor(absolute / 60))}:${pad2(absolute % 60)}`;
}
