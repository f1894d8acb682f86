// The window a diagnosis or a scan looks at: the last N days of the user's calendar, today included
// (the scan engine counts its window the same way), and the longer history fetched around it so a
// silent source can be told apart: stopped (data before) or never delivered (none at all).
import type { DayRange } from './bloodPressureCoverage';
import { addDays, type ZoneCalendar } from '../zonedTime';

/** The windows both tools offer. */
export const DIAGNOSIS_WINDOW_DAYS = [7, 14, 30, 90] as const;
export const DEFAULT_DIAGNOSIS_DAYS = 30;
/** How far before the window the diagnosis reads, to date a source's last reading. */
export const DIAGNOSIS_HISTORY_DAYS = 365;

export function isDiagnosisWindowDays(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 366;
}

/**
 * The one rule for "N days": N calendar days ending on `lastDay`, that day included ("7 days" on
 * 11-26 is 11-20 → 11-26). The blood-pressure presets, the panel's default range, the diagnosis
 * and the scan all count their windows with it.
 */
export function daysEndingOn(lastDay: string, days: number): DayRange {
  return { firstDay: addDays(lastDay, -(Math.max(1, days) - 1)), lastDay };
}

/** N days ending today in the user's zone. */
export function lastDaysWindow(days: number, zone: ZoneCalendar, nowMs: number): DayRange {
  return daysEndingOn(zone.dayKey(nowMs), days);
}

export function historyAround(window: DayRange): DayRange {
  return { firstDay: addDays(window.firstDay, -DIAGNOSIS_HISTORY_DAYS), lastDay: window.lastDay };
}
