import type { ReadingGroup } from './bloodPressureGroups';
import { implausibilityOf } from './bloodPressurePlausibility';
import { isPressureUnit } from './bloodPressureUnits';

export interface ProviderSummary {
  provider: string;
  /** undefined stands for groups whose source type was not sent. */
  sourceTypes: (string | undefined)[];
  /** Every reading, whatever its unit. */
  count: number;
  /** Plausible readings in mmHg (or without a unit): the means are theirs. */
  pressureCount: number;
  /** Readings in mmHg that cannot be a blood pressure (bloodPressurePlausibility.ts): left out of the means. */
  implausibleCount: number;
  /** Readings in another unit, per unit as sent: shown apart, never averaged in. */
  otherUnits: Record<string, number>;
  firstMs: number;
  lastMs: number;
  /** The first and last reading's own timezone_offset (seconds), for their time by the one rule (readingWallTime.ts). */
  firstOwnOffsetSeconds: number | undefined;
  lastOwnOffsetSeconds: number | undefined;
  /** NaN when the provider sent no mmHg reading. */
  meanSystolic: number;
  meanDiastolic: number;
}

/** A provider's summary while it is added up: the sums its means come from. */
export type ProviderSums = ProviderSummary & { sumSystolic: number; sumDiastolic: number };

/** The provider's summary before its first reading: nothing counted, no first or last yet. */
export function emptyProviderSums(provider: string): ProviderSums {
  return {
    provider,
    sourceTypes: [],
    count: 0,
    pressureCount: 0,
    implausibleCount: 0,
    otherUnits: {},
    firstMs: Number.POSITIVE_INFINITY,
    lastMs: Number.NEGATIVE_INFINITY,
    firstOwnOffsetSeconds: undefined,
    lastOwnOffsetSeconds: undefined,
    meanSystolic: 0,
    meanDiastolic: 0,
    sumSystolic: 0,
    sumDiastolic: 0,
  };
}

/** The summaries with their means (NaN where no plausible mmHg reading was counted). */
export function withMeans(sums: Iterable<ProviderSums>): ProviderSummary[] {
  return [...sums].map(({ sumSystolic, sumDiastolic, ...summary }) => ({
    ...summary,
    meanSystolic: summary.pressureCount > 0 ? sumSystolic / summary.pressureCount : Number.NaN,
    meanDiastolic: summary.pressureCount > 0 ? sumDiastolic / summary.pressureCount : Number.NaN,
  }));
}

/** Count, first and last reading and mean values (of the plausible mmHg readings) per provider (over all its source types). */
export function summarizeByProvider(groups: readonly ReadingGroup[]): ProviderSummary[] {
  const byProvider = new Map<string, ProviderSums>();
  for (const group of groups) {
    if (group.readings.length === 0) continue;
    let summary = byProvider.get(group.provider);
    if (!summary) {
      summary = emptyProviderSums(group.provider);
      byProvider.set(group.provider, summary);
    }
    summary.sourceTypes.push(group.sourceType);
    for (const reading of group.readings) {
      summary.count++;
      if (isPressureUnit(reading.unit) && implausibilityOf(reading.systolic, reading.diastolic) !== undefined) {
        summary.implausibleCount++;
      } else if (isPressureUnit(reading.unit)) {
        summary.pressureCount++;
        summary.sumSystolic += reading.systolic;
        summary.sumDiastolic += reading.diastolic;
      } else {
        const unit = reading.unit ?? '';
        summary.otherUnits[unit] = (summary.otherUnits[unit] ?? 0) + 1;
      }
      if (reading.epochMs < summary.firstMs) {
        summary.firstMs = reading.epochMs;
        summary.firstOwnOffsetSeconds = reading.ownOffsetSeconds;
      }
      if (reading.epochMs >= summary.lastMs) {
        summary.lastMs = reading.epochMs;
        summary.lastOwnOffsetSeconds = reading.ownOffsetSeconds;
      }
    }
  }
  return withMeans(byProvider.values());
}
