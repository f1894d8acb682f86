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
 * How a blood-pressure load asks for its pages. `'sequential'` (the default): each page once the one
 * before it has been read and handed on. `'pipelined'`: the next page as soon as the current page's
 * cursor is known from its parsed body, before the reader's checks and the contract lens run on it and
 * before it is handed on, so one request is on the wire while a page is read, checked and taken in;
 * never more than one beyond the page being read. A PageWindow (src/api/pageWindow.ts) pipelines too,
 * and also waits while the load is `window.ahead` pages ahead of what its taker has taken in.
 */
export type PageFlow = 'sequential' | 'pipelined' | PageWindow;

/**
 * Every cursor page of a blood-pressure query, in order, following next_cursor until the server says
 * null (from the query's own nextCursor when it has one). The pages share one PageTracker, so the
 * contract lens reports a cursor that comes back. Stopping the iteration (break, or an aborted signal)
 * aborts the request still in flight; an error of a page is thrown after the pages before it.
 */
export async function* iterateBloodPressurePages(
  client: HealthApiClient,
  userId: string,
  query: BloodPressureQuery,
  options: CallOptions = {},
  flow: PageFlow = 'sequential',
): AsyncGenerator<GroupedBloodPressure> {
  if (flow !== 'sequential') {
    yield* pipelinedBloodPressurePages(client, userId, query, options, flow === 'pipelined' ? undefined : flow);
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

/** One page's request, and the next page's when it was sent from this page's parsed body. */
interface PageFetch {
  readonly cursor: string | undefined;
  page: Promise<GroupedBloodPressure>;
  next?: PageFetch;
  /** Ends this request alone (one sent from a parsed body, dropped if the read page names another cursor). */
  readonly own?: AbortController;
}

async function* pipelinedBloodPressurePages(
  client: HealthApiClient,
  userId: string,
  query: BloodPressureQuery,
  options: CallOptions,
  window: PageWindow | undefined,
): AsyncGenerator<GroupedBloodPressure> {
  const seen = new Set<string>();
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  const callOptions: CallOptions = { ...options, signal, pageTracker: options.pageTracker ?? new PageTracker() };
  const { nextCursor: startCursor, ...range } = query;
  /** The page the loop is waiting for: only its parsed body may send the next request. */
  let awaited: PageFetch | undefined;

  const request = (cursor: string | undefined, fetch: PageFetch): Promise<GroupedBloodPressure> => {
    window?.requestStarted();
    const onParsed = (body: unknown): void => {
      if (awaited !== fetch || fetch.next || signal.aborted) return;
      const next = cursorInBody(body);
      if (next === undefined || seen.has(next) || (window && !window.hasRoom())) return;
      try {
        fetch.next = start(next, new AbortController());
      } catch {
        // Not sent early: the same call is made once the page is read, and its error thrown in order there.
      }
    };
    const requestSignal = fetch.own ? AbortSignal.any([signal, fetch.own.signal]) : signal;
    return client.getGroupedBloodPressure(userId, { ...range, ...(cursor ? { nextCursor: cursor } : {}) }, { ...callOptions, signal: requestSignal, onParsed });
  };
  const start = (cursor: string | undefined, own?: AbortController): PageFetch => {
    const fetch = { cursor, ...(own ? { own } : {}) } as PageFetch;
    // Sent at once when there is room (from a parsed body, before the checks that follow it run).
    fetch.page =
      window && (signal.aborted || !window.hasRoom())
        ? window.room(signal).then(
            () => request(cursor, fetch),
            () => {
              throw cancelledPaging(client, userId);
            },
          )
        : request(cursor, fetch);
    fetch.page.catch(() => undefined); // observed when its turn comes; avoids an unhandled rejection meanwhile
    return fetch;
  };

  let current: PageFetch | undefined = start(startCursor);
  try {
    while (current) {
      awaited = current;
      const page: GroupedBloodPressure = await current.page;
      awaited = undefined;
      const cursor = nextCursorOf(page);
      const repeated = cursor !== undefined && seen.has(cursor);
      if (cursor !== undefined) seen.add(cursor);
      let next: PageFetch | undefined = current.next;
      if (next && next.cursor !== cursor) {
        next.own?.abort(PAGING_ENDED); // the read page names another cursor than its parsed body did
        next = undefined;
      }
      // Otherwise the next request goes out before this page is handed on (it waits there for room if need be).
      if (!next && cursor !== undefined && !repeated) next = start(cursor);
      current = next;
      yield page;
      if (repeated) throw repeatedCursor(client, userId, cursor);
    }
  } finally {
    stop.abort(PAGING_ENDED);
  }
}

/** nextCursorOf of a parsed body not yet read: a string cursor, else undefined (no early request). */
export function cursorInBody(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { next_cursor: nextCursor, next } = body as { next_cursor?: unknown; next?: unknown };
  const cursor = nextCursor === undefined ? next : nextCursor;
  return typeof cursor === 'string' ? cursor : undefined;
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
