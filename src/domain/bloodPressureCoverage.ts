// "Why is this user's data missing?" answered per provider: which days of the range have readings.
// Days are calendar days in the user's zone. Long ranges are folded into at most `maxCells` cells
// of several days each so the strip stays readable.
import type { ReadingGroup } from './bloodPressureGroups';
import { dayIndexOfKey, dayKeyOfIndex, type ZoneCalendar } from './zonedTime';

export interface CoverageCell {
  firstDay: string;
  lastDay: string;
}

export interface ProviderCoverage {
  provider: string;
  /** Readings per cell, aligned with `Coverage.cells`. */
  counts: number[];
  /** Calendar days (not cells) with at least one reading. */
  daysWithReadings: number;
}

export interface Coverage {
  firstDay: string;
  lastDay: string;
  totalDays: number;
  daysPerCell: number;
  cells: CoverageCell[];
  providers: ProviderCoverage[];
}

export interface DayRange {
  firstDay: string;
  lastDay: string;
}

export interface CoverageOptions {
  maxCells?: number;
  alsoShow?: readonly string[];
}

export function computeCoverage(
  groups: readonly ReadingGroup[],
  zone: ZoneCalendar,
  range: DayRange,
  options: CoverageOptions = {},
): Coverage {
  const perProvider = new Map<string, Map<number, number>>();
  for (const group of groups) {
    let days = perProvider.get(group.provider);
    if (!days) {
      days = new Map();
      perProvider.set(group.provider, days);
    }
    for (const reading of group.readings) {
      const day = zone.dayIndex(reading.epochMs);
      days.set(day, (days.get(day) ?? 0) + 1);
    }
  }
  return coverageOfDayCounts(perProvider, range, options);
}

/**
 * The strip from readings counted per provider per day index (ZoneCalendar.dayIndex): the range,
 * widened to every day that has readings, in at most `maxCells` cells. Costs O(days with readings
 * + cells), not O(readings): the webview keeps these counts as pages stream in.
 */
export function coverageOfDayCounts(
  counted: ReadonlyMap<string, ReadonlyMap<number, number>>,
  range: DayRange,
  options: CoverageOptions = {},
): Coverage {
  const maxCells = options.maxCells ?? 366;
  let first = dayIndexOfKey(range.firstDay);
  let last = dayIndexOfKey(range.lastDay);
  for (const days of counted.values()) {
    for (const day of days.keys()) {
      if (day < first) first = day;
      if (day > last) last = day;
    }
  }
  const perProvider = new Map<string, ReadonlyMap<number, number>>(counted);
  // Providers without a single reading still get a (blank) strip: that is often the answer.
  for (const provider of options.alsoShow ?? []) {
    if (!perProvider.has(provider)) perProvider.set(provider, new Map());
  }
  const totalDays = Number.isFinite(last - first) ? Math.max(0, last - first + 1) : 0;
  const daysPerCell = Math.max(1, Math.ceil(totalDays / maxCells));
  const cells: CoverageCell[] = [];
  for (let day = first; day <= last; day += daysPerCell) {
    cells.push({ firstDay: dayKeyOfIndex(day), lastDay: dayKeyOfIndex(Math.min(last, day + daysPerCell - 1)) });
  }
  const providers = [...perProvider.entries()].map(([provider, days]) => {
    const counts = cells.map(() => 0);
    for (const [day, count] of days) {
      const cell = Math.floor((day - first) / daysPerCell);
      counts[cell] = (counts[cell] ?? 0) + count;
    }
    return { provider, counts, daysWithReadings: days.size };
  });
  return { firstDay: dayKeyOfIndex(first), lastDay: dayKeyOfIndex(last), totalDays, daysPerCell, cells, providers };
}

/** The readings closest to a range that holds none: the last one before it and the first after. */
export function nearestReadings(
  groups: readonly ReadingGroup[],
  rangeStartMs: number,
  rangeEndMs: number,
): { beforeMs: number | undefined; afterMs: number | undefined } {
  let beforeMs: number | undefined;
  let afterMs: number | undefined;
  for (const group of groups) {
    for (const { epochMs } of group.readings) {
      if (epochMs < rangeStartMs && (beforeMs === undefined || epochMs > beforeMs)) beforeMs = epochMs;
      if (epochMs > rangeEndMs && (afterMs === undefined || epochMs < afterMs)) afterMs = epochMs;
    }
  }
  return { beforeMs, afterMs };
}
