// What a story user's findings must say, derived from the clock the product read and the zone it
// counts in, never from the calendar the suite happens to run on. The sandbox places a story's
// readings on UTC days relative to its `today`; Diagnose Data counts days in the user's zone at
// the moment it runs, so the count can be one more or one less depending on the hour and zone.
// No vscode and no DOM: the integration and e2e layers share it.

const DAY_MS = 86_400_000;

/** The local calendar day ("YYYY-MM-DD") of an instant in an IANA zone, by the platform's own tz data. */
export function localDayIn(zone: string, instantMs: number): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instantMs);
  const part = (type: string): string => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Whole days from `first` to `last`, both "YYYY-MM-DD". */
export function daysFrom(first: string, last: string): number {
  return Math.round((Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / DAY_MS);
}

/** The UTC day "YYYY-MM-DD" `days` before the UTC day of `instantMs`. */
export function utcDayBefore(instantMs: number, days: number): string {
  return new Date((Math.floor(instantMs / DAY_MS) - days) * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The day counts a finding computed at some instant in [fromMs, toMs] may show for a last reading on
 * `lastDay`, counted in `zone`: one value, or two when local midnight fell between the two instants.
 */
export function daysSinceBetween(zone: string, lastDay: string, fromMs: number, toMs: number): number[] {
  return [...new Set([daysFrom(lastDay, localDayIn(zone, fromMs)), daysFrom(lastDay, localDayIn(zone, toMs))])];
}

/**
 * The local days in `zone` an instant on the UTC day `utcDay` can fall on: the day before, the day
 * itself or the day after (a zone's offset is within ±14 h).
 */
export function localDaysOfUtcDay(zone: string, utcDay: string): string[] {
  const start = Date.parse(`${utcDay}T00:00:00Z`);
  return [...new Set([localDayIn(zone, start), localDayIn(zone, start + DAY_MS - 1)])];
}
