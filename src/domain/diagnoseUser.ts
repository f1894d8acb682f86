// Fetches what one user's diagnosis needs and runs it: the resolved user (only resolve carries the
// ingestion bounds), then every cursor page of grouped blood pressure over the window and the year
// before it, so a silent source is dated. The pages are kept: they are the raw response the panel
// opens as evidence.
import type { HealthApiClient } from '../api/client';
import { iterateBloodPressurePages } from '../api/paging';
import type { BloodPressureQuery } from '../api/requests';
import type { GroupedBloodPressure, User } from '../api/schemas';
import { timeZoneIdOf } from '../api/wireValues';
import { groupReadings, readingsIn } from './bloodPressureGroups';
import type { DayRange } from './bloodPressureCoverage';
import { diagnose, type Finding } from './dataDiagnosis';
import { historyAround, lastDaysWindow } from './diagnosisWindow';
import { ZoneCalendar } from './zonedTime';

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
  findings: Finding[];
}

export interface DiagnoseUserOptions {
  days: number;
  nowMs?: number;
  gapDays?: number;
  signal?: AbortSignal;
  onPage?: (pages: number, readings: number) => void;
}

export async function diagnoseUser(client: HealthApiClient, clientUserId: string, options: DiagnoseUserOptions): Promise<UserDiagnosis> {
  const user = await client.resolveUser(clientUserId, { signal: options.signal });
  const zone = new ZoneCalendar(timeZoneIdOf(user));
  const nowMs = options.nowMs ?? Date.now();
  const window = lastDaysWindow(options.days, zone, nowMs);
  const history = historyAround(window);
  const query: BloodPressureQuery = { startDate: history.firstDay, endDate: history.lastDay };
  const pages: GroupedBloodPressure[] = [];
  let readings = 0;
  for await (const page of iterateBloodPressurePages(client, user.user_id, query, { signal: options.signal })) {
    pages.push(page);
    readings += readingsIn(page.groups);
    options.onPage?.(pages.length, readings);
  }
  const groups = groupReadings(pages.map((p) => p.groups), zone);
  const findings = diagnose({ user, groups, history, window, zone, nowMs, gapDays: options.gapDays });
  let readingsInWindow = 0;
  for (const group of groups) {
    for (const reading of group.readings) {
      const day = zone.dayKey(reading.epochMs);
      if (day >= window.firstDay && day <= window.lastDay) readingsInWindow++;
    }
  }
  return { user, zone, window, history, query, pages, readingsInWindow, findings };
}
