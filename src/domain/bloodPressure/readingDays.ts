// What the diagnosis and the scan need from a user's readings, gathered in one pass as numbers:
// calendar days of the user's zone as day indexes (ZoneCalendar.dayIndex, as the blood-pressure
// webview keeps them), readings per day of the window, each provider's last day, each source's last
// reading and the readings whose own offset differs from the zone's. Pages are read straight from
// the wire: no object per reading, no day strings (the scan reads 10,000 users' pages).
import type { GroupedBloodPressure } from '../../api/schemas';
import { sourceKey, type ReadingGroup } from './bloodPressureGroups';
import type { DayRange } from '../coverage/bloodPressureCoverage';
import { dayIndexOfKey, dayKeyOfIndex, offsetText, readTimestamp, timestampFields, type ZoneCalendar } from '../zonedTime';

export interface ProviderDays {
  /** Last day with a reading (anywhere in what was read). */
  last: number;
  /** Days of the window with at least one reading. */
  windowDays: number;
}

export interface SourceLastReading {
  provider: string;
  /** `source.type` as sent; undefined when the service sent none. */
  sourceType: string | undefined;
  epochMs: number;
  /** As the service sent it. */
  timestamp: string;
}

export interface DifferingOffsets {
  /** Readings in the window whose own offset is not the zone's at that instant. */
  readings: number;
  offsets: Set<string>;
  firstDay: number;
  lastDay: number;
}

interface ProviderState extends ProviderDays {
  /** One flag per day of the window. */
  seenInWindow: Uint8Array;
}

export class ReadingDays {
  /** The window as day indexes, both ends included. */
  readonly firstDay: number;
  readonly lastDay: number;
  /** Readings per day of the window, oldest first. */
  readonly perWindowDay: Int32Array;
  readingsInWindow = 0;
  /** The last day any reading was on (in or before the window); undefined before any. */
  latestDay: number | undefined;
  /** Readings whose timestamp is no date: left out, counted. */
  unreadable = 0;
  readonly differingOffsets: DifferingOffsets = { readings: 0, offsets: new Set(), firstDay: Number.NaN, lastDay: Number.NaN };
  private readonly providers = new Map<string, ProviderState>();
  private readonly lastBySource = new Map<string, SourceLastReading>();
  private readonly fields = timestampFields();

  constructor(
    readonly zone: ZoneCalendar,
    readonly window: DayRange,
  ) {
    this.firstDay = dayIndexOfKey(window.firstDay);
    this.lastDay = dayIndexOfKey(window.lastDay);
    this.perWindowDay = new Int32Array(Math.max(0, this.lastDay - this.firstDay + 1));
  }

  /** Adds one page's `groups`, as the service sent them. */
  addPage(groups: GroupedBloodPressure['groups']): void {
    const fields = this.fields;
    for (const sourceGroups of Object.values(groups)) {
      for (const group of sourceGroups) {
        const { provider, type } = group.source;
        const state = this.providerState(provider);
        let latest = -Infinity;
        let latestTimestamp = '';
        for (const reading of group.data) {
          if (!readTimestamp(reading.timestamp, this.zone, fields)) {
            this.unreadable++;
            continue;
          }
          const differs = this.count(state, fields.epochMs, fields.offsetMinutes);
          if (differs !== undefined) this.noteOffset(differs, offsetText(reading.timestamp, fields.offsetLength));
          if (fields.epochMs > latest) {
            latest = fields.epochMs;
            latestTimestamp = reading.timestamp;
          }
        }
        if (latestTimestamp !== '') this.noteLast(provider, type ?? undefined, latest, latestTimestamp);
      }
    }
  }

  /** Adds readings already grouped (ReadingGrouper): the same days as their pages would give. */
  addGroups(groups: readonly ReadingGroup[]): void {
    for (const group of groups) {
      const state = this.providerState(group.provider);
      let latest: ReadingGroup['readings'][number] | undefined;
      for (const reading of group.readings) {
        const offset = reading.originalOffset;
        const differs = this.count(state, reading.epochMs, offset === undefined ? Number.NaN : offsetMinutesOf(offset));
        if (differs !== undefined) this.noteOffset(differs, offset);
        if (!latest || reading.epochMs > latest.epochMs) latest = reading;
      }
      if (latest) this.noteLast(group.provider, group.sourceType, latest.epochMs, latest.timestamp);
    }
  }

  /** Days of one provider; undefined when it delivered nothing in what was read. */
  provider(slug: string): ProviderDays | undefined {
    const state = this.providers.get(slug);
    return state && state.last > -Infinity ? state : undefined;
  }

  /** Providers that delivered anything, by slug. */
  providerSlugs(): string[] {
    return [...this.providers.keys()].filter((slug) => this.provider(slug) !== undefined).sort();
  }

  /** The last reading of each source (provider and source type). */
  lastReadings(): SourceLastReading[] {
    return [...this.lastBySource.values()];
  }

  /** Days of the window with at least one reading. */
  daysWithReadings(): number {
    let days = 0;
    for (const count of this.perWindowDay) if (count > 0) days++;
    return days;
  }

  /** `YYYY-MM-DD` of a day index. */
  dayKey(day: number): string {
    return dayKeyOfIndex(day);
  }

  /** Counts one reading; returns its day when it is in the window and its own offset is not the zone's. */
  private count(state: ProviderState, epochMs: number, offsetMinutes: number): number | undefined {
    const day = this.zone.dayIndex(epochMs);
    if (day > state.last) state.last = day;
    if (this.latestDay === undefined || day > this.latestDay) this.latestDay = day;
    const slot = day - this.firstDay;
    if (slot < 0 || day > this.lastDay) return undefined; // before the window: evidence (a last reading), not coverage
    this.readingsInWindow++;
    this.perWindowDay[slot] = (this.perWindowDay[slot] ?? 0) + 1;
    if (state.seenInWindow[slot] === 0) {
      state.seenInWindow[slot] = 1;
      state.windowDays++;
    }
    return Number.isNaN(offsetMinutes) || offsetMinutes === this.zone.offsetMinutesAt(epochMs) ? undefined : day;
  }

  private noteOffset(day: number, offset: string | undefined): void {
    const differing = this.differingOffsets;
    if (differing.readings === 0 || day < differing.firstDay) differing.firstDay = day;
    if (differing.readings === 0 || day > differing.lastDay) differing.lastDay = day;
    differing.readings++;
    if (offset !== undefined) differing.offsets.add(offset);
  }

  private providerState(provider: string): ProviderState {
    let state = this.providers.get(provider);
    if (!state) {
      state = { last: -Infinity, windowDays: 0, seenInWindow: new Uint8Array(this.perWindowDay.length) };
      this.providers.set(provider, state);
    }
    return state;
  }

  private noteLast(provider: string, sourceType: string | undefined, epochMs: number, timestamp: string): void {
    const key = sourceKey(provider, sourceType);
    const known = this.lastBySource.get(key);
    if (!known || epochMs > known.epochMs) this.lastBySource.set(key, { provider, sourceType, epochMs, timestamp });
  }
}

/** Minutes of a `+02:00` style offset. */
function offsetMinutesOf(offset: string): number {
  const sign = offset.startsWith('-') ? -1 : 1;
  return sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
}

/** The day of a `YYYY-MM-DD` date (or a date-time that starts with one); undefined for anything else. */
export function dayOfDate(text: string | null | undefined): number | undefined {
  if (!text || !/^\d{4}-\d{2}-\d{2}/.test(text)) return undefined;
  const day = dayIndexOfKey(text.slice(0, 10));
  return Number.isNaN(day) ? undefined : day;
}
