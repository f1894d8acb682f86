// Scan Data Coverage's engine: each user's grouped blood pressure in a window (every cursor page),
// a bounded number of users in flight, Cancel that keeps what is done, and every user accounted
// for: scanned, failed (with the reason) or not scanned because the scan was cancelled.
// Retries (429 with Retry-After, 5xx, resets) are the client's; a user whose request still fails
// transiently is tried once more after the others, so a burst of faults does not cost a user.
import type { HealthApiClient } from '../../api/client';
import { isHealthApiError, type HealthApiErrorKind } from '../../api/errors';
import { iterateBloodPressurePages } from '../../api/paging';
import { capabilityOf, PROVIDER_CAPABILITIES, type ProviderCapability } from '../../api/providerCapabilities';
import type { BloodPressureQuery } from '../../api/requests';
import type { User } from '../../api/schemas';
import { providerOf, timeZoneIdOf } from '../../api/wireValues';
import type { DayRange } from './bloodPressureCoverage';
import { diagnoseReadingDays, headlineFindings, silentSources, type FindingKind } from './dataDiagnosis';
import { DIAGNOSIS_HISTORY_DAYS, lastDaysWindow } from './diagnosisWindow';
import { ReadingDays } from '../bloodPressure/readingDays';
import { addDays, dayKeyOfIndex, ZoneCalendar } from '../zonedTime';

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
      /** Readings in the window. */
      readings: number;
      daysWithReadings: number;
      /** Days of the window after the last reading (the whole window when there is none in it). */
      daysWithoutData: number;
      /**
       * The day of the last reading the scan read: in the window, or before it when a silent
       * source was looked up in the year before; undefined: none in the window (nor before it,
       * for the sources looked up).
       */
      lastReadingDay: string | undefined;
      /** Readings per day of the window, oldest first (the heat map's row). */
      readingsPerDay: number[];
      /** Connected sources able to deliver that stopped or never delivered. */
      silentSources: string[];
      /** The diagnosis's headline findings (headlineFindings): what the diagnosis of this user says. */
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
export const HISTORY_PROBE_DAYS = DIAGNOSIS_HISTORY_DAYS;

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

/**
 * One user's row: the same findings as the user's diagnosis (Diagnose Data), from fewer requests.
 * The diagnosis reads a year before the window for every provider; the scan reads the window, then
 * the year before only for the connected sources silent in it that could have delivered (a source
 * the capability table says reports no blood pressure is not looked up). The listing carries no
 * ingestion bounds (only resolve does), so a user listed without them is resolved first.
 */
async function scanUser(client: HealthApiClient, listed: User, options: ScanOptions, progress: ScanProgress, zone: ZoneCalendar): Promise<ScanRow> {
  const nowMs = options.nowMs ?? Date.now();
  const window = lastDaysWindow(options.days, zone, nowMs);
  const readings = new ReadingDays(zone, window);
  const fetchAll = async (query: BloodPressureQuery): Promise<void> => {
    for await (const page of iterateBloodPressurePages(client, listed.user_id, query, { signal: options.signal })) {
      progress.requests++;
      readings.addPage(page.groups);
    }
  };
  let user: User;
  try {
    user = scopedUser(await withIngestionBounds(client, listed, options.signal, progress), options.provider);
    await fetchAll({ startDate: window.firstDay, endDate: window.lastDay, ...(options.provider ? { provider: options.provider } : {}) });
    const historyFirstDay = addDays(window.firstDay, -HISTORY_PROBE_DAYS);
    for (const source of user.connected_sources ?? []) {
      const { slug } = providerOf(source);
      if (readings.provider(slug) || !couldDeliver(slug)) continue;
      await fetchAll({ startDate: historyFirstDay, endDate: addDays(window.firstDay, -1), provider: slug });
    }
  } catch (error) {
    // Not instanceof: in the extension the client is a separate bundle with its own error class.
    const kind = isHealthApiError(error) ? error.kind : 'unexpected';
    const message = error instanceof Error ? error.message : String(error);
    return { status: 'failed', userId: listed.user_id, clientUserId: listed.client_user_id, reason: kind, message };
  }
  const findings = diagnoseReadingDays(user, readings, { nowMs, gapDays: options.gapDays });
  const lastInWindow = lastDayWithReadings(readings.perWindowDay);
  return {
    status: 'scanned',
    userId: listed.user_id,
    clientUserId: listed.client_user_id,
    window,
    readings: readings.readingsInWindow,
    daysWithReadings: readings.daysWithReadings(),
    daysWithoutData: readings.perWindowDay.length - 1 - lastInWindow,
    lastReadingDay: readings.latestDay === undefined ? undefined : dayKeyOfIndex(readings.latestDay),
    readingsPerDay: Array.from(readings.perWindowDay),
    silentSources: silentSources(findings),
    findings: headlineFindings(findings, readings.readingsInWindow),
  };
}

/** The user with its ingestion bounds: as listed when the listing carries them, else as resolve returns them. */
async function withIngestionBounds(client: HealthApiClient, listed: User, signal: AbortSignal | undefined, progress: ScanProgress): Promise<User> {
  if (listed.ingestion_start !== undefined || listed.ingestion_end !== undefined) return listed;
  const resolved = await client.resolveUser(listed.client_user_id, { signal });
  progress.requests++;
  // The same user (client_user_ids are unique per team): its bounds, nothing else, are taken.
  if (resolved.user_id !== listed.user_id) return listed;
  return { ...listed, ingestion_start: resolved.ingestion_start ?? null, ingestion_end: resolved.ingestion_end ?? null };
}

/** With a provider chosen, the scan is about that provider's connection only. */
function scopedUser(user: User, provider: string | undefined): User {
  return provider ? { ...user, connected_sources: (user.connected_sources ?? []).filter((s) => providerOf(s).slug === provider) } : user;
}

/** Whether a source could deliver blood pressure at all: any but one the capability table says reports none (unknown ones could). */
export function couldDeliver(slug: string): boolean {
  return capabilityOf(slug)?.bloodPressure !== 'none';
}

/** The providers a scan can be narrowed to, and those it cannot (they report no blood pressure). */
export function scanProviders(): { offered: ProviderCapability[]; leftOut: ProviderCapability[] } {
  return {
    offered: PROVIDER_CAPABILITIES.filter((p) => couldDeliver(p.slug)),
    leftOut: PROVIDER_CAPABILITIES.filter((p) => !couldDeliver(p.slug)),
  };
}

/** Index of the last day with readings, -1 when none. */
function lastDayWithReadings(perDay: Int32Array): number {
  for (let i = perDay.length - 1; i >= 0; i--) if ((perDay[i] ?? 0) > 0) return i;
  return -1;
}
