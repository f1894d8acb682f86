// One description per operation of the spec: method, path, query and body, and the client call with
// its arguments that makes it. The client sends these; "Copy as cURL" and "Open raw response" print
// the very same description, so they cannot drift; Replay makes the same call again.

export type QueryValue = string | number | undefined;

/**
 * The client call a request comes from, with the arguments it was given. The client puts it on every
 * log entry, so a recorded request is replayed by making this call again, never by parsing its URL.
 * Arguments are plain JSON (ids, dates, numbers), so a record keeps them across a window reload.
 */
export type RequestOperation =
  | { name: 'listUsers'; args: [query: ListUsersQuery] }
  | { name: 'resolveUser'; args: [clientUserId: string] }
  | { name: 'getGroupedBloodPressure'; args: [userId: string, query: BloodPressureQuery] }
  | { name: 'listLabTestMarkers'; args: [labTestId: string, query: LabTestMarkersQuery] }
  | { name: 'listOrderSetMarkers'; args: [body: OrderSetBody, query: PageQuery] };

export type RequestOperationName = RequestOperation['name'];

export interface RequestSpec {
  method: 'GET' | 'POST';
  /** Path below the base URL, already percent-encoded, starting with '/'. */
  path: string;
  query: Record<string, QueryValue>;
  body?: unknown;
  /** Which operation, with which arguments, this request is. */
  operation: RequestOperation;
}

export interface ListUsersQuery {
  offset?: number;
  limit?: number;
}

export interface BloodPressureQuery {
  startDate: string;
  endDate?: string;
  provider?: string;
  nextCursor?: string;
}

export interface LabTestMarkersQuery {
  labAccountId?: string;
  page?: number;
  size?: number;
}

export interface OrderSetBody {
  labTestIds?: string[];
  /** Add-on markers by the lab's provider ids and/or by the service's marker ids (`add_on.marker_ids`, vendor). */
  addOn?: { providerIds?: string[]; markerIds?: number[] };
  /** Sent in the body, as the service reads it (docs/contract-lens.md, "Choices where the spec says not shown"). */
  labAccountId?: string;
}

export interface PageQuery {
  page?: number;
  size?: number;
}

const segment = (value: string): string => encodeURIComponent(value);

/** Arrays are copied; anything else (an invalid argument the client will refuse) is kept as given. */
const copyOf = <T>(value: T): T => (Array.isArray(value) ? ([...value] as T) : value);

/** A copy without the undefined fields: the arguments as JSON keeps them, and the same in memory. */
function defined<T extends object>(value: T): T {
  const copy: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(value)) if (field !== undefined) copy[name] = field;
  return copy as T;
}

export function listUsersRequest(query: ListUsersQuery = {}): RequestSpec {
  return {
    method: 'GET',
    path: '/v2/user/',
    query: { offset: query.offset, limit: query.limit },
    operation: { name: 'listUsers', args: [defined({ offset: query.offset, limit: query.limit })] },
  };
}

export function resolveUserRequest(clientUserId: string): RequestSpec {
  return {
    method: 'GET',
    path: `/v2/user/resolve/${segment(clientUserId)}`,
    query: {},
    operation: { name: 'resolveUser', args: [clientUserId] },
  };
}

export function groupedBloodPressureRequest(userId: string, query: BloodPressureQuery): RequestSpec {
  return {
    method: 'GET',
    path: `/v2/timeseries/${segment(userId)}/blood_pressure/grouped`,
    query: {
      start_date: query.startDate,
      end_date: query.endDate,
      provider: query.provider || undefined,
      next_cursor: query.nextCursor,
    },
    operation: {
      name: 'getGroupedBloodPressure',
      args: [userId, defined({ startDate: query.startDate, endDate: query.endDate, provider: query.provider, nextCursor: query.nextCursor })],
    },
  };
}

export function labTestMarkersRequest(labTestId: string, query: LabTestMarkersQuery = {}): RequestSpec {
  return {
    method: 'GET',
    path: `/v3/lab_tests/${segment(labTestId)}/markers`,
    query: { lab_account_id: query.labAccountId, page: query.page, size: query.size },
    operation: { name: 'listLabTestMarkers', args: [labTestId, defined({ labAccountId: query.labAccountId, page: query.page, size: query.size })] },
  };
}

