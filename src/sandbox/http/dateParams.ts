// start_date / end_date: "YYYY-MM-DD" or an ISO 8601 date-time. A date without time is a day of
// the user's fallback time zone (00:00:00 for the start, 23:59:59 for the end, inclusive); a
// date-time without offset is wall time in that zone too; one with an offset is an exact instant.
import { MS_PER_DAY, MS_PER_MINUTE, wallTimeToInstant } from '../data/timeZones';

export type DateInput =
  | { kind: 'date'; day: number }
  | { kind: 'wall'; wallMs: number }
  | { kind: 'instant'; ms: number };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(?:([Zz])|([+-])(\d{2}):?(\d{2}))?$/;

export const DATE_FORMAT_ERROR = 'expected YYYY-MM-DD or an ISO 8601 date-time such as 2026-01-31T08:00:00+01:00';

function validDay(year: number, month: number, day: number): number | undefined {
  if (month < 1 || month > 12 || day < 1 || year < 1) return undefined;
  const check = new Date(0);
  check.setUTCFullYear(year, month - 1, day); // unlike Date.UTC, keeps years 1..99 as written
  const ms = check.getTime();
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return undefined;
  return Math.floor(ms / MS_PER_DAY);
}

export function parseDateInput(raw: string): DateInput | undefined {
  const dateOnly = DATE.exec(raw);
  if (dateOnly) {
    const day = validDay(Number(dateOnly[1]), Number(dateOnly[2]), Number(dateOnly[3]));
    return day === undefined ? undefined : { kind: 'date', day };
  }
  const m = DATE_TIME.exec(raw);
  if (!m) return undefined;
  const day = validDay(Number(m[1]), Number(m[2]), Number(m[3]));
  const [hour, minute, second] = [Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
  if (day === undefined || hour > 23 || minute > 59 || second > 59) return undefined;
  const fraction = m[7] ? Math.floor(Number(`0.${m[7]}`) * 1000) : 0;
  const wallMs = day * MS_PER_DAY + ((hour * 60 + minute) * 60 + second) * 1000 + fraction;
  if (m[8]) return { kind: 'instant', ms: wallMs };
  if (m[9]) {
    const [offsetHours, offsetMinutes] = [Number(m[10]), Number(m[11])];
    if (offsetHours > 23 || offsetMinutes > 59) return undefined;
    const offset = (m[9] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes);
    return { kind: 'instant', ms: wallMs - offset * MS_PER_MINUTE };
  }
  return { kind: 'wall', wallMs };
}

const END_OF_DAY_MS = MS_PER_DAY - 1000;

/** Wall-clock value for comparisons that need no zone (both inputs zone-less). */
function wallValue(input: DateInput, isEnd: boolean): number | undefined {
  if (input.kind === 'date') return input.day * MS_PER_DAY + (isEnd ? END_OF_DAY_MS : 0);
  if (input.kind === 'wall') return input.wallMs;
  return undefined;
}

/**
 * Whether end is before start, when that can be told without the user's zone (both exact
 * instants, or both zone-less); undefined when it needs the zone (mixed kinds).
 */
export function endBeforeStartWithoutZone(start: DateInput, end: DateInput): boolean | undefined {
  if (start.kind === 'instant' && end.kind === 'instant') return end.ms < start.ms;
  const [a, b] = [wallValue(start, false), wallValue(end, true)];
  return a === undefined || b === undefined ? undefined : b < a;
}

export function toInstant(input: DateInput, zone: string | null, isEnd: boolean): number {
  if (input.kind === 'instant') return input.ms;
  return wallTimeToInstant(zone, wallValue(input, isEnd) ?? 0);
}
