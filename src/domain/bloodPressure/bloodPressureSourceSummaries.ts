// The summary's figures per provider, added up from its sources' running sums.
import { emptyProviderSums, withMeans, type ProviderSums, type ProviderSummary } from './bloodPressureSummary';
import type { StoredSource } from './bloodPressureStoredSource';

/** Count, first and last reading and mean values (of mmHg readings) per provider (over all its source types). */
export function summarizeSources(sources: readonly StoredSource[]): ProviderSummary[] {
  const byProvider = new Map<string, ProviderSums>();
  for (const source of sources) {
    if (source.length === 0) continue;
    let summary = byProvider.get(source.provider);
    if (!summary) {
      summary = emptyProviderSums(source.provider);
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
  return withMeans(byProvider.values());
}
