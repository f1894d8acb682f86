import type { CallOptions, HealthApiClient } from './client';
import { PageTracker } from './contract/pageChecks';
import { HealthApiError } from './errors';
import type { PageWindow } from './pageWindow';
import type { BloodPressureQuery } from './requests';
import type { GroupedBloodPressure, UserList } from './schemas';

/**
 * Why a load's own signal aborts when its iteration ends (the requests still in flight then end as
 * cancelled). One reason for every load: without one, each abort builds a DOMException and its stack.
 */
const PAGING_ENDED = new Error('The paging ended');

export interface UserPagingOptions extends CallOptions {
  /** Users per request, 1..500. Default 100. */
  pageSize?: number;
  /** Requests in flight once `total` is known from the first page. Default 1. */
  concurrency?: number;
  /** Where to start. Default 0. */
  startOffset?: number;
}

/**
 * Every page of users, in order. The first page tells the total; later offsets are then fetched with
 * up to `concurrency` requests in flight, and still yielded in offset order. Stopping the iteration
 * (break, or an aborted signal) cancels the requests still running. The pages share one PageTracker
 * (the caller's, else a new one), so the contract lens checks `total` against every page shown.
 */
export async function* iterateUserPages(client: HealthApiClient, options: UserPagingOptions = {}): AsyncGenerator<UserList> {
  const pageSize = options.pageSize ?? 100;
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 1));
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  const pageTracker = options.pageTracker ?? new PageTracker();
  const { onDeviations } = options;
  const fetchPage = (offset: number): Promise<UserList> =>
    client.listUsers({ offset, limit: pageSize }, { signal, pageTracker, ...(onDeviations ? { onDeviations } : {}) });

  try {
    const first = await fetchPage(options.startOffset ?? 0);
    yield first;
    const offsets: number[] = [];
    for (let offset = first.offset + pageSize; offset < first.total; offset += pageSize) offsets.push(offset);

    const inFlight: Promise<UserList>[] = [];
    let next = 0;
    const refill = (): void => {
      while (inFlight.length < concurrency && next < offsets.length) {
        const pending = fetchPage(offsets[next++]!);
        pending.catch(() => undefined); // observed when its turn comes; avoids an unhandled rejection meanwhile
        inFlight.push(pending);
      }
    };
    refill();
    while (inFlight.length > 0) {
      const page = await inFlight.shift()!;
      refill();
      if (page.users.length === 0) return; // the list shrank while we paged
      yield page;
    }
  } finally {
    stop.abort(PAGING_ENDED);
  }
}

/** The cursor of the page after `page`, honouring the deprecated `next` when next_cursor is absent. */
export function nextCursorOf(page: GroupedBloodPressure): string | undefined {
  const cursor = page.next_cursor === undefined ? page.next : page.next_cursor;
  return cursor ?? undefined;
}

/**
 * Every cursor page of a blood-pressure query, following next_cursor until the server says null
 * (from the query's own nextCursor when it has one). The pages share one PageTracker, so the
 * contract lens reports a cursor that comes back.
 *
 * With a `window` (src/api/pageWindow.ts) the next page is requested as soon as its cursor is known,
 * before the current page is handed on, but only while the window has room: the load runs at most
 * `window.ahead` pages ahead of what its taker has taken in. Stopping the iteration (break, or an
 * aborted signal) then aborts the request still in flight.
 */
export async function* iterateBloodPressurePages(
  client: HealthApiClient,
  userId: string,
  query: BloodPressureQuery,
  options: CallOptions = {},
  window?: PageWindow,
): AsyncGenerator<GroupedBloodPressure> {
  if (window) {
    yield* prefetchBloodPressurePages(client, userId, query, options, window);
    return;
  }
  const seen = new Set<string>();
  const callOptions: CallOptions = { ...options, pageTracker: options.pageTracker ?? new PageTracker() };
  const { nextCursor: startCursor, ...range } = query;
  let cursor: string | undefined = startCursor;
  do {
    const page = await client.getGroupedBloodPressure(userId, { ...range, ...(cursor ? { nextCursor: cursor } : {}) }, callOptions);
    yield page;
    cursor = nextCursorOf(page);
    if (cursor !== undefined) {
      if (seen.has(cursor)) throw repeatedCursor(client, userId, cursor);
      seen.add(cursor);
    }
  } while (cursor !== undefined);
}

async function* prefetchBloodPressurePages(
  client: HealthApiClient,
  userId: string,
  query: BloodPressureQuery,
  options: CallOptions,
  window: PageWindow,
): AsyncGenerator<GroupedBloodPressure> {
  const seen = new Set<string>();
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  const callOptions: CallOptions = { ...options, signal, pageTracker: options.pageTracker ?? new PageTracker() };
  const { nextCursor: startCursor, ...range } = query;
  const fetchPage = async (cursor: string | undefined): Promise<GroupedBloodPressure> => {
    await window.room(signal).catch(() => {
      throw cancelledPaging(client, userId);
    });
    window.requestStarted();
    return client.getGroupedBloodPressure(userId, { ...range, ...(cursor ? { nextCursor: cursor } : {}) }, callOptions);
  };
  const started = (cursor: string | undefined): Promise<GroupedBloodPressure> => {
    const pending = fetchPage(cursor);
    pending.catch(() => undefined); // observed when its turn comes; avoids an unhandled rejection meanwhile
    return pending;
  };
  let pending: Promise<GroupedBloodPressure> | undefined = started(startCursor);
  try {
    while (pending) {
      const page: GroupedBloodPressure = await pending;
      pending = undefined;
      const cursor = nextCursorOf(page);
      const repeated = cursor !== undefined && seen.has(cursor);
      if (cursor !== undefined) seen.add(cursor);
      // The next request goes out before this page is handed on (it waits there for room if need be).
      if (cursor !== undefined && !repeated) pending = started(cursor);
      yield page;
      if (repeated) throw repeatedCursor(client, userId, cursor);
    }
  } finally {
    stop.abort(PAGING_ENDED);
  }
}

function repeatedCursor(client: HealthApiClient, userId: string, cursor: string): HealthApiError {
  return new HealthApiError({
    kind: 'invalid_response',
    message: `The server returned the cursor "${cursor.slice(0, 40)}" twice; stopping to avoid an endless loop`,
    method: 'GET',
    url: groupedUrl(client, userId),
  });
}

function cancelledPaging(client: HealthApiClient, userId: string): HealthApiError {
  return new HealthApiError({ kind: 'cancelled', message: `GET ${groupedUrl(client, userId)} was cancelled`, method: 'GET', url: groupedUrl(client, userId) });
}

function groupedUrl(client: HealthApiClient, userId: string): string {
  return `${client.baseUrl}/v2/timeseries/${encodeURIComponent(userId)}/blood_pressure/grouped`;
}
