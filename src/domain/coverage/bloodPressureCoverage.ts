// "Why is this user's data missing?" answered per source as the service sent it (provider and
// source type, a source type not sent being its own row): which days of the range have readings.
// A provider with no reading at all (asked for with `alsoShow`) gets a blank row of its own.
// Days are calendar days in the user's zone. Long ranges are folded into at most `maxCells` cells
// of several days each so the strip stays readable.
import { sourceKey, type ReadingGroup } from '../bloodPressure/bloodPressureGroups';
import { dayIndexOfKey, dayKeyOfIndex, type ZoneCalendar } from '../zonedTime';

export interface CoverageCell {
  firstDay: string;
  lastDay: string;
}

export interface ProviderCoverage {
  provider: string;
  /**
   * The source type the service sent for these readings; undefined when it sent none. Absent (no
   * key) on the blank row of a provider without a single reading.
   */
  sourceType?: string | undefined;
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
  const perSource = new Map<string, SourceDays & { days: Map<number, number> }>();
  for (const group of groups) {
    const key = sourceKey(group.provider, group.sourceType);
    let source = perSource.get(key);
    if (!source) {
      source = { provider: group.provider, sourceType: group.sourceType, days: new Map() };
      perSource.set(key, source);
    }
    for (const reading of group.readings) {
      const day = zone.dayIndex(reading.epochMs);
      source.days.set(day, (source.days.get(day) ?? 0) + 1);
    }
  }
  return coverageOfDayCounts(perSource, range, options);
}

/** One source's readings counted per day index. */
export interface SourceDays {
  provider: string;
  sourceType: string | undefined;
  days: ReadonlyMap<number, number>;
}

/**
 * The strip from readings counted per provider per day index (ZoneCalendar.dayIndex): the range,
 * widened to every day that has readings, in at most `maxCells` cells. Costs O(days with readings
 * + cells), not O(readings): the webview keeps these counts as pages stream in.
 */
export function coverageOfDayCounts(
  counted: ReadonlyMap<string, SourceDays>,
  range: DayRange,
  options: CoverageOptions = {},
): Coverage {
  const maxCells = options.maxCells ?? 366;
  let first = dayIndexOfKey(range.firstDay);
  let last = dayIndexOfKey(range.lastDay);
  for (const { days } of counted.values()) {
    for (const day of days.keys()) {
      if (day < first) first = day;
      if (day > last) last = day;
    }
  }
  const rows: { provider: string; sourceType?: string | undefined; days: ReadonlyMap<number, number> }[] = [...counted.values()].sort(
    (a, b) => compareText(a.provider, b.provider) || compareSourceType(a.sourceType, b.sourceType),
  );
  // Providers without a single reading still get a (blank) strip: that is often the answer.
  const withReadings = new Set(rows.map((row) => row.provider));
  for (const provider of new Set(options.alsoShow ?? [])) {
    if (!withReadings.has(provider)) rows.push({ provider, days: new Map() });
  }
  const totalDays = Number.isFinite(last - first) ? Math.max(0, last - first + 1) : 0;
  const daysPerCell = Math.max(1, Math.ceil(totalDays / maxCells));
  const cells: CoverageCell[] = [];
  for (let day = first; day <= last; day += daysPerCell) {
    cells.push({ firstDay: dayKeyOfIndex(day), lastDay: dayKeyOfIndex(Math.min(last, day + daysPerCell - 1)) });
  }
  const providers = rows.map((row) => {
    const counts = cells.map(() => 0);
    for (const [day, count] of row.days) {
      const cell = Math.floor((day - first) / daysPerCell);
      counts[cell] = (counts[cell] ?? 0) + count;
    }
    const { days, ...identity } = row;
    return { ...identity, counts, daysWithReadings: days.size };
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

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Sent source types in name order, then the one not sent. */
function compareSourceType(a: string | undefined, b: string | undefined): number {
  if (a === b) return 0;
  if (a === undefined) return 1;
  if (b === undefined) return -1;
  return compareText(a, b);
}
