// How old downloaded data is, and whether it may still be used instead of downloading it again.

/** The users the filter searched stay usable for new filters this long; Refresh downloads at once. */
export const USERS_FRESH_FOR_MS = 5 * 60_000;

export function isFresh(fetchedAt: number, now: number, freshForMs = USERS_FRESH_FOR_MS): boolean {
  return now >= fetchedAt && now - fetchedAt < freshForMs;
}

export type Age = { unit: 'justNow' } | { unit: 'minutes'; count: number } | { unit: 'hours'; count: number };

/** Under a minute is "just now"; then whole minutes, then whole hours (rounded down). */
export function ageOf(fetchedAt: number, now: number): Age {
  const minutes = Math.floor(Math.max(0, now - fetchedAt) / 60_000);
  if (minutes < 1) return { unit: 'justNow' };
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  return { unit: 'hours', count: Math.floor(minutes / 60) };
}
