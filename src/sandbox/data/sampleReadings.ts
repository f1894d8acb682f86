// Blood-pressure readings, generated per (user, local day) — or per reading index for the heavy
// reader — straight from the seed, so any window of a year of data is produced on demand.
import type { BloodPressureProfile, SampleUser } from './sampleUserShape';
import { gaussian, hashInts, intBetween, pick, pickDistinct, rng } from './random';
import type { Random } from './random';
import { MS_PER_DAY, wallTimeToInstant } from './timeZones';

export interface SampleReading {
  instant: number;
  systolic: number;
  diastolic: number;
  provider: string;
  type: string;
  /** Zone whose offset the timestamp carries, when not the user's current fallback zone. */
  zone?: string | null;
}

/** How far back the data goes. */
export const HISTORY_DAYS = 365;
const TAG = { day: 11, week: 12, heavy: 13 } as const;

/** Time-of-day windows in seconds after local midnight; the last one can end at 23:59:59. */
const SLOTS: readonly [number, number][] = [
  [6.5 * 3600, 8.75 * 3600],
  [12 * 3600, 14 * 3600],
  [18.5 * 3600, 22.5 * 3600],
  [23 * 3600, 86_399],
];

export interface DayRange {
  first: number;
  last: number;
}

/** Local days (days since epoch) that can hold readings of a regular user; undefined = none. */
export function dataDayRange(user: SampleUser, today: number): DayRange | undefined {
  const profile = user.bloodPressure;
  if (!profile || profile.silent || user.heavyReadings !== undefined) return undefined;
  const firstConnection = Math.min(
    ...user.sources.filter((s) => s.provider.bloodPressureTypes.length > 0).map((s) => s.connectedAt),
  );
  const first = Math.max(today - HISTORY_DAYS, Math.floor(firstConnection / MS_PER_DAY) + 1, user.ingestionStart ?? -Infinity);
  const last = Math.min(today - 1, user.ingestionEnd ?? Infinity);
  return first <= last ? { first, last } : undefined;
}

/** The readings of one local day, sorted by time (empty on gap days). */
export function readingsOfDay(seed: number, user: SampleUser, day: number): SampleReading[] {
  const profile = user.bloodPressure;
  if (!profile || profile.silent) return [];
  // A source's story ends on its last day ("stopped syncing 49 days ago"): that day always has a
  // reading, whatever today's date makes a gap day, so the story holds on every date.
  const storyEndsToday = user.sources.some((s) => s.lastDay === day && !s.neverDelivers && s.provider.bloodPressureTypes.length > 0);
  if (!storyEndsToday && profile.gapDays && day >= profile.gapDays.first && day <= profile.gapDays.last) return [];
  const week = Math.floor((day + 3) / 7); // weeks starting on Monday
  if (!storyEndsToday && hashInts(seed, TAG.week, user.index, week) / 0x1_0000_0000 < profile.weekGapRate) return [];
  const random = rng(seed, TAG.day, user.index, day);
  if (random() < profile.dayGapRate && !storyEndsToday) return [];
  const providers = user.sources.filter(
    (s) =>
      s.provider.bloodPressureTypes.length > 0 &&
      s.connectedAt < day * MS_PER_DAY &&
      !s.neverDelivers &&
      (s.lastDay === undefined || day <= s.lastDay),
  );
  if (providers.length === 0) return [];
  const count = Math.max(1, Math.min(4, Math.round(profile.readingsPerDay + gaussian(random) * 0.7)));
  const slots = pickDistinct(random, [0, 1, 2, 3], count).sort((a, b) => a - b);
  const dayMean = dailyMean(seed, user.index, day, profile);
  const previous = user.previousTimeZone;
  const usesPrevious = previous !== undefined && (day + 1) * MS_PER_DAY <= previous.until;
  const zone = usesPrevious ? previous.value : (user.timeZone?.value ?? null);
  const readings = slots.map((slot): SampleReading => {
    const [from, to] = SLOTS[slot] ?? [0, 0];
    // A few late readings land on the last second of the day: inclusive end dates must keep them.
    const second = slot === 3 && random() < 0.15 ? 86_399 : intBetween(random, from, to);
    const source = providers.length === 1 || random() < 0.75 ? providers[0] : pick(random, providers);
    const types = source?.provider.bloodPressureTypes ?? ['unknown'];
    const morningSurge = slot === 0 ? 4 : 0;
    return {
      instant: wallTimeToInstant(zone, day * MS_PER_DAY + second * 1000),
      ...pressure(random, dayMean.systolic + morningSurge, dayMean.diastolic, profile.outlierRate),
      provider: source?.provider.slug ?? 'unknown',
      type: random() < 0.8 ? (types[0] ?? 'unknown') : pick(random, types),
      ...(usesPrevious ? { zone } : {}),
    };
  });
  return readings.sort((a, b) => a.instant - b.instant);
}

