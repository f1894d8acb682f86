// Chart input in uPlot's "aligned" shape: one shared, sorted x array (seconds) and, per provider,
// a systolic and a diastolic column. Where a provider has no reading at an instant the column holds
// `undefined` (uPlot draws the line on across it); where a provider has no reading for longer than
// GAP_SECONDS, a row between its two readings holds `null` (uPlot breaks the line there), so a
// straight line never bridges weeks without data.
import type { ReadingGroup } from './bloodPressureGroups';

/** A provider's readings further apart than this are drawn as separate lines. */
export const GAP_SECONDS = 3 * 86_400;

export type ChartValue = number | null | undefined;

export interface AlignedChartData {
  providers: string[];
  /** Unix seconds, ascending, unique. */
  times: number[];
  /** For provider i: columns[2i] systolic, columns[2i + 1] diastolic. */
  columns: ChartValue[][];
  /** Readings drawn (a provider's second reading at the same second replaces the first). */
  points: number;
  /** Line breaks inserted (each a `null` row of one provider). */
  gaps: number;
}

interface Entry {
  seconds: number;
  provider: number;
  systolic: number;
  diastolic: number;
}

export function alignedChartData(groups: readonly ReadingGroup[]): AlignedChartData {
  const providers = [...new Set(groups.map((g) => g.provider))];
  const providerIndex = new Map(providers.map((p, i) => [p, i]));
  const entries: Entry[] = [];
  for (const group of groups) {
    const provider = providerIndex.get(group.provider) ?? 0;
    for (const reading of group.readings) {
      entries.push({ seconds: reading.epochMs / 1000, provider, systolic: reading.systolic, diastolic: reading.diastolic });
    }
  }
  entries.sort((a, b) => a.seconds - b.seconds);
  const breaks = gapBreaks(entries, providers.length);
  const times: number[] = [];
  const columns: ChartValue[][] = providers.flatMap(() => [[], []]);
  const newRow = (seconds: number): number => {
    if (times[times.length - 1] !== seconds) {
      times.push(seconds);
      for (const column of columns) column.push(undefined);
    }
    return times.length - 1;
  };
  let points = 0;
  let nextBreak = 0;
  for (const entry of entries) {
    for (; nextBreak < breaks.length && (breaks[nextBreak]?.seconds ?? Infinity) <= entry.seconds; nextBreak++) {
      const gap = breaks[nextBreak] as { seconds: number; provider: number };
      const row = newRow(gap.seconds);
      columns[2 * gap.provider]![row] = null;
      columns[2 * gap.provider + 1]![row] = null;
    }
    const row = newRow(entry.seconds);
    const systolic = columns[2 * entry.provider];
    const diastolic = columns[2 * entry.provider + 1];
    if (!systolic || !diastolic) continue;
    if (systolic[row] === undefined || systolic[row] === null) points++;
    systolic[row] = entry.systolic;
    diastolic[row] = entry.diastolic;
  }
  return { providers, times, columns, points, gaps: breaks.length };
}

/** One break per provider gap longer than GAP_SECONDS, halfway through it, in time order. */
function gapBreaks(sorted: readonly Entry[], providerCount: number): { seconds: number; provider: number }[] {
  const last: (number | undefined)[] = new Array<number | undefined>(providerCount).fill(undefined);
  const breaks: { seconds: number; provider: number }[] = [];
  for (const entry of sorted) {
    const previous = last[entry.provider];
    if (previous !== undefined && entry.seconds - previous > GAP_SECONDS) {
      breaks.push({ seconds: Math.floor((previous + entry.seconds) / 2), provider: entry.provider });
    }
    last[entry.provider] = entry.seconds;
  }
  return breaks.sort((a, b) => a.seconds - b.seconds);
}

/**
 * The palette slot of a provider's series: its place among the user's connected providers (sorted),
 * so a provider keeps its colour whatever the provider filter shows; a provider the user no longer
 * has connected gets a slot from its name.
 */
export function seriesColorSlot(provider: string, connectedProviders: readonly string[], paletteSize: number): number {
  const known = [...new Set(connectedProviders)].sort();
  const index = known.indexOf(provider);
  if (index >= 0) return index % paletteSize;
  let hash = 0;
  for (const char of provider) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return (known.length + hash) % paletteSize;
}
