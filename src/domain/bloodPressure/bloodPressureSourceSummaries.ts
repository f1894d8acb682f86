// The summary's figures per provider, added up from its sources' running sums.
import type { ProviderSummary } from './bloodPressureSummary';
import type { StoredSource } from './bloodPressureStoredSource';

/** Count, first and last reading and mean values (of mmHg readings) per provider (over all its source types). */
export function summarizeSources(sources: readonly StoredSource[]): ProviderSummary[] {
  const byProvider = new Map<string, ProviderSummary & { sumSystolic: number; sumDiastolic: number }>();
  for (const source of sources) {
    if (source.length === 0) continue;
    let summary = byProvider.get(source.provider);
    if (!summary) {
      summary = {
        provider: source.provider,
        sourceTypes: [],
        count: 0,
        pressureCount: 0,
        implausibleCount: 0,
        otherUnits: {},
        firstMs: Infinity,
        lastMs: -Infinity,
        firstOwnOffsetSeconds: undefined,
        lastOwnOffsetSeconds: undefined,
        meanSystolic: 0,
        meanDiastolic: 0,
        sumSystolic: 0,
        sumDiastolic: 0,
      };
      byProvider.set(source.provider, summary);
    }
    summary.sourceTypes.push(source.sourceType);
    summary.count += source.length;
    summary.pressureCount += source.pressureCount;
    summary.implausibleCount += source.implausibleCount;
    for (const [unit, count] of source.otherUnits) summary.otherUnits[unit] = (summary.otherUnits[unit] ?? 0) + count;
    summary.sumSystolic += source.sumSystolic;
    summary.sumDiastolic += source.sumDiastolic;
    if (source.firstMs < summary.firstMs) {
      summary.firstMs = source.firstMs;
      summary.firstOwnOffsetSeconds = source.firstOwnOffsetSeconds;
    }
    if (source.lastMs >= summary.lastMs) {
      summary.lastMs = source.lastMs;
      summary.lastOwnOffsetSeconds = source.lastOwnOffsetSeconds;
    }
  }
  return [...byProvider.values()].map(({ sumSystolic, sumDiastolic, ...summary }) => ({
    ...summary,
    meanSystolic: summary.pressureCount > 0 ? sumSystolic / summary.pressureCount : Number.NaN,
    meanDiastolic: summary.pressureCount > 0 ? sumDiastolic / summary.pressureCount : Number.NaN,
  }));
}
