// Fetches what one user's diagnosis needs and runs it: the resolved user (only resolve carries the
// ingestion bounds), then every cursor page of grouped blood pressure over the window and the year
// before it, so a silent source is dated. The pages are kept: they are the raw response the panel
// opens as evidence.
import type { CallOptions, HealthApiClient } from '../../api/client';
import { iterateBloodPressurePages } from '../../api/paging';
import type { BloodPressureQuery } from '../../api/requests';
import type { GroupedBloodPressure, User } from '../../api/schemas';
import { timeZoneIdOf } from '../../api/wireValues';
import { readingsIn } from '../bloodPressure/bloodPressureGroups';
import type { DayRange } from './bloodPressureCoverage';
import { diagnoseReadingDays, headlineFindings, type Finding, type FindingKind } from './dataDiagnosis';
import { historyAround, lastDaysWindow } from './diagnosisWindow';
import { ReadingDays } from '../bloodPressure/readingDays';
import { dayKeyOfIndex, ZoneCalendar } from '../zonedTime';

export interface UserDiagnosis {
  user: User;
  zone: ZoneCalendar;
  window: DayRange;
  history: DayRange;
  /** The request whose pages were read (the first page's query). */
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

export async function diagnoseUser(client: HealthApiClient, clientUserId: string, options: DiagnoseUserOptions): Promise<UserDiagnosis> {
  const lens = options.onDeviations;
  const user = await client.resolveUser(clientUserId, { signal: options.signal, ...(lens ? { onDeviations: lens.user } : {}) });
  const zone = new ZoneCalendar(timeZoneIdOf(user));
  const nowMs = options.nowMs ?? Date.now();
  const window = lastDaysWindow(options.days, zone, nowMs);
  const history = historyAround(window);
  const query: BloodPressureQuery = { startDate: history.firstDay, endDate: history.lastDay };
  const pages: GroupedBloodPressure[] = [];
  const readings = new ReadingDays(zone, window);
  let count = 0;
  const pageOptions = { signal: options.signal, ...(lens ? { onDeviations: lens.pages(user.user_id, query) } : {}) };
  for await (const page of iterateBloodPressurePages(client, user.user_id, query, pageOptions)) {
    pages.push(page);
    readings.addPage(page.groups);
    count += readingsIn(page.groups);
    options.onPage?.(pages.length, count);
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
