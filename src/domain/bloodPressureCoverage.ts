// "Why is this user's data missing?" answered per provider: which days of the range have readings.
// Days are calendar days in the user's zone. Long ranges are folded into at most `maxCells` cells
// of several days each so the strip stays readable.
import type { ReadingGroup } from './bloodPressureGroups';
import { daysBetween, type ZoneCalendar } from './zonedTime';

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

export function computeCoverage(
  groups: readonly ReadingGroup[],
  zone: ZoneCalendar,
  range: DayRange,
  options: { maxCells?: number; alsoShow?: readonly string[] } = {},
): Coverage {
  const maxCells = options.maxCells ?? 366;
  const perProvider = new Map<string, Map<string, number>>();
  let firstDay = range.firstDay;
  let lastDay = range.lastDay;
  for (const group of groups) {
    let days = perProvider.get(group.provider);
    if (!days) {
      days = new Map();
      perProvider.set(group.provider, days);
    }
    for (const reading of group.readings) {
      const day = zone.dayKey(reading.epochMs);
      days.set(day, (days.get(day) ?? 0) + 1);
      if (day < firstDay) firstDay = day;
      if (day > lastDay) lastDay = day;
    }
  }
  // Providers without a single reading still get a (blank) strip: that is often the answer.
  for (const provider of options.alsoShow ?? []) {
    if (!perProvider.has(provider)) perProvider.set(provider, new Map());
  }
  const allDays = daysBetween(firstDay, lastDay);
  const daysPerCell = Math.max(1, Math.ceil(allDays.length / maxCells));
  const cells: CoverageCell[] = [];
  for (let i = 0; i < allDays.length; i += daysPerCell) {
    const chunk = allDays.slice(i, i + daysPerCell);
    cells.push({ firstDay: chunk[0] ?? firstDay, lastDay: chunk[chunk.length - 1] ?? lastDay });
  }
  const providers = [...perProvider.entries()].map(([provider, days]) => {
    const counts = cells.map(() => 0);
    allDays.forEach((day, index) => {
      const cell = Math.floor(index / daysPerCell);
      counts[cell] = (counts[cell] ?? 0) + (days.get(day) ?? 0);
    });
    return { provider, counts, daysWithReadings: days.size };
  });
  return { firstDay, lastDay, totalDays: allDays.length, daysPerCell, cells, providers };
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
