import type { ReadingGroup } from './bloodPressureGroups';

export interface ProviderSummary {
  provider: string;
  /** undefined stands for groups whose source type was not sent. */
  sourceTypes: (string | undefined)[];
  count: number;
  firstMs: number;
  lastMs: number;
  meanSystolic: number;
  meanDiastolic: number;
}

/** Count, first and last reading and mean values per provider (over all its source types). */
export function summarizeByProvider(groups: readonly ReadingGroup[]): ProviderSummary[] {
  const byProvider = new Map<string, ProviderSummary & { sumSystolic: number; sumDiastolic: number }>();
  for (const group of groups) {
    if (group.readings.length === 0) continue;
    let summary = byProvider.get(group.provider);
    if (!summary) {
      summary = {
        provider: group.provider,
        sourceTypes: [],
        count: 0,
        firstMs: Number.POSITIVE_INFINITY,
        lastMs: Number.NEGATIVE_INFINITY,
        meanSystolic: 0,
        meanDiastolic: 0,
        sumSystolic: 0,
        sumDiastolic: 0,
      };
      byProvider.set(group.provider, summary);
    }
    summary.sourceTypes.push(group.sourceType);
    for (const reading of group.readings) {
      summary.count++;
      summary.sumSystolic += reading.systolic;
      summary.sumDiastolic += reading.diastolic;
      if (reading.epochMs < summary.firstMs) summary.firstMs = reading.epochMs;
      if (reading.epochMs > summary.lastMs) summary.lastMs = reading.epochMs;
    }
  }
  return [...byProvider.values()].map(({ sumSystolic, sumDiastolic, ...summary }) => ({
    ...summary,
    meanSystolic: sumSystolic / summary.count,
    meanDiastolic: sumDiastolic / summary.count,
  }));
}
