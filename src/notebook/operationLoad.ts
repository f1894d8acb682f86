// One cell's load: the client call its operation names, every page of it (`pages all`) or the first
// (`pages first`), merged into one body of the operation's own shape: users concatenated,
// blood-pressure groups merged per source key, markers concatenated. One PageTracker per load, so
// the contract lens checks paging across the pages; its findings arrive per response.
import type { CallOptions, HealthApiClient } from '../api/client';
import type { Deviation } from '../api/contract/deviations';
import { DEFAULT_MARKER_PAGE_SIZE, PageTracker } from '../api/contract/pageChecks';
import { iterateBloodPressurePages, iterateUserPages, nextCursorOf } from '../api/paging';
import type { RequestOperation } from '../api/requests';
import type { GroupedBloodPressure, MarkerPage, User, UserList } from '../api/schemas';
import { mergeGroupedPages } from '../domain/bloodPressure/bloodPressureGroups';
import { hasMorePages } from '../domain/labs/markerTable';

/** A load stops here with a note: a notebook cell is an investigation, not a bulk export. */
export const MAX_PAGES = 1000;
/** The users page size when a cell says none: the spec's largest page, fewest round trips. */
export const DEFAULT_USER_PAGE_SIZE = 500;

export interface LoadOptions {
  pages: 'all' | 'first';
  signal?: AbortSignal;
  onDeviations: (deviations: Deviation[]) => void;
  onPage?: (pages: number) => void;
}

export interface Loaded {
  body: UserList | User | GroupedBloodPressure | MarkerPage;
  pages: number;
  /** Set when the load stopped at MAX_PAGES with more to come. */
  capped: boolean;
}

export async function loadOperation(client: HealthApiClient, operation: RequestOperation, options: LoadOptions): Promise<Loaded> {
  const call: CallOptions = {
    pageTracker: new PageTracker(),
    onDeviations: options.onDeviations,
    ...(options.signal ? { signal: options.signal } : {}),
  };
  const all = options.pages === 'all';
  switch (operation.name) {
    case 'resolveUser': {
      const body = await client.resolveUser(operation.args[0], call);
      options.onPage?.(1);
      return { body, pages: 1, capped: false };
    }
    case 'listUsers': {
      const [query] = operation.args;
      if (!all) return single(await client.listUsers(query, call), options);
      return loadUsers(client, query.limit ?? DEFAULT_USER_PAGE_SIZE, query.offset ?? 0, call, options);
    }
    case 'getGroupedBloodPressure': {
      const [userId, query] = operation.args;
      if (!all) return single(await client.getGroupedBloodPressure(userId, query, call), options);
      return loadBloodPressure(client, userId, query, call, options);
    }
    case 'listLabTestMarkers': {
      const [labTestId, query] = operation.args;
      return loadMarkers((page) => client.listLabTestMarkers(labTestId, { ...query, ...(page === undefined ? {} : { page }) }, call), query.page, query.size, all, options);
    }
    case 'listOrderSetMarkers': {
      const [body, query] = operation.args;
      return loadMarkers((page) => client.listOrderSetMarkers(body, { ...query, ...(page === undefined ? {} : { page }) }, call), query.page, query.size, all, options);
    }
  }
}

function single<T extends Loaded['body']>(body: T, options: LoadOptions): Loaded {
  options.onPage?.(1);
  return { body, pages: 1, capped: false };
}

async function loadUsers(client: HealthApiClient, pageSize: number, startOffset: number, call: CallOptions, options: LoadOptions): Promise<Loaded> {
  let first: UserList | undefined;
  const users: User[] = [];
  let pages = 0;
  let capped = false;
  for await (const page of iterateUserPages(client, { ...call, pageSize, startOffset, concurrency: 4 })) {
    if (pages === MAX_PAGES) {
      capped = true;
      break;
    }
    first ??= page;
    for (const user of page.users) users.push(user);
    options.onPage?.(++pages);
  }
  return { body: { ...first!, users }, pages, capped };
}

async function loadBloodPressure(
  client: HealthApiClient,
  userId: string,
  query: Parameters<HealthApiClient['getGroupedBloodPressure']>[1],
  call: CallOptions,
  options: LoadOptions,
): Promise<Loaded> {
  const groups: GroupedBloodPressure['groups'][] = [];
  let last: GroupedBloodPressure | undefined;
  let capped = false;
  // Pipelined: the next page travels while this one is read, checked and merged.
  for await (const page of iterateBloodPressurePages(client, userId, query, call, 'pipelined')) {
    if (groups.length === MAX_PAGES) {
      capped = true;
      break;
    }
    groups.push(page.groups);
    last = page;
    options.onPage?.(groups.length);
  }
  // The merged body ends where the load ended: next_cursor null, or the cursor of the page not loaded.
  const { next: _deprecated, ...rest } = last!;
  const body: GroupedBloodPressure = { ...rest, groups: mergeGroupedPages(groups), next_cursor: capped ? (nextCursorOf(last!) ?? null) : null };
  return { body, pages: groups.length, capped };
}

async function loadMarkers(
  fetchPage: (page: number | undefined) => Promise<MarkerPage>,
  startPage: number | undefined,
  requestedSize: number | undefined,
  all: boolean,
  options: LoadOptions,
): Promise<Loaded> {
  const first = await fetchPage(startPage);
  options.onPage?.(1);
  if (!all) return { body: first, pages: 1, capped: false };
  const markers = first.markers.slice();
  const size = requestedSize ?? (typeof first.size === 'number' && first.size > 0 ? first.size : DEFAULT_MARKER_PAGE_SIZE);
  let pageNumber = typeof first.page === 'number' ? first.page : (startPage ?? 1);
  let last = first;
  let pages = 1;
  let capped = false;
  while (size > 0 && hasMorePages(last, pageNumber, size, markers.length + alreadySkipped(startPage, size))) {
    if (pages === MAX_PAGES) {
      capped = true;
      break;
    }
    pageNumber++;
    last = await fetchPage(pageNumber);
    for (const marker of last.markers) markers.push(marker);
    options.onPage?.(++pages);
  }
  return { body: { ...first, markers }, pages, capped };
}

/** Markers on the pages before the one a cell starts from: `total` counts them too. */
function alreadySkipped(startPage: number | undefined, size: number): number {
  return startPage !== undefined && startPage > 1 ? (startPage - 1) * size : 0;
}