function dailyMean(seed: number, userIndex: number, day: number, profile: BloodPressureProfile) {
  // A slow drift (weeks) plus day-to-day noise around the user's baseline.
  const phase = (hashInts(seed, userIndex) % 1000) / 1000;
  const drift = Math.sin((day / 47 + phase) * 2 * Math.PI) * 5;
  const noise = gaussian(rng(seed, TAG.day, userIndex, day, 1)) * 4;
  return { systolic: profile.systolic + drift + noise, diastolic: profile.diastolic + (drift + noise) * 0.55 };
}

function pressure(random: Random, systolicMean: number, diastolicMean: number, outlierRate: number) {
  let systolic = systolicMean + gaussian(random) * 6;
  let diastolic = diastolicMean + gaussian(random) * 4;
  if (random() < outlierRate) {
    // Stage-2 or hypertensive-crisis outliers, the readings a reviewer must not miss.
    systolic += 28 + random() * 30;
    diastolic += 14 + random() * 20;
  }
  systolic = Math.round(Math.min(230, Math.max(88, systolic)));
  diastolic = Math.round(Math.min(135, Math.max(52, Math.min(diastolic, systolic - 25))));
  return { systolic, diastolic };
}

const HEAVY_PROVIDERS: readonly { provider: string; type: string; share: number }[] = [
  { provider: 'omron', type: 'cuff', share: 0.5 },
  { provider: 'withings', type: 'cuff', share: 0.8 },
  { provider: 'apple_health_kit', type: 'app', share: 1 },
];

const HEAVY_FALLBACK_PROFILE: BloodPressureProfile = {
  systolic: 132,
  diastolic: 84,
  readingsPerDay: 3,
  dayGapRate: 0,
  weekGapRate: 0,
  outlierRate: 0.02,
  silent: false,
};

/** Instant of the heavy reader's reading #index: evenly spread over the last year, strictly increasing. */
export function heavyInstant(seed: number, today: number, count: number, index: number): number {
  const start = (today - HISTORY_DAYS) * MS_PER_DAY;
  const spacing = (HISTORY_DAYS * MS_PER_DAY) / count;
  const jitter = (hashInts(seed, TAG.heavy, index) / 0x1_0000_0000) * 0.9;
  return start + Math.floor(((index + jitter) * spacing) / 1000) * 1000;
}

export function heavyReading(seed: number, user: SampleUser, today: number, index: number): SampleReading {
  const count = user.heavyReadings ?? 1;
  const instant = heavyInstant(seed, today, count, index);
  const random = rng(seed, TAG.heavy, index, 1);
  const roll = random();
  const source = HEAVY_PROVIDERS.find((p) => roll < p.share) ?? HEAVY_PROVIDERS[0];
  const profile = user.bloodPressure ?? HEAVY_FALLBACK_PROFILE;
  const mean = dailyMean(seed, -1, Math.floor(instant / MS_PER_DAY), profile);
  return {
    instant,
    ...pressure(random, mean.systolic, mean.diastolic, profile.outlierRate),
    provider: source?.provider ?? 'omron',
    type: source?.type ?? 'cuff',
  };
}
