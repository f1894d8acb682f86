// Time-zone arithmetic on IANA ids with nothing but Intl: the UTC offset at an instant (cached
// per 15 minutes, the granularity of every real zone transition), local wall time → instant,
// and ISO 8601 formatting with the zone's offset ("2026-10-03T07:41:00+02:00").

export const TIME_ZONES: readonly string[] = [
  'Europe/Berlin',
  'Europe/London',
  'Europe/Madrid',
  'Europe/Warsaw',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'America/Sao_Paulo',
  'America/Toronto',
  'Asia/Tokyo',
  'Asia/Kolkata',
  'Asia/Singapore',
  'Australia/Sydney',
  'Pacific/Auckland',
  'Africa/Johannesburg',
  'UTC',
];

export const MS_PER_MINUTE = 60_000;
export const MS_PER_DAY = 86_400_000;
const BUCKET_MS = 15 * MS_PER_MINUTE;

const formatters = new Map<string, Intl.DateTimeFormat>();
const offsetCache = new Map<string, Map<number, number>>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function computeOffsetMinutes(timeZone: string, instantMs: number): number {
  const fields: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instantMs))) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(
    fields.year ?? 1970,
    (fields.month ?? 1) - 1,
    fields.day ?? 1,
    fields.hour ?? 0,
    fields.minute ?? 0,
    fields.second ?? 0,
  );
  return Math.round((asUtc - Math.floor(instantMs / 1000) * 1000) / MS_PER_MINUTE);
}

/** Minutes east of UTC in `timeZone` at the instant (null zone = UTC). */
export function offsetMinutesAt(timeZone: string | null, instantMs: number): number {
  if (timeZone === null || timeZone === 'UTC') return 0;
  let cache = offsetCache.get(timeZone);
  if (!cache) {
    cache = new Map();
    offsetCache.set(timeZone, cache);
  }
  const bucket = Math.floor(instantMs / BUCKET_MS);
  let offset = cache.get(bucket);
  if (offset === undefined) {
    offset = computeOffsetMinutes(timeZone, bucket * BUCKET_MS);
    cache.set(bucket, offset);
  }
  return offset;
}

/** The instant at which the wall clock in `timeZone` shows `wallAsUtcMs` (wall time encoded as if UTC). */
export function wallTimeToInstant(timeZone: string | null, wallAsUtcMs: number): number {
  const firstGuess = wallAsUtcMs - offsetMinutesAt(timeZone, wallAsUtcMs) * MS_PER_MINUTE;
  return wallAsUtcMs - offsetMinutesAt(timeZone, firstGuess) * MS_PER_MINUTE;
}

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** "2026-10-03T07:41:00+02:00" for the instant seen in `timeZone` ("+00:00" for UTC/null). */
export function formatWithOffset(timeZone: string | null, instantMs: number): string {
  const offset = offsetMinutesAt(timeZone, instantMs);
  const abs = Math.abs(offset);
  const suffix = `${offset < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
  // toISOString of the shifted instant is the wall time (years 0000–9999, which is all we emit).
  return new Date(instantMs + offset * MS_PER_MINUTE).toISOString().slice(0, 19) + suffix;
}

/** "2026-10-03T05:41:00+00:00", the way the service writes created_on/updated_at. */
export function formatUtc(instantMs: number): string {
  return formatWithOffset(null, instantMs);
}

/** Days since 1970-01-01 → "YYYY-MM-DD". */
export function formatDay(dayNumber: number): string {
  return new Date(dayNumber * MS_PER_DAY).toISOString().slice(0, 10);
}

/** Local calendar day (days since epoch) of an instant in `timeZone`. */
export function localDayOf(timeZone: string | null, instantMs: number): number {
  return Math.floor((instantMs + offsetMinutesAt(timeZone, instantMs) * MS_PER_MINUTE) / MS_PER_DAY);
}
