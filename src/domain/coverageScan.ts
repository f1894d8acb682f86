// Scan Data Coverage's engine: each user's grouped blood pressure in a window (every cursor page),
// a bounded number of users in flight, Cancel that keeps what is done, and every user accounted
// for: scanned, failed (with the reason) or not scanned because the scan was cancelled.
// Retries (429 with Retry-After, 5xx, resets) are the client's; a user whose request still fails
// transiently is tried once more after the others, so a burst of faults does not cost a user.
import type { HealthApiClient } from '../api/client';
import { isHealthApiError, type HealthApiErrorKind } from '../api/errors';
import { iterateBloodPressurePages } from '../api/paging';
import type { BloodPressureQuery } from '../api/requests';
import type { GroupedBloodPressure, User } from '../api/schemas';
import { timeZoneIdOf } from '../api/wireValues';
import { groupReadings } from './bloodPressureGroups';
import type { DayRange } from './bloodPressureCoverage';
import { SEVERITY, diagnose, type Finding, type FindingKind } from './dataDiagnosis';
import { addDays, dayCount, daysBetween, ZoneCalendar } from './zonedTime';

export interface ScanOptions {
  /** Window as days counted back from each user's today (7/14/30/90). */
  days: number;
  provider?: string;
  /** Users in flight at once; default 4. */
  concurrency?: number;
  signal?: AbortSignal;
  nowMs?: number;
  gapDays?: number;
  onProgress?: (progress: ScanProgress) => void;
}

export interface ScanProgress {
  done: number;
  total: number;
  requests: number;
  errors: number;
}

export type ScanRow =
  | {
      status: 'scanned';
      userId: string;
      clientUserId: string;
      window: DayRange;
      readings: number;
      daysWithReadings: number;
      /** Days of the window after the last reading (the whole window when there is none). */
      daysWithoutData: number;
      lastReadingDay: string | undefined;
      /** Readings per day of the window, oldest first (the heat map's row). */
      readingsPerDay: number[];
      /** Connected sources able to deliver that stopped or never delivered. */
      silentSources: string[];
      /** Problem and warning findings, by kind. */
      findings: FindingKind[];
    }
  | { status: 'failed'; userId: string; clientUserId: string; reason: HealthApiErrorKind | 'unexpected'; message: string }
  | { status: 'notScanned'; userId: string; clientUserId: string };

export interface ScanResult {
  rows: ScanRow[];
  cancelled: boolean;
  requests: number;
}

/** How far before the window a silent source is looked for, to tell "stopped" from "never delivered". */
export const HISTORY_PROBE_DAYS = 365;

const TRANSIENT: ReadonlySet<HealthApiErrorKind> = new Set(['rate_limited', 'server', 'network', 'timeout']);

export async function scanCoverage(client: HealthApiClient, users: readonly User[], options: ScanOptions): Promise<ScanResult> {
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const rows: (ScanRow | undefined)[] = new Array<ScanRow | undefined>(users.length).fill(undefined);
  const progress: ScanProgress = { done: 0, total: users.length, requests: 0, errors: 0 };
  const cancelled = (): boolean => options.signal?.aborted === true;
  // One calendar per zone for the whole scan: building one (an Intl formatter, offset caches) per
  // user cost more than the user's own readings.
  const calendars = new Map<string | undefined, ZoneCalendar>();
  const calendarOf = (zone: string | undefined): ZoneCalendar => {
    let calendar = calendars.get(zone);
    if (!calendar) calendars.set(zone, (calendar = new ZoneCalendar(zone)));
    return calendar;
  };

  const pass = async (indices: readonly number[], last: boolean): Promise<number[]> => {
    const retry: number[] = [];
    let next = 0;
    const worker = async (): Promise<void> => {
      while (!cancelled()) {
        const index = indices[next++];
        if (index === undefined) return;
        const user = users[index];
        if (!user) continue;
        const row = await scanUser(client, user, options, progress, calendarOf(timeZoneIdOf(user)));
        if (row.status === 'failed' && row.reason === 'cancelled') continue;
        if (row.status === 'failed' && !last && row.reason !== 'unexpected' && TRANSIENT.has(row.reason)) {
          retry.push(index);
          continue;
        }
        rows[index] = row;
        progress.done++;
        if (row.status === 'failed') progress.errors++;
        options.onProgress?.({ ...progress });
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, indices.length) }, worker));
    return retry;
  };

  const again = await pass(users.map((_, i) => i), false);
  if (again.length > 0 && !cancelled()) await pass(again, true);
  return {
    rows: users.map((user, i) => rows[i] ?? { status: 'notScanned', userId: user.user_id, clientUserId: user.client_user_id }),
    cancelled: cancelled(),
    requests: progress.requests,
  };
}

