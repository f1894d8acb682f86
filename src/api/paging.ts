import type { CallOptions, HealthApiClient } from './client';
import { PageTracker } from './contract/pageChecks';
import { HealthApiError } from './errors';
import type { BloodPressureQuery } from './requests';
import type { GroupedBloodPressure, UserList } from './schemas';

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
    stop.abort();
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
 */
export async function* iterateBloodPressurePages(
  client: HealthApiClient,
  userId: string,
  query: BloodPressureQuery,
  options: CallOptions = {},
): AsyncGenerator<GroupedBloodPressure> {
  const seen = new Set<string>();
  const callOptions: CallOptions = { ...options, pageTracker: options.pageTracker ?? new PageTracker() };
  const { nextCursor: startCursor, ...window } = query;
  let cursor: string | undefined = startCursor;
  do {
    const page = await client.getGroupedBloodPressure(userId, { ...window, ...(cursor ? { nextCursor: cursor } : {}) }, callOptions);
    yield page;
    cursor = nextCursorOf(page);
    if (cursor !== undefined) {
      if (seen.has(cursor)) {
        throw new HealthApiError({
          kind: 'invalid_response',
          message: `The server returned the cursor "${cursor.slice(0, 40)}" twice; stopping to avoid an endless loop`,
          method: 'GET',
          url: `${client.baseUrl}/v2/timeseries/${encodeURIComponent(userId)}/blood_pressure/grouped`,
        });
      }
      seen.add(cursor);
    }
  } while (cursor !== undefined);
}
