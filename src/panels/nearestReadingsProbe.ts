// After an empty result: fetch up to a year on either side of the range (same provider) to say
// where the nearest readings are and to draw the coverage strip over that wider window.
import type { HealthApiClient } from '../api/client';
import { iterateBloodPressurePages } from '../api/paging';
import type { GroupedBloodPressure } from '../api/schemas';
import { computeCoverage, nearestReadings, type Coverage } from '../domain/coverage/bloodPressureCoverage';
import { groupReadings } from '../domain/bloodPressure/bloodPressureGroups';
import { bloodPressureQueryOf, formBoundsMs, formDayRange, type BloodPressureForm } from '../domain/bloodPressure/bloodPressureQuery';
import { addDays, type ZoneCalendar } from '../domain/zonedTime';

const NEAREST_WINDOW_DAYS = 365;

export interface NearestReadings {
  coverage: Coverage | undefined;
  beforeDay: string | undefined;
  afterDay: string | undefined;
}

interface NearestProbe {
  client: HealthApiClient;
  userId: string;
  form: BloodPressureForm;
  zone: ZoneCalendar;
  /** Providers that get a strip even without readings. */
  alsoShow: readonly string[];
  signal: AbortSignal;
}

/** The probe; when it fails, nothing nearest (the panel still shows its empty range), and `warn` says why. */
export function probeNearestReadingsOrNone(options: NearestProbe, warn: (message: string) => void): Promise<NearestReadings> {
  return probeNearestReadings(options).catch((error: unknown) => {
    warn(`Looking for the nearest blood-pressure readings failed: ${error instanceof Error ? error.message : String(error)}`);
    return { coverage: undefined, beforeDay: undefined, afterDay: undefined };
  });
}

export async function probeNearestReadings(options: NearestProbe): Promise<NearestReadings> {
  const { client, userId, form, zone, signal } = options;
  const now = Date.now();
  const range = formDayRange(form, zone, now);
  const today = zone.dayKey(now);
  const lastCandidate = addDays(range.lastDay, NEAREST_WINDOW_DAYS);
  const probe: BloodPressureForm = {
    startDate: addDays(range.firstDay, -NEAREST_WINDOW_DAYS),
    // Not into the future, unless the range itself already is.
    endDate: lastCandidate > today && range.lastDay <= today ? today : lastCandidate,
    provider: form.provider,
  };
  const pages: GroupedBloodPressure['groups'][] = [];
  for await (const page of iterateBloodPressurePages(client, userId, bloodPressureQueryOf(probe), { signal })) pages.push(page.groups);
  const groups = groupReadings(pages, zone);
  const bounds = formBoundsMs(form, zone, now);
  const { beforeMs, afterMs } = nearestReadings(groups, bounds.startMs, bounds.endMs);
  return {
    coverage: computeCoverage(groups, zone, { firstDay: probe.startDate, lastDay: probe.endDate }, { alsoShow: options.alsoShow }),
    beforeDay: beforeMs === undefined ? undefined : zone.dayKey(beforeMs),
    afterDay: afterMs === undefined ? undefined : zone.dayKey(afterMs),
  };
}
