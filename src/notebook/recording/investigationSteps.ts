// What Save Investigation asks again for each place it starts from, and the assertions that state
// what was found there: a user's blood pressure over a window (a panel, a diagnosis) is the resolve
// of the user (so the fixtures make the user resolvable by pseudonym) and every page of the window,
// asserting `readings every day` when days of it had none (it fails until the data comes back); a
// lab-markers panel's page is its call again, asserting how many markers it held; Requests rows are
// their calls again, in the order they were sent. Pure.
import type { BloodPressureQuery, RequestOperation } from '../../api/requests';
import type { GroupedBloodPressure, MarkerPage } from '../../api/schemas';
import { readingsIn } from '../../domain/bloodPressure/bloodPressureGroups';
import { ReadingDays } from '../../domain/bloodPressure/readingDays';
import type { DayRange } from '../../domain/coverage/bloodPressureCoverage';
import type { ZoneCalendar } from '../../domain/zonedTime';
import type { InvestigationStep } from './investigation';

export interface UserWindow {
  userId: string;
  clientUserId: string;
  /** The days asked for, both ends included, in `zone`. */
  window: DayRange;
  /** The provider the panel was narrowed to; empty or absent: every provider. */
  provider?: string;
  zone: ZoneCalendar;
  /** The pages that were read over (at least) the window. */
  pages: readonly GroupedBloodPressure[];
}

/** The days of `window` on which none of `pages`' readings fell, in `zone`. */
export function missingDays(pages: readonly GroupedBloodPressure[], zone: ZoneCalendar, window: DayRange): string[] {
  const days = new ReadingDays(zone, window);
  for (const page of pages) days.addPage(page.groups);
  const missing: string[] = [];
  days.perWindowDay.forEach((count, index) => {
    if (count === 0) missing.push(days.dayKey(days.firstDay + index));
  });
  return missing;
}

/** The window's query with both ends given: a saved investigation asks for the same days whenever it runs. */
export function windowQuery(window: DayRange, provider?: string): BloodPressureQuery {
  return { startDate: window.firstDay, endDate: window.lastDay, ...(provider ? { provider } : {}) };
}

export function userWindowSteps(found: UserWindow): { steps: InvestigationStep[]; missing: string[] } {
  const query = windowQuery(found.window, found.provider);
  const missing = missingDays(found.pages, found.zone, found.window);
  const readings = found.pages.reduce((sum, page) => sum + readingsIn(page.groups), 0);
  const stated = missing.length > 0 ? ['readings every day'] : [readings > 0 ? 'count readings >= 1' : 'count readings == 0'];
  return {
    missing,
    steps: [
      { operation: { name: 'resolveUser', args: [found.clientUserId] }, pages: 'first', expectations: ['user_id exists'] },
      { operation: { name: 'getGroupedBloodPressure', args: [found.userId, query] }, pages: 'all', expectations: stated },
    ],
  };
}

/** What a lab-markers panel shows: the page its call (a lab test's or an order set's markers) answered. */
export interface MarkerPageFound {
  operation: Extract<RequestOperation, { name: 'listLabTestMarkers' | 'listOrderSetMarkers' }>;
  page: MarkerPage;
}

/** The panel's page again (that page only, as the panel shows one), asserting the markers it held. */
export function markerPageSteps(found: MarkerPageFound): InvestigationStep[] {
  return [{ operation: found.operation, pages: 'first', expectations: [`count markers == ${found.page.markers.length}`] }];
}

/** Requests rows: each call again (a paged load with every page), in the order given. */
export function requestRowSteps(rows: readonly { operation: RequestOperation; paged: boolean }[]): InvestigationStep[] {
  return rows.map(({ operation, paged }) => ({ operation, pages: paged ? 'all' : 'first', expectations: [] }));
}
