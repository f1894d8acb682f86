// Checks for everything a user or a caller can type: used by the client before sending, and by the
// forms and input boxes so bad input gets an inline message instead of a request.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):?(\d{2}))?$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

function isRealCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export function isDateOnly(value: string): boolean {
  const match = DATE_ONLY.exec(value);
  return match !== null && isRealCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** `YYYY-MM-DD` or an ISO 8601 date-time (offset optional), as the service accepts. */
export function isApiDate(value: string): boolean {
  if (isDateOnly(value)) return true;
  const match = DATE_TIME.exec(value);
  if (!match) return false;
  const [hours, minutes, seconds] = [Number(match[4]), Number(match[5]), Number(match[6] ?? 0)];
  // An offset beyond ±23:59 is refused by the service (and unreadable by Date.parse).
  const [offsetHours, offsetMinutes] = [Number(match[7] ?? 0), Number(match[8] ?? 0)];
  return (
    isRealCalendarDate(Number(match[1]), Number(match[2]), Number(match[3])) &&
    hours < 24 &&
    minutes < 60 &&
    seconds < 60 &&
    offsetHours < 24 &&
    offsetMinutes < 60
  );
}

/**
 * The instant a range bound stands for: a date-only start is 00:00:00, a date-only end 23:59:59
 * (the service's rule). Date-only values and date-times without an offset are read as UTC, which
 * is enough to order two bounds the user typed in the same style.
 */
export function rangeBoundMs(value: string, bound: 'start' | 'end'): number {
  if (isDateOnly(value)) return Date.parse(`${value}T${bound === 'start' ? '00:00:00' : '23:59:59'}Z`);
  const hasOffset = /(Z|[+-]\d{2}:?\d{2})$/i.test(value);
  return Date.parse(hasOffset ? value : `${value.replace(' ', 'T')}Z`);
}

export function isIntegerInRange(value: number, min: number, max = Number.MAX_SAFE_INTEGER): boolean {
  return Number.isInteger(value) && value >= min && value <= max;
}

export type DateRangeProblem = 'startMissing' | 'startInvalid' | 'endInvalid' | 'endBeforeStart';

export function checkDateRange(startDate: string, endDate?: string): DateRangeProblem | undefined {
  if (!startDate) return 'startMissing';
  if (!isApiDate(startDate)) return 'startInvalid';
  if (endDate === undefined || endDate === '') return undefined;
  if (!isApiDate(endDate)) return 'endInvalid';
  if (rangeBoundMs(endDate, 'end') < rangeBoundMs(startDate, 'start')) return 'endBeforeStart';
  return undefined;
}
