// Paging that does not add up, in one response and across the pages of one load: a page longer than
// its limit or size, a `total` below what the pages have shown, a cursor that comes back. The
// checks of one load share a PageTracker; the paging helpers (src/api/paging.ts) make one per load,
// and a caller paging by hand can pass its own through CallOptions.
import type { RequestSpec } from '../requests';
import type { DeviationCollector } from './deviations';
import type { ContractOperation } from './specFacts';

/** The service's default marker page size when a page does not say its size (docs/contract-lens.md, "Choices where the spec says not shown"). */
export const DEFAULT_MARKER_PAGE_SIZE = 50;

/** What the pages of one load have shown so far. */
export class PageTracker {
  /** The highest position (offset + items) any page of the load has shown. */
  shownThrough = 0;
  private cursors: Set<string> | undefined;

  /** Records `cursor`; true when the load has been given it before. */
  repeats(cursor: string): boolean {
    this.cursors ??= new Set();
    if (this.cursors.has(cursor)) return true;
    this.cursors.add(cursor);
    return false;
  }
}

const isInt = (value: unknown): value is number => Number.isSafeInteger(value);

function queryInt(request: RequestSpec | undefined, name: string): number | undefined {
  const value = request?.query[name];
  const number = typeof value === 'string' ? Number(value) : value;
  return isInt(number) ? number : undefined;
}

function checkTotal(total: unknown, shownHere: number, tracker: PageTracker | undefined, section: string, out: DeviationCollector): void {
  const shown = Math.max(tracker?.shownThrough ?? 0, shownHere);
  if (tracker) tracker.shownThrough = shown;
  if (isInt(total) && total < shown) {
    out.add('pagingMismatch', 'total', 'total', `total is the number of items of the whole list; the pages have shown ${shown}`, section, String(total));
  }
}

/**
 * Where a page of markers or users says the list ends, when its `total` cannot be true: below what
 * this page reaches (`start` + `held`), or above it on the last page (`pages` says so; without
 * `pages`, a page shorter than a known size is the last). "total 3" over the 2 markers of page 1 of 1 is such a page. Undefined
 * when the page and its total agree, or when there is no total. The lens and the lab panel's pager
 * both read a page's total through this one rule.
 */
export function pageTotalDisagreement(
  held: number,
  start: number,
  size: number | undefined,
  total: unknown,
  pages: unknown,
  current: number,
): { through: number; total: number; lastPage: boolean } | undefined {
  if (!isInt(total)) return undefined;
  const through = start + held;
  if (total < through) return { through, total, lastPage: false };
  // `pages`, when sent, says which page is the last; else a page shorter than a known size is.
  const lastPage = isInt(pages) && pages > 0 ? current >= pages : size !== undefined && held < size;
  return lastPage && total > through ? { through, total, lastPage } : undefined;
}

/** Adds the paging deviations of one response (already accepted by the reader) to `out`; no tracker: this response alone. */
export function checkPaging(
  operation: ContractOperation,
  body: unknown,
  request: RequestSpec | undefined,
  tracker: PageTracker | undefined,
  out: DeviationCollector,
): void {
  const page = body as Record<string, unknown>;
  switch (operation) {
    case 'listUsers': {
      const users = page.users as unknown[];
      const limit = isInt(page.limit) ? page.limit : queryInt(request, 'limit');
      if (limit !== undefined && users.length > limit) {
        out.add('pagingMismatch', 'users', 'users', `at most limit (${limit}) users on a page`, '4.2', String(users.length));
      }
      const offset = isInt(page.offset) ? page.offset : (queryInt(request, 'offset') ?? 0);
      checkTotal(page.total, offset + users.length, tracker, '4.2', out);
      return;
    }
    case 'labTestMarkers':
    case 'orderSetMarkers': {
      const section = operation === 'labTestMarkers' ? '4.5' : '4.4';
      const markers = page.markers as unknown[];
      const size = isInt(page.size) && page.size > 0 ? page.size : (queryInt(request, 'size') ?? DEFAULT_MARKER_PAGE_SIZE);
      const number = isInt(page.page) && page.page > 0 ? page.page : (queryInt(request, 'page') ?? 1);
      if (markers.length > size) out.add('pagingMismatch', 'markers', 'markers', `at most size (${size}) markers on a page`, section, String(markers.length));
      checkTotal(page.total, (number - 1) * size + markers.length, tracker, section, out);
      // The last page ends the list: a total above where it ends counts markers no page holds. The
      // size must be known (sent or asked for): a short page under a guessed default proves nothing.
      const knownSize = isInt(page.size) && page.size > 0 ? page.size : queryInt(request, 'size');
      const short = pageTotalDisagreement(markers.length, (number - 1) * size, knownSize, page.total, page.pages, number);
      if (short?.lastPage) {
        out.add('pagingMismatch', 'total', 'total', `total is the number of markers of the whole list; this last page (page ${number}) ends the list at ${short.through}`, section, String(short.total));
      }
      return;
    }
    case 'groupedBloodPressure': {
      const cursor = typeof page.next_cursor === 'string' ? page.next_cursor : page.next_cursor === undefined && typeof page.next === 'string' ? page.next : undefined;
      if (cursor !== undefined && tracker?.repeats(cursor)) {
        const field = typeof page.next_cursor === 'string' ? 'next_cursor' : 'next';
        out.add('pagingMismatch', field, field, 'each page gives the cursor of the next one; this one came back before in this load', '4.1', cursor.slice(0, 60));
      }
      return;
    }
    case 'resolveUser':
      return;
  }
}