export function orderSetMarkersRequest(body: OrderSetBody, query: PageQuery = {}): RequestSpec {
  const wireBody: Record<string, unknown> = {};
  if (body.labTestIds !== undefined) wireBody.lab_test_ids = body.labTestIds;
  if (body.addOn !== undefined) {
    const addOn: Record<string, unknown> = {};
    if (body.addOn.providerIds !== undefined) addOn.provider_ids = body.addOn.providerIds;
    if (body.addOn.markerIds !== undefined) addOn.marker_ids = body.addOn.markerIds;
    wireBody.add_on = addOn;
  }
  if (body.labAccountId !== undefined) wireBody.lab_account_id = body.labAccountId;
  // A copy, so a caller changing its arrays later does not change what was recorded as sent.
  const bodyArgument: OrderSetBody = defined({
    labTestIds: copyOf(body.labTestIds),
    addOn: body.addOn === undefined ? undefined : defined({ providerIds: copyOf(body.addOn.providerIds), markerIds: copyOf(body.addOn.markerIds) }),
    labAccountId: body.labAccountId,
  });
  return {
    method: 'POST',
    path: '/v3/lab_tests/list_order_set_markers',
    query: { page: query.page, size: query.size },
    body: wireBody,
    operation: { name: 'listOrderSetMarkers', args: [bodyArgument, defined({ page: query.page, size: query.size })] },
  };
}

/** The request an operation makes: the same builder the client uses. */
export function requestOfOperation(operation: RequestOperation): RequestSpec {
  switch (operation.name) {
    case 'listUsers':
      return listUsersRequest(...operation.args);
    case 'resolveUser':
      return resolveUserRequest(...operation.args);
    case 'getGroupedBloodPressure':
      return groupedBloodPressureRequest(...operation.args);
    case 'listLabTestMarkers':
      return labTestMarkersRequest(...operation.args);
    case 'listOrderSetMarkers':
      return orderSetMarkersRequest(...operation.args);
  }
}

/** Absolute URL of a request (never contains the key: the key travels only in a header). */
export function requestUrl(baseUrl: string, spec: RequestSpec): string {
  const prefix = plainPathPrefix(baseUrl);
  if (prefix !== undefined && PLAIN_PATH.test(spec.path)) {
    // The usual case, without parsing a URL per request: the base as the URL parser writes it, then
    // a path it would leave as it is, then the query in the form encoding searchParams writes.
    return `${prefix}${spec.path}${queryString(spec.query)}`;
  }
  const url = new URL(baseUrl.replace(/\/+$/, '') + spec.path);
  for (const [name, value] of Object.entries(spec.query)) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  return url.toString();
}

/** Characters the form encoding of searchParams writes as they are. */
const FORM_PLAIN = /^[A-Za-z0-9*._-]*$/;

/**
 * `?name=value&…` of the defined parameters, as searchParams writes it ('' when none). Names and
 * values of plain characters (numbers, dates, ids, slugs) are joined as they are; any other text
 * takes URLSearchParams, so the encoding is the same either way.
 */
function queryString(query: RequestSpec['query']): string {
  let text = '';
  for (const name in query) {
    const value = query[name];
    if (value === undefined) continue;
    const written = String(value);
    if (!FORM_PLAIN.test(name) || !FORM_PLAIN.test(written)) return formEncoded(query);
    text += `${text === '' ? '?' : '&'}${name}=${written}`;
  }
  return text;
}

function formEncoded(query: RequestSpec['query']): string {
  const params = new URLSearchParams();
  for (const name in query) {
    const value = query[name];
    if (value !== undefined) params.append(name, String(value));
  }
  return `?${params.toString()}`;
}

/**
 * A path the URL parser leaves exactly as written: segments of unreserved characters and
 * percent-escapes, no dot anywhere (so no `.` or `..` segment, written or escaped as `%2e`), and
 * perhaps a trailing slash (the users list's `/v2/user/`).
 */
const PLAIN_PATH = /^(?:\/(?:[A-Za-z0-9_~-]|%(?![2][eE])[0-9A-Fa-f]{2})+)+\/?$/;

const PATH_PREFIXES = new Map<string, string | undefined>();

/**
 * What `new URL(base + path).href` puts before a plain path: the base as the parser writes it,
 * without its trailing slash; undefined when the base has a query, a fragment or is no URL (those
 * take the parser's road). Remembered per base: a client has one.
 */
function plainPathPrefix(baseUrl: string): string | undefined {
  if (PATH_PREFIXES.has(baseUrl)) return PATH_PREFIXES.get(baseUrl);
  let prefix: string | undefined;
  try {
    const probe = new URL(`${baseUrl.replace(/\/+$/, '')}/probe`);
    if (probe.search === '' && probe.hash === '' && probe.href.endsWith('/probe')) prefix = probe.href.slice(0, -'/probe'.length);
  } catch {
    prefix = undefined;
  }
  if (PATH_PREFIXES.size > 64) PATH_PREFIXES.clear();
  PATH_PREFIXES.set(baseUrl, prefix);
  return prefix;
}
