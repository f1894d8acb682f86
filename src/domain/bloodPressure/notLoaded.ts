// The part of a cancelled blood-pressure load's range that was never loaded. Cursor pages come in
// time order, so it runs from the last reading taken in to the end of the queried range.
import { DAY_MS, dayCount, dayKeyOfIndex, type ZoneCalendar } from '../zonedTime';

/** The part never loaded: after `fromMs` (the last reading loaded) up to `toMs`; its whole days, if any. */
export interface NotLoaded {
  fromMs: number;
  toMs: number;
  /** The first whole day never loaded; undefined when only the rest of the range's last day is missing. */
  firstDay: string | undefined;
  lastDay: string;
}

/** What a cancelled load left out of `range`, or undefined when its last reading closes the range. */
export function notLoadedPart(lastReadingMs: number | undefined, range: { firstDay: string; lastDay: string }, zone: ZoneCalendar): NotLoaded | undefined {
  const toMs = zone.startOfDay(range.lastDay) + DAY_MS - 1;
  if (lastReadingMs === undefined) return { fromMs: zone.startOfDay(range.firstDay), toMs, firstDay: range.firstDay, lastDay: range.lastDay };
  if (lastReadingMs >= toMs) return undefined;
  const nextDay = dayKeyOfIndex(zone.dayIndex(lastReadingMs) + 1);
  return { fromMs: lastReadingMs, toMs, firstDay: nextDay <= range.lastDay ? nextDay : undefined, lastDay: range.lastDay };
}

/** The days of a coverage strip (`firstDay` to `lastDay`, `totalDays` of them) a cancelled load reached, and the whole days it never loaded. */
export interface LoadedDays {
  loaded: number;
  notLoaded: number;
}

/**
 * How a coverage row counts its days after a cancel: only the days loaded are its total, the whole
 * days never loaded apart ("95 of 95 loaded days; 270 not loaded"). The day of the last reading is
 * loaded, even when the rest of it was not. Without a cancel (no `part`) every day is loaded.
 */
export function loadedDays(strip: { firstDay: string; lastDay: string; totalDays: number }, part: NotLoaded | undefined): LoadedDays {
  const total = strip.totalDays;
  if (!part?.firstDay) return { loaded: total, notLoaded: 0 };
  const from = part.firstDay > strip.firstDay ? part.firstDay : strip.firstDay;
  const to = part.lastDay < strip.lastDay ? part.lastDay : strip.lastDay;
  const notLoaded = Math.min(total, dayCount(from, to));
  return { loaded: total - notLoaded, notLoaded };
}
