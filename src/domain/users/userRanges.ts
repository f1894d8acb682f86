// How the Users tree splits a long list into ranges ("Users 1,001–2,000"), so that Load more
// re-sends one range's rows to VS Code instead of every loaded row. Pure arithmetic on positions.

/** About this many users per range: a refresh of one range stays small whatever the page size. */
export const USERS_PER_RANGE_TARGET = 1_000;

/** Whole pages per range, so a range boundary never cuts a page (when no duplicates were skipped). */
export function usersPerRange(pageSize: number): number {
  const size = Math.max(1, Math.floor(pageSize));
  return size * Math.max(1, Math.round(USERS_PER_RANGE_TARGET / size));
}

/** A list that fits in one range is shown flat, as it always was; a longer one in ranges. */
export function isGrouped(count: number, perRange: number): boolean {
  return count > perRange;
}

export interface UserRange {
  /** 0 for the first range. */
  index: number;
  /** First position, inclusive (0-based). */
  start: number;
  /** Last position, exclusive. */
  end: number;
}

export function rangeIndexOf(position: number, perRange: number): number {
  return Math.floor(position / perRange);
}

/** The ranges covering `count` loaded users; the last one may be partial. */
export function rangesOf(count: number, perRange: number): UserRange[] {
  const ranges: UserRange[] = [];
  for (let start = 0, index = 0; start < count; start += perRange, index++) {
    ranges.push({ index, start, end: Math.min(start + perRange, count) });
  }
  return ranges;
}

/**
 * What a page appended at `before` (count before) up to `after` changed in the tree: only the last
 * range's rows when it stays in the same, already grouped range; otherwise the list of ranges itself.
 */
export function changeOfAppend(before: number, after: number, perRange: number): 'lastRange' | 'ranges' {
  if (after === before) return 'lastRange';
  if (!isGrouped(before, perRange)) return 'ranges';
  return rangeIndexOf(before - 1, perRange) === rangeIndexOf(after - 1, perRange) ? 'lastRange' : 'ranges';
}
