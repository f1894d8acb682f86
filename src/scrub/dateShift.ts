// Moving a date by whole days with string arithmetic: only the `YYYY-MM-DD` at the start changes;
// the time of day, fractional seconds, the UTC offset and its notation stay exactly as written.

/** A date or an ISO date-time, the shapes the service writes (also with a space, or a compact offset). */
const DATE_OR_DATE_TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|z|[+-]\d{2}(?::?\d{2})?)?)?$/;

/** Fast shape test before the regular expression: most strings fail at the first check. */
export function isDateString(value: string): boolean {
  return value.length >= 10 && value.charCodeAt(4) === 45 && value.charCodeAt(7) === 45 && DATE_OR_DATE_TIME.test(value);
}

// Days from 1970-01-01 and back, for the proleptic Gregorian calendar (H. Hinnant's algorithms).
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

function civilFromDays(days: number): string {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Shifts `YYYY-MM-DD…` strings by one number of days, remembering each distinct date it moved. */
export class DateShifter {
  private readonly shifted = new Map<string, string>();

  constructor(readonly days: number) {}

  /** `value` must pass isDateString. */
  shift(value: string): string {
    const date = value.length === 10 ? value : value.slice(0, 10);
    let moved = this.shifted.get(date);
    if (moved === undefined) {
      moved = civilFromDays(daysFromCivil(Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))) + this.days);
      this.shifted.set(date, moved);
    }
    return value.length === 10 ? moved : moved + value.slice(10);
  }
}

/** A birth date keeps only its year: `1985-06-14` → `1985-01-01` (anything after the date kept as written). */
export function yearOnly(value: string): string {
  return `${value.slice(0, 4)}-01-01${value.slice(10)}`;
}
