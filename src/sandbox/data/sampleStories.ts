// Sample users at fixed list positions (after the ten rich users) who each tell one "why is this
// user's data missing?" story, so the diagnosis, the scan, the tests and a newcomer can find them.
// Positions count regular users (the heavy reader, when added, is listed before them). Dates are
// relative to the sandbox's "today", so every seed tells the same stories on the same days.
import { providerBySlug } from './providers';
import type { SampleSource, SampleUser } from './sampleUserShape';
import { MS_PER_DAY } from './timeZones';

export type StoryKind =
  | 'stoppedSyncing'
  | 'neverDelivered'
  | 'cannotMeasure'
  | 'ingestionStartsInWindow'
  | 'ingestionEnded'
  | 'timeZoneChanged'
  | 'longGap';

export interface SampleStory {
  position: number;
  kind: StoryKind;
  /** What the user shows, in the words of docs/sandbox.md's table. */
  summary: string;
}

/** Days before today: the numbers docs/sandbox.md's table and the tests quote. */
export const STORY_DAYS = {
  stoppedSyncing: 49,
  ingestionStart: 12,
  ingestionEnd: 40,
  timeZoneChange: 12,
  secondTimeZoneChange: 20,
  gapFirst: 25,
  gapLast: 14,
} as const;

export const SAMPLE_STORIES: readonly SampleStory[] = [
  { position: 10, kind: 'stoppedSyncing', summary: `Withings (the only cuff) stopped syncing ${STORY_DAYS.stoppedSyncing} days ago` },
  { position: 11, kind: 'neverDelivered', summary: 'Omron delivers; iHealth is connected and never delivered' },
  { position: 12, kind: 'cannotMeasure', summary: 'only Oura and Fitbit connected: neither can measure blood pressure' },
  { position: 13, kind: 'ingestionStartsInWindow', summary: `ingestion_start ${STORY_DAYS.ingestionStart} days ago: a 30-day window starts before it` },
  { position: 14, kind: 'ingestionEnded', summary: `ingestion_end ${STORY_DAYS.ingestionEnd} days ago: nothing in the last 30 days` },
  { position: 15, kind: 'timeZoneChanged', summary: `fallback zone changed ${STORY_DAYS.timeZoneChange} days ago from Europe/Berlin to America/New_York` },
  { position: 16, kind: 'timeZoneChanged', summary: `fallback zone changed ${STORY_DAYS.secondTimeZoneChange} days ago from Asia/Tokyo to Europe/London` },
  { position: 17, kind: 'longGap', summary: `no readings from ${STORY_DAYS.gapFirst} to ${STORY_DAYS.gapLast} days ago (12 days), data before and after` },
];

export function storyAt(position: number): SampleStory | undefined {
  return SAMPLE_STORIES.find((s) => s.position === position);
}

function source(slug: string, connectedAt: number, extra: Partial<SampleSource> = {}): SampleSource {
  const provider = providerBySlug(slug);
  if (!provider) throw new Error(`sample stories: unknown provider ${slug}`);
  return { provider, connectedAt, ...extra };
}

/** The generated user with its story laid over it (ids, names and blood-pressure values stay generated). */
export function withStory(user: SampleUser, today: number): SampleUser {
  const story = storyAt(user.index);
  if (!story) return user;
  const day = (daysAgo: number): number => today - daysAgo;
  const createdAt = day(400) * MS_PER_DAY + 9 * 3_600_000;
  const connected = createdAt + 2 * MS_PER_DAY;
  const steady = user.bloodPressure && {
    ...user.bloodPressure,
    silent: false,
    dayGapRate: Math.min(user.bloodPressure.dayGapRate, 0.1),
    weekGapRate: 0,
  };
  const base: SampleUser = {
    ...user,
    createdAt,
    timeZone: user.timeZone && { ...user.timeZone, updatedAt: createdAt + MS_PER_DAY },
    ingestionStart: null,
    ingestionEnd: null,
    bloodPressure: steady ?? {
      systolic: 131,
      diastolic: 83,
      readingsPerDay: 2,
      dayGapRate: 0.05,
      weekGapRate: 0,
      outlierRate: 0.02,
      silent: false,
    },
  };
  switch (story.kind) {
    case 'stoppedSyncing':
      return { ...base, sources: [source('withings', connected, { lastDay: day(STORY_DAYS.stoppedSyncing) }), source('oura', connected)] };
    case 'neverDelivered':
      return { ...base, sources: [source('omron', connected), source('ihealth', connected + MS_PER_DAY, { neverDelivers: true })] };
    case 'cannotMeasure':
      return { ...base, sources: [source('oura', connected), source('fitbit', connected)], bloodPressure: null };
    case 'ingestionStartsInWindow':
      return { ...base, sources: [source('omron', connected)], ingestionStart: day(STORY_DAYS.ingestionStart) };
    case 'ingestionEnded':
      return { ...base, sources: [source('withings', connected)], ingestionStart: day(380), ingestionEnd: day(STORY_DAYS.ingestionEnd) };
    case 'timeZoneChanged': {
      // Both move west, so readings stay in time order across the change.
      const [before, after, daysAgo] =
        story.position === 15
          ? ['Europe/Berlin', 'America/New_York', STORY_DAYS.timeZoneChange]
          : ['Asia/Tokyo', 'Europe/London', STORY_DAYS.secondTimeZoneChange];
      const changedAt = day(daysAgo) * MS_PER_DAY + 15 * 3_600_000;
      return {
        ...base,
        sources: [source('apple_health_kit', connected)],
        timeZone: { value: after, sourceSlug: 'apple_health_kit', updatedAt: changedAt },
        previousTimeZone: { value: before, until: changedAt },
      };
    }
    case 'longGap':
      return {
        ...base,
        sources: [source('omron', connected)],
        bloodPressure: base.bloodPressure && { ...base.bloodPressure, dayGapRate: 0, gapDays: { first: day(STORY_DAYS.gapFirst), last: day(STORY_DAYS.gapLast) } },
      };
  }
}
