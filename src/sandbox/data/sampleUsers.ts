// The sample team's users, generated lazily: user #i is a pure function of (seed, i), its ids
// encode i (through a keyed permutation) so lookups by user_id or client_user_id need no table,
// and listing offset 99_900 of 100_000 users costs the same as offset 0.
import { BLOOD_PRESSURE_PROVIDERS, OTHER_PROVIDERS, PROFILE_SOURCE_SLUGS, providerBySlug } from './providers';
import {
  MAX_PERMUTED,
  gaussian,
  hashInts,
  intBetween,
  permute24,
  pick,
  pickDistinct,
  rng,
  unpermute24,
  uuidFromHash,
} from './random';
import { withStory } from './sampleStories';
import type { BloodPressureProfile, SampleSource, SampleUser } from './sampleUserShape';
import { MS_PER_DAY, TIME_ZONES } from './timeZones';

export const HEAVY_CLIENT_USER_ID = 'sample-heavy-reader';
/** Largest `users` the id scheme can address (24-bit indices). */
export const MAX_USERS = MAX_PERMUTED - 1;
/**
 * The first users of the list are the richest: each has a blood-pressure source, is months old, has
 * no ingestion bound near today and measures nearly daily, so a newcomer's first click shows data.
 * Users without data (no cuff, a silent cuff, ingestion ended) come after them.
 */
export const RICH_USERS = 10;

const TAG = { team: 1, user: 2, clientId: 3, uuidTail: 4, heavy: 5, profile: 6, sources: 7 } as const;

export interface PopulationConfig {
  seed: number;
  users: number;
  heavyUserReadings?: number;
  /** About 5 % of users without a fallback time zone (the real service's nulls); default: always one. */
  nullTimeZones?: boolean;
  /** Days since 1970-01-01 (UTC) that the data is relative to. */
  today: number;
}

export class SamplePopulation {
  readonly teamId: string;
  readonly total: number;
  private readonly heavy: SampleUser | undefined;

  constructor(private readonly config: PopulationConfig) {
    this.teamId = uuidFromHash([config.seed, TAG.team]);
    this.heavy = config.heavyUserReadings === undefined ? undefined : this.buildHeavy(config.heavyUserReadings);
    this.total = config.users + (this.heavy ? 1 : 0);
  }

  /** The user at a list position (the heavy reader, when present, is listed first). */
  atPosition(position: number): SampleUser | undefined {
    if (!Number.isInteger(position) || position < 0 || position >= this.total) return undefined;
    if (this.heavy) return position === 0 ? this.heavy : this.build(position - 1);
    return this.build(position);
  }

  byUserId(userId: string): SampleUser | undefined {
    const normalized = userId.toLowerCase();
    if (this.heavy?.userId === normalized) return this.heavy;
    if (!/^[0-9a-f-]{30}[0-9a-f]{6}$/.test(normalized)) return undefined;
    const index = unpermute24(this.key(TAG.uuidTail), Number.parseInt(normalized.slice(-6), 16));
    if (index >= this.config.users) return undefined;
    const user = this.build(index);
    return user.userId === normalized ? user : undefined;
  }

  byClientUserId(clientUserId: string): SampleUser | undefined {
    if (this.heavy?.clientUserId === clientUserId) return this.heavy;
    const numbered = /^patient-(\d{4,8})$/.exec(clientUserId);
    const hashed = /^acme-([0-9a-f]{6})$/.exec(clientUserId);
    let index: number | undefined;
    if (numbered?.[1]) index = Number(numbered[1]) - 1;
    else if (hashed?.[1]) index = unpermute24(this.key(TAG.clientId), Number.parseInt(hashed[1], 16));
    if (index === undefined || index < 0 || index >= this.config.users) return undefined;
    const user = this.build(index);
    return user.clientUserId === clientUserId ? user : undefined;
  }

  private key(tag: number): number {
    return hashInts(this.config.seed, tag);
  }

  private build(index: number): SampleUser {
    const { seed, today } = this.config;
    const random = rng(seed, TAG.user, index);
    const userId = uuidFromHash([seed, TAG.user, index], permute24(this.key(TAG.uuidTail), index));
    const clientUserId =
      random() < 0.6
        ? `patient-${String(index + 1).padStart(4, '0')}`
        : `acme-${permute24(this.key(TAG.clientId), index).toString(16).padStart(6, '0')}`;
    // Most users are months old so the default "last 30 days" window has data.
    const rich = index < RICH_USERS;
    const young = random() < 0.08 && !rich;
    const ageDays = young ? intBetween(random, 3, 45) : intBetween(random, 60, 1000);
    const createdAt = (today - ageDays) * MS_PER_DAY + intBetween(random, 0, MS_PER_DAY - 1);
    const sources = this.buildSources(index, createdAt, rich);
    // The zone is always drawn, so the null flag changes nothing else about a user.
    const withoutZone = random() < 0.05 && this.config.nullTimeZones === true;
    const zone = { value: pick(random, TIME_ZONES), sourceSlug: pick(random, PROFILE_SOURCE_SLUGS), updatedAt: later(random, createdAt, today) };
    const timeZone = withoutZone ? null : zone;
    const birthDate =
      random() < 0.6
        ? {
            value: `${intBetween(random, 1940, 2004)}-${pad2(intBetween(random, 1, 12))}-${pad2(intBetween(random, 1, 28))}`,
            sourceSlug: pick(random, PROFILE_SOURCE_SLUGS),
            updatedAt: later(random, createdAt, today),
          }
        : null;
    const ingestion = this.buildIngestion(random, createdAt, rich);
    const hasBloodPressure = sources.some((s) => s.provider.bloodPressureTypes.length > 0);
    const user: SampleUser = {
      index,
      userId,
      teamId: this.teamId,
      clientUserId,
      createdAt,
      sources,
      timeZone,
      birthDate,
      ...ingestion,
      bloodPressure: hasBloodPressure ? buildProfile(rng(seed, TAG.profile, index), rich) : null,
    };
    return withStory(user, today);
  }

