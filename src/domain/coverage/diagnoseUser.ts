// Fetches what one user's diagnosis needs and runs it: the resolved user (only resolve carries the
// ingestion bounds), then every cursor page of grouped blood pressure over the window, and further
// back (up to a year) only while a source has no reading yet, so a silent source is dated. The pages
// are kept: they are the raw response the panel opens as evidence.
import type { CallOptions, HealthApiClient } from '../../api/client';
import { iterateBloodPressurePages } from '../../api/paging';
import type { BloodPressureQuery } from '../../api/requests';
import type { GroupedBloodPressure, User } from '../../api/schemas';
import { capabilityOf, expectedToDeliver } from '../../api/providerCapabilities';
import { providerOf, timeZoneIdOf } from '../../api/wireValues';
import { readingsIn } from '../bloodPressure/bloodPressureGroups';
import type { DayRange } from './bloodPressureCoverage';
import { diagnoseReadingDays, headlineFindings, type Finding, type FindingKind } from './dataDiagnosis';
import { historyAround, lastDaysWindow } from './diagnosisWindow';
import { ReadingDays } from '../bloodPressure/readingDays';
import { addDays, dayKeyOfIndex, ZoneCalendar } from '../zonedTime';

export interface UserDiagnosis {
  user: User;
  zone: ZoneCalendar;
  window: DayRange;
  /** What was read: the window, and as far back before it as a silent source needed (at most a year). */
  history: DayRange;
  /** The window's request (the first page's query); reads further back follow it. */
  query: BloodPressureQuery;
  pages: GroupedBloodPressure[];
  /** Readings in the window (the history's are evidence only). */
  readingsInWindow: number;
  /** The day of the last reading read (in the window or the year before it); undefined: none. */
  lastReadingDay: string | undefined;
  findings: Finding[];
  /** What the findings say in a word (the scan's Findings column says the same). */
  headline: FindingKind[];
}

export interface DiagnoseUserOptions {
  days: number;
  nowMs?: number;
  gapDays?: number;
  signal?: AbortSignal;
  onPage?: (pages: number, readings: number) => void;
  /** The contract lens's listeners: for the resolve request, and for the pages of the query it then reads. */
  onDeviations?: {
    user: NonNullable<CallOptions['onDeviations']>;
    pages: (userId: string, query: BloodPressureQuery) => NonNullable<CallOptions['onDeviations']>;
  };
}

/**
 * Whether a connected source that should deliver blood pressure has no reading read yet (or, with
 * none such, the user has none): one that cannot measure it needs no history to be told apart.
 */
function stillSilent(user: User, readings: ReadingDays): boolean {
  const slugs = (user.connected_sources ?? []).map((source) => providerOf(source).slug);
  const delivering = slugs.filter((slug) => expectedToDeliver(capabilityOf(slug)?.bloodPressure ?? 'none') || !capabilityOf(slug));
  if (delivering.length === 0) return readings.latestDay === undefined;
  return delivering.some((slug) => readings.provider(slug) === undefined);
}

function maxDay(a: string, b: string): string {
  return a > b ? a : b;
}

export async function diagnoseUser(client: HealthApiClient, clientUserId: string, options: DiagnoseUserOptions): Promise<UserDiagnosis> {
  const lens = options.onDeviations;
  const user = await client.resolveUser(clientUserId, { signal: options.signal, ...(lens ? { onDeviations: lens.user } : {}) });
  const zone = new ZoneCalendar(timeZoneIdOf(user));
  const nowMs = options.nowMs ?? Date.now();
  const window = lastDaysWindow(options.days, zone, nowMs);
  const limit = historyAround(window);
  const query: BloodPressureQuery = { startDate: window.firstDay, endDate: window.lastDay };
  const pages: GroupedBloodPressure[] = [];
  const readings = new ReadingDays(zone, window);
  let count = 0;
  const read = async (range: BloodPressureQuery): Promise<void> => {
    const pageOptions = { signal: options.signal, ...(lens ? { onDeviations: lens.pages(user.user_id, range) } : {}) };
    for await (const page of iterateBloodPressurePages(client, user.user_id, range, pageOptions)) {
      pages.push(page);
      readings.addPage(page.groups);
      count += readingsIn(page.groups);
      options.onPage?.(pages.length, count);
    }
  };
  // The window first; then further back, in spans twice as long each time, only while a connected
  // source (or, with none, the user) has no reading yet: a silent source is then dated (stopped, or
  // never delivered within the year) without reading a year of a source that delivers every day.
  await read(query);
  const history: DayRange = { ...window };
  let span = Math.max(1, options.days);
  while (history.firstDay > limit.firstDay && stillSilent(user, readings)) {
    const lastDay = addDays(history.firstDay, -1);
    const firstDay = maxDay(addDays(lastDay, -(span - 1)), limit.firstDay);
    await read({ startDate: firstDay, endDate: lastDay });
    history.firstDay = firstDay;
    span *= 2;
  }
  const findings = diagnoseReadingDays(user, readings, { nowMs, gapDays: options.gapDays });
  return {
    user,
    zone,
    window,
    history,
    query,
    pages,
    readingsInWindow: readings.readingsInWindow,
    lastReadingDay: readings.latestDay === undefined ? undefined : dayKeyOfIndex(readings.latestDay),
    findings,
    headline: headlineFindings(findings, readings.readingsInWindow),
  };
}
