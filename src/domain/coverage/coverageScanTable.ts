// The scan's result table: which rows a filter keeps, how they sort, and the CSV export. Pure, so
// the webview sorts 100,000 rows and the host exports them with the same rules.
import type { ScanRow } from './coverageScan';
import { toCsv } from '../csv';

export type ScannedRow = Extract<ScanRow, { status: 'scanned' }>;

/**
 * The days the scan looked at. Every user's window is the same N days (lastDaysWindow, the
 * diagnosis's too) of their own calendar, so users in zones on either side of midnight have windows
 * a day apart: `sameForAll` false then, and the span runs from the earliest first day to the latest
 * last day. Undefined before a row was scanned.
 */
export function scanWindowSpan(rows: readonly Pick<ScannedRow, 'window'>[]): { firstDay: string; lastDay: string; sameForAll: boolean } | undefined {
  const first = rows[0];
  if (!first) return undefined;
  let firstDay = first.window.firstDay;
  let lastDay = first.window.lastDay;
  let sameForAll = true;
  for (const { window } of rows) {
    if (window.firstDay !== first.window.firstDay || window.lastDay !== first.window.lastDay) sameForAll = false;
    if (window.firstDay < firstDay) firstDay = window.firstDay;
    if (window.lastDay > lastDay) lastDay = window.lastDay;
  }
  return { firstDay, lastDay, sameForAll };
}

export const SCAN_SORT_KEYS = ['daysWithoutData', 'lastReading', 'readings', 'silentSources'] as const;
export type ScanSortKey = (typeof SCAN_SORT_KEYS)[number];

export const SCAN_FILTERS = ['all', 'connectedButSilent', 'stoppedSyncing', 'neverDelivered'] as const;
export type ScanFilter = (typeof SCAN_FILTERS)[number];

export const DEFAULT_STOPPED_DAYS = 7;

/**
 * - connected but silent: a connected source able to deliver blood pressure delivered none in the window;
 * - stopped syncing: a source had readings, then none for at least `stoppedDays` days (up to today);
 * - never delivered: a connected source able to deliver never did, in the window or the year before.
 */
export function keepsRow(row: ScannedRow, filter: ScanFilter, stoppedDays = DEFAULT_STOPPED_DAYS): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'connectedButSilent':
      return row.silentSources.length > 0;
    case 'stoppedSyncing':
      return row.findings.includes('sourceStopped') && row.daysWithoutData >= stoppedDays;
    case 'neverDelivered':
      return row.findings.includes('sourceNeverDelivered');
  }
}

/** Worst first: most days without data, oldest (or no) last reading, fewest readings, most silent sources. */
export function compareRows(key: ScanSortKey): (a: ScannedRow, b: ScannedRow) => number {
  const byName = (a: ScannedRow, b: ScannedRow): number => (a.clientUserId < b.clientUserId ? -1 : a.clientUserId > b.clientUserId ? 1 : 0);
  switch (key) {
    case 'daysWithoutData':
      return (a, b) => b.daysWithoutData - a.daysWithoutData || byName(a, b);
    case 'lastReading':
      return (a, b) => compareDays(a.lastReadingDay, b.lastReadingDay) || byName(a, b);
    case 'readings':
      return (a, b) => a.readings - b.readings || byName(a, b);
    case 'silentSources':
      return (a, b) => b.silentSources.length - a.silentSources.length || byName(a, b);
  }
}

/** Indexes of `rows` a filter keeps, in the order of `key` (descending reverses it). */
export function viewOrder(rows: readonly ScannedRow[], filter: ScanFilter, key: ScanSortKey, descending = false, stoppedDays = DEFAULT_STOPPED_DAYS): number[] {
  const compare = compareRows(key);
  const kept: number[] = [];
  for (let i = 0; i < rows.length; i++) if (keepsRow(rows[i] as ScannedRow, filter, stoppedDays)) kept.push(i);
  kept.sort((a, b) => compare(rows[a] as ScannedRow, rows[b] as ScannedRow));
  return descending ? kept.reverse() : kept;
}

/** No reading sorts before the oldest reading. */
function compareDays(a: string | undefined, b: string | undefined): number {
  if (a === b) return 0;
  if (a === undefined) return -1;
  if (b === undefined) return 1;
  return a < b ? -1 : 1;
}

/** The heat map's colour step of a day's readings: none, one, two or three, four or more. */
export function heatLevel(count: number): 0 | 1 | 2 | 3 {
  return count <= 0 ? 0 : count === 1 ? 1 : count <= 3 ? 2 : 3;
}

export const SCAN_CSV_HEADER = [
  'client_user_id',
  'user_id',
  'status',
  'window_start',
  'window_end',
  'readings',
  'days_with_readings',
  'days_without_data',
  'last_reading_day',
  'silent_sources',
  'findings',
  'failure_reason',
  'failure_message',
] as const;

/** Every user of the scan, one line each: scanned, failed (with the reason) or not scanned (cancelled). */
export function coverageScanCsv(rows: readonly ScanRow[]): string {
  return toCsv(
    SCAN_CSV_HEADER,
    rows.map((row) => {
      switch (row.status) {
        case 'scanned':
          return [
            row.clientUserId,
            row.userId,
            row.status,
            row.window.firstDay,
            row.window.lastDay,
            row.readings,
            row.daysWithReadings,
            row.daysWithoutData,
            row.lastReadingDay,
            row.silentSources.join(' '),
            row.findings.join(' '),
            '',
            '',
          ];
        case 'failed':
          return [row.clientUserId, row.userId, row.status, '', '', '', '', '', '', '', '', row.reason, row.message];
        case 'notScanned':
          return [row.clientUserId, row.userId, row.status, '', '', '', '', '', '', '', '', 'cancelled', ''];
      }
    }),
  );
}