  private buildSources(index: number, createdAt: number, rich: boolean): SampleSource[] {
    const random = rng(this.config.seed, TAG.sources, index);
    const count = pick(random, [1, 1, 2, 2, 2, 3, 3, 4]);
    // ~12% of users have no cuff or app at all: no blood pressure, a visible coverage problem.
    const noCuff = random() < 0.12 && !rich;
    const secondCuff = random() >= 0.7 && !noCuff && !rich; // a rich user's one cuff is never "stopped" by disuse
    const bloodPressureCount = noCuff ? 0 : Math.min(count, secondCuff ? 2 : 1);
    const providers = [
      ...pickDistinct(random, BLOOD_PRESSURE_PROVIDERS, bloodPressureCount),
      ...pickDistinct(random, OTHER_PROVIDERS, count - bloodPressureCount),
    ];
    const latest = Math.max(createdAt, (this.config.today - 1) * MS_PER_DAY - 1);
    return providers.map((provider) => ({
      provider,
      connectedAt: Math.min(latest, createdAt + intBetween(random, 0, 21 * MS_PER_DAY)),
    }));
  }

  private buildIngestion(
    random: () => number,
    createdAt: number,
    rich: boolean,
  ): Pick<SampleUser, 'ingestionStart' | 'ingestionEnd'> {
    const roll = random();
    if (roll >= 0.3) return { ingestionStart: null, ingestionEnd: null };
    const createdDay = Math.floor(createdAt / MS_PER_DAY);
    const start = createdDay + intBetween(random, 0, Math.max(0, Math.min(60, this.config.today - createdDay - 1)));
    // A rich user's bounds never cut the default window (created ≥ 60 days ago, so this stays after creation).
    if (rich) return { ingestionStart: Math.min(start, this.config.today - 45), ingestionEnd: null };
    // A third of those also stopped ingesting: their readings end early (a coverage gap to find).
    const end = roll < 0.1 ? Math.min(this.config.today - 1, start + intBetween(random, 30, 400)) : null;
    return { ingestionStart: start, ingestionEnd: end };
  }

  private buildHeavy(readings: number): SampleUser {
    const { seed, today } = this.config;
    const createdAt = (today - 400) * MS_PER_DAY + 9 * 3_600_000;
    return {
      index: -1,
      userId: uuidFromHash([seed, TAG.heavy]),
      teamId: this.teamId,
      clientUserId: HEAVY_CLIENT_USER_ID,
      createdAt,
      sources: ['omron', 'withings', 'apple_health_kit'].flatMap((slug, i) => {
        const provider = providerBySlug(slug);
        return provider ? [{ provider, connectedAt: createdAt + i * MS_PER_DAY }] : [];
      }),
      timeZone: { value: 'Europe/Berlin', sourceSlug: 'manual', updatedAt: createdAt },
      birthDate: { value: '1961-04-17', sourceSlug: 'manual', updatedAt: createdAt },
      ingestionStart: null,
      ingestionEnd: null,
      bloodPressure: buildProfile(rng(seed, TAG.heavy, TAG.profile)),
      heavyReadings: readings,
    };
  }
}

function buildProfile(random: () => number, rich = false): BloodPressureProfile {
  const systolic = clamp(128 + gaussian(random) * 11, 108, 158);
  const profile: BloodPressureProfile = {
    systolic,
    diastolic: clamp(systolic * 0.62 + gaussian(random) * 5, 66, 98),
    readingsPerDay: 1 + random() * 2.5,
    dayGapRate: 0.04 + random() * 0.22,
    weekGapRate: 0.02 + random() * 0.1,
    outlierRate: 0.01 + random() * 0.04,
    silent: random() < 0.05,
  };
  // No whole-week gaps and few gap days: 30 empty days in a row would take odds of 0.1^30.
  return rich ? { ...profile, dayGapRate: Math.min(profile.dayGapRate, 0.1), weekGapRate: 0, silent: false } : profile;
}

function later(random: () => number, after: number, today: number): number {
  return Math.min(after + intBetween(random, 0, 90) * MS_PER_DAY + intBetween(random, 0, 86_399) * 1000, today * MS_PER_DAY - 1);
}

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));
const pad2 = (value: number): string => String(value).padStart(2, '0');