async function scanUser(client: HealthApiClient, user: User, options: ScanOptions, progress: ScanProgress, zone: ZoneCalendar): Promise<ScanRow> {
  const nowMs = options.nowMs ?? Date.now();
  const today = zone.dayKey(nowMs);
  const window: DayRange = { firstDay: addDays(today, -(options.days - 1)), lastDay: today };
  const pages: GroupedBloodPressure['groups'][] = [];
  const fetchAll = async (query: BloodPressureQuery): Promise<void> => {
    for await (const page of iterateBloodPressurePages(client, user.user_id, query, { signal: options.signal })) {
      progress.requests++;
      pages.push(page.groups);
    }
  };
  let history = window;
  let findings: Finding[];
  try {
    await fetchAll({ startDate: window.firstDay, endDate: window.lastDay, ...(options.provider ? { provider: options.provider } : {}) });
    const inWindow = groupReadings(pages, zone);
    findings = diagnose({ user, groups: inWindow, history, window, zone, nowMs, gapDays: options.gapDays });
    // Silent in the window: stopped (data before) or never delivered? Probe the year before, that provider only.
    const silent = findings.flatMap((f) => (f.kind === 'sourceNeverDelivered' ? [f.provider] : []));
    if (silent.length > 0) {
      history = { firstDay: addDays(window.firstDay, -HISTORY_PROBE_DAYS), lastDay: window.lastDay };
      for (const provider of silent) await fetchAll({ startDate: history.firstDay, endDate: addDays(window.firstDay, -1), provider });
    }
  } catch (error) {
    // Not instanceof: in the extension the client is a separate bundle with its own error class.
    const kind = isHealthApiError(error) ? error.kind : 'unexpected';
    const message = error instanceof Error ? error.message : String(error);
    return { status: 'failed', userId: user.user_id, clientUserId: user.client_user_id, reason: kind, message };
  }
  const groups = groupReadings(pages, zone);
  if (history !== window) findings = diagnose({ user, groups, history, window, zone, nowMs, gapDays: options.gapDays });
  const days = new Set<string>();
  const windowDays = daysBetween(window.firstDay, window.lastDay);
  const dayIndex = new Map(windowDays.map((day, i) => [day, i]));
  const readingsPerDay = new Array<number>(windowDays.length).fill(0);
  let readings = 0;
  for (const group of groups) {
    for (const reading of group.readings) {
      const day = zone.dayKey(reading.epochMs);
      if (day < window.firstDay) continue; // probe readings are evidence, not coverage
      days.add(day);
      readings++;
      const index = dayIndex.get(day);
      if (index !== undefined) readingsPerDay[index] = (readingsPerDay[index] ?? 0) + 1;
    }
  }
  const lastReadingDay = [...days].sort().at(-1);
  return {
    status: 'scanned',
    userId: user.user_id,
    clientUserId: user.client_user_id,
    window,
    readings,
    daysWithReadings: days.size,
    daysWithoutData: lastReadingDay ? dayCount(lastReadingDay, window.lastDay) - 1 : options.days,
    lastReadingDay,
    readingsPerDay,
    silentSources: silentSources(findings),
    findings: [...new Set(findings.filter((f) => SEVERITY[f.kind] !== 'info').map((f) => f.kind))].sort(),
  };
}

function silentSources(findings: readonly Finding[]): string[] {
  return findings
    .flatMap((f) => (f.kind === 'sourceStopped' || f.kind === 'sourceNeverDelivered' ? [f.provider] : []))
    .sort();
}
