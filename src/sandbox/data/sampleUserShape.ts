// The shape of a generated sample user, apart from the generator (sampleUsers.ts) so the stories laid
// over the generated users (sampleStories.ts) and the wire format read it without importing the
// generator: the generator imports the stories, never the other way round.
import type { Provider } from './providers';

export interface SampleSource {
  provider: Provider;
  connectedAt: number;
  /** Last local day it delivered (a source that stopped syncing); undefined: up to today. */
  lastDay?: number;
  /** Connected, able to measure, never delivered. */
  neverDelivers?: boolean;
}

export interface DatedSetting {
  value: string;
  sourceSlug: string;
  updatedAt: number;
}

export interface BloodPressureProfile {
  systolic: number;
  diastolic: number;
  readingsPerDay: number;
  dayGapRate: number;
  weekGapRate: number;
  outlierRate: number;
  /** Connected but never measured: a cuff in a drawer. */
  silent: boolean;
  /** Local days without any reading (inclusive). */
  gapDays?: { first: number; last: number };
}

export interface SampleUser {
  /** Generator index; -1 for the heavy reader. */
  index: number;
  userId: string;
  teamId: string;
  clientUserId: string;
  createdAt: number;
  sources: SampleSource[];
  timeZone: DatedSetting | null;
  /** The fallback zone before `timeZone.updatedAt`: readings before then carry its offsets. */
  previousTimeZone?: { value: string; until: number };
  birthDate: DatedSetting | null;
  ingestionStart: number | null;
  ingestionEnd: number | null;
  bloodPressure: BloodPressureProfile | null;
  /** Set only for the heavy reader: exact reading count over the last year. */
  heavyReadings?: number;
}
