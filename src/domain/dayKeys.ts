// Calendar days as `YYYY-MM-DD` keys and as day indexes (days since 1970-01-01): plain UTC
// arithmetic, no zone. Which day an instant falls on in a zone is ZoneCalendar's question.

export const MINUTE_MS = 60 * 1000;
export const DAY_MS = 24 * 60 * MINUTE_MS;

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

/** Two digits, zero-padded: the month, day, hour… of the texts above and of ZoneCalendar's. */
export function pad2(value: number): string {
  return String(value).padStart(2, '0');
}
