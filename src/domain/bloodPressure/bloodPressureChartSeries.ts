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

/** One provider's readings, oldest first (its sources merged). */
export interface ProviderSeries {
  provider: string;
  epochMs: ArrayLike<number>;
  systolic: ArrayLike<number>;
  diastolic: ArrayLike<number>;
}

interface Break {
  seconds: number;
  provider: number;
}

export function alignedChartData(groups: readonly ReadingGroup[]): AlignedChartData {
  const providers = [...new Set(groups.map((g) => g.provider))];
  return alignedSeriesData(
    providers.map((provider) => {
      const readings = groups.filter((g) => g.provider === provider).flatMap((g) => g.readings);
      readings.sort((a, b) => a.epochMs - b.epochMs);
      return {
        provider,
        epochMs: readings.map((r) => r.epochMs),
        systolic: readings.map((r) => r.systolic),
        diastolic: readings.map((r) => r.diastolic),
      };
    }),
  );
}

/** Merges the providers' sorted columns into uPlot's aligned shape, without an object per reading. */
export function alignedSeriesData(series: readonly ProviderSeries[]): AlignedChartData {
  const breaks = gapBreaks(series);
  const count = series.length;
  const lengths = series.map((s) => s.epochMs.length);
  const capacity = lengths.reduce((sum, length) => sum + length, breaks.length);
  // Filled up front (with `undefined`: no reading of that provider at that instant) and cut to
  // the rows used at the end: no per-row push into every column.
  const times = new Array<number>(capacity);
  const columns: ChartValue[][] = series.flatMap(() => [new Array<ChartValue>(capacity).fill(undefined), new Array<ChartValue>(capacity).fill(undefined)]);
  const heads = new Array<number>(count).fill(0);
  let rows = 0;
  let points = 0;
  let nextBreak = 0;
  const rowAt = (seconds: number): number => {
    if (rows === 0 || times[rows - 1] !== seconds) times[rows++] = seconds;
    return rows - 1;
  };
  for (;;) {
    // The provider whose next reading is earliest (ties: the first provider, as a stable sort would).
    let provider = -1;
    let earliest = Infinity;
    for (let p = 0; p < count; p++) {
      const head = heads[p] as number;
      if (head < (lengths[p] as number)) {
        const ms = (series[p] as ProviderSeries).epochMs[head] as number;
        if (ms < earliest) {
          earliest = ms;
          provider = p;
        }
      }
    }
    if (provider < 0) break;
    const seconds = earliest / 1000;
    for (; nextBreak < breaks.length && (breaks[nextBreak] as Break).seconds <= seconds; nextBreak++) {
      const gap = breaks[nextBreak] as Break;
      const row = rowAt(gap.seconds);
      (columns[2 * gap.provider] as ChartValue[])[row] = null;
      (columns[2 * gap.provider + 1] as ChartValue[])[row] = null;
    }
    const source = series[provider] as ProviderSeries;
    const index = heads[provider] as number;
    heads[provider] = index + 1;
    const row = rowAt(seconds);
    const systolic = columns[2 * provider] as ChartValue[];
    const diastolic = columns[2 * provider + 1] as ChartValue[];
    if (systolic[row] === undefined || systolic[row] === null) points++;
    systolic[row] = source.systolic[index] ?? null;
    diastolic[row] = source.diastolic[index] ?? null;
  }
  times.length = rows;
  for (const column of columns) column.length = rows;
  return { providers: series.map((s) => s.provider), times, columns, points, gaps: breaks.length };
}

/** One break per provider gap longer than GAP_SECONDS, halfway through it, in time order. */
function gapBreaks(series: readonly ProviderSeries[]): Break[] {
  const breaks: Break[] = [];
  series.forEach((s, provider) => {
    for (let i = 1; i < s.epochMs.length; i++) {
      const previous = (s.epochMs[i - 1] ?? 0) / 1000;
      const current = (s.epochMs[i] ?? 0) / 1000;
      if (current - previous > GAP_SECONDS) breaks.push({ seconds: Math.floor((previous + current) / 2), provider });
    }
  });
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
