// Readings of all pages, grouped by the source that reported them (`source.provider`,
// `source.type`) and ordered by time. Pages are added as they arrive; sorting happens lazily.
import type { BloodPressureGroup, GroupedBloodPressure } from '../../api/schemas';
import { parseTimestamp, type ZoneCalendar } from '../zonedTime';

export interface Reading {
  epochMs: number;
  systolic: number;
  diastolic: number;
  /** As sent; undefined when the service sent none (or null). */
  unit: string | undefined;
  /** Exactly as the service sent it. */
  timestamp: string;
  /** Offset written in the timestamp, `+02:00` style; undefined when it carried none. */
  originalOffset: string | undefined;
  /** The reading's own `timezone_offset`, seconds east of UTC; undefined when not sent. */
  ownOffsetSeconds: number | undefined;
  /** The source's `device_id` and `app_id`; undefined when not sent. */
  deviceId: string | undefined;
  appId: string | undefined;
}

export interface ReadingGroup {
  provider: string;
  /** `source.type` as sent; undefined when the service sent none (or null). */
  sourceType: string | undefined;
  readings: Reading[];
}

interface MutableGroup extends ReadingGroup {
  sorted: boolean;
}

export class ReadingGrouper {
  private readonly byKey = new Map<string, MutableGroup>();
  private count = 0;
  private unreadable = 0;

  constructor(private readonly zone: ZoneCalendar) {}

  /** Adds one page's `groups`; returns how many readings it held. */
  add(groups: GroupedBloodPressure['groups']): number {
    let added = 0;
    for (const sourceGroups of Object.values(groups)) {
      for (const group of sourceGroups) {
        const target = this.groupFor(group.source.provider, group.source.type ?? undefined);
        const deviceId = group.source.device_id ?? undefined;
        const appId = group.source.app_id ?? undefined;
        for (const reading of group.data) {
          const parsed = parseTimestamp(reading.timestamp, this.zone);
          if (!parsed) {
            this.unreadable++;
            continue;
          }
          const previous = target.readings[target.readings.length - 1];
          if (previous && previous.epochMs > parsed.epochMs) target.sorted = false;
          target.readings.push({
            epochMs: parsed.epochMs,
            systolic: reading.systolic,
            diastolic: reading.diastolic,
            unit: reading.unit ?? undefined,
            timestamp: reading.timestamp,
            originalOffset: parsed.originalOffset,
            ownOffsetSeconds: reading.timezone_offset ?? undefined,
            deviceId,
            appId,
          });
          added++;
        }
      }
    }
    this.count += added;
    return added;
  }

  get readingCount(): number {
    return this.count;
  }

  /** Readings whose timestamp could not be read as a date; they are left out of every view. */
  get unreadableCount(): number {
    return this.unreadable;
  }

  /** Groups ordered by provider then source type, readings oldest first. */
  groups(): ReadingGroup[] {
    const groups = [...this.byKey.values()];
    for (const group of groups) {
      if (!group.sorted) {
        group.readings.sort((a, b) => a.epochMs - b.epochMs);
        group.sorted = true;
      }
    }
    return groups
      .sort((a, b) => compareText(a.provider, b.provider) || compareText(a.sourceType ?? '', b.sourceType ?? ''))
      .map(({ provider, sourceType, readings }) => ({ provider, sourceType, readings }));
  }

  private groupFor(provider: string, sourceType: string | undefined): MutableGroup {
    const key = sourceKey(provider, sourceType);
    let group = this.byKey.get(key);
    if (!group) {
      group = { provider, sourceType, readings: [], sorted: true };
      this.byKey.set(key, group);
    }
    return group;
  }
}

/** Convenience for a finished set of pages. */
export function groupReadings(pages: readonly GroupedBloodPressure['groups'][], zone: ZoneCalendar): ReadingGroup[] {
  const grouper = new ReadingGrouper(zone);
  for (const page of pages) grouper.add(page);
  return grouper.groups();
}

/** Distinct providers of the groups, in group order. */
export function providersOf(groups: readonly ReadingGroup[]): string[] {
  return [...new Set(groups.map((g) => g.provider))];
}

/** One key per (provider, source type); a source type that was not sent is its own key, apart from any sent value. */
export function sourceKey(provider: string, sourceType: string | undefined): string {
  return sourceType === undefined ? `${provider}\u0001` : `${provider}\u0000${sourceType}`;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Readings in one page's `groups`. */
export function readingsIn(groups: GroupedBloodPressure['groups']): number {
  let count = 0;
  for (const sourceGroups of Object.values(groups)) for (const group of sourceGroups) count += group.data.length;
  return count;
}

/** All pages' `groups` as one, keeping the wire shape: one group per key and source. */
export function mergeGroupedPages(pages: readonly GroupedBloodPressure['groups'][]): GroupedBloodPressure['groups'] {
  const merged: GroupedBloodPressure['groups'] = {};
  // Each group's pages of readings are gathered first and joined once (one copy per reading, not a push).
  const byKey = new Map<string, { group: BloodPressureGroup; data: BloodPressureGroup['data'][] }>();
  for (const page of pages) {
    for (const [key, sourceGroups] of Object.entries(page)) {
      const target = (merged[key] ??= []);
      for (const group of sourceGroups) {
        const id = `${key}\u0000${sourceKey(group.source.provider, group.source.type ?? undefined)}`;
        const existing = byKey.get(id);
        if (existing) {
          existing.data.push(group.data);
        } else {
          const copy = { ...group };
          byKey.set(id, { group: copy, data: [group.data] });
          target.push(copy);
        }
      }
    }
  }
  for (const { group, data } of byKey.values()) group.data = data.length === 1 ? data[0]!.slice() : ([] as BloodPressureGroup['data']).concat(...data);
  return merged;
}
