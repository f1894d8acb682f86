// Chart input in uPlot's "aligned" shape: one shared, sorted x array (seconds) and, per provider,
// a systolic and a diastolic column with null where that provider has no reading at that instant.
import type { ReadingGroup } from './bloodPressureGroups';

export interface AlignedChartData {
  providers: string[];
  /** Unix seconds, ascending, unique. */
  times: number[];
  /** For provider i: columns[2i] systolic, columns[2i + 1] diastolic. */
  columns: (number | null)[][];
  /** Readings drawn (a provider's second reading at the same second replaces the first). */
  points: number;
}

export function alignedChartData(groups: readonly ReadingGroup[]): AlignedChartData {
  const providers = [...new Set(groups.map((g) => g.provider))];
  const providerIndex = new Map(providers.map((p, i) => [p, i]));
  const entries: { seconds: number; provider: number; systolic: number; diastolic: number }[] = [];
  for (const group of groups) {
    const provider = providerIndex.get(group.provider) ?? 0;
    for (const reading of group.readings) {
      entries.push({ seconds: reading.epochMs / 1000, provider, systolic: reading.systolic, diastolic: reading.diastolic });
    }
  }
  entries.sort((a, b) => a.seconds - b.seconds);
  const times: number[] = [];
  const columns: (number | null)[][] = providers.flatMap(() => [[], []]);
  let points = 0;
  for (const entry of entries) {
    if (times[times.length - 1] !== entry.seconds) {
      times.push(entry.seconds);
      for (const column of columns) column.push(null);
    }
    const row = times.length - 1;
    const systolic = columns[2 * entry.provider];
    const diastolic = columns[2 * entry.provider + 1];
    if (!systolic || !diastolic) continue;
    if (systolic[row] === null) points++;
    systolic[row] = entry.systolic;
    diastolic[row] = entry.diastolic;
  }
  return { providers, times, columns, points };
}
