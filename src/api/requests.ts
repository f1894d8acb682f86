// One description per operation of the spec: method, path, query and body. The client sends these;
// "Copy as cURL" and "Open raw response" print the very same description, so they cannot drift.

export type QueryValue = string | number | undefined;

export interface RequestSpec {
  method: 'GET' | 'POST';
  /** Path below the base URL, already percent-encoded, starting with '/'. */
  path: string;
  query: Record<string, QueryValue>;
  body?: unknown;
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
  /** Sent in the body, as the service reads it (README, "Choices where the spec says not shown"). */
  labAccountId?: string;
}

export interface PageQuery {
  page?: number;
  size?: number;
}

const segment = (value: string): string => encodeURIComponent(value);

export function listUsersRequest(query: ListUsersQuery = {}): RequestSpec {
  return { method: 'GET', path: '/v2/user/', query: { offset: query.offset, limit: query.limit } };
}

export function resolveUserRequest(clientUserId: string): RequestSpec {
  return { method: 'GET', path: `/v2/user/resolve/${segment(clientUserId)}`, query: {} };
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
  };
}

export function labTestMarkersRequest(labTestId: string, query: LabTestMarkersQuery = {}): RequestSpec {
  return {
    method: 'GET',
    path: `/v3/lab_tests/${segment(labTestId)}/markers`,
    query: { lab_account_id: query.labAccountId, page: query.page, size: query.size },
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
  return {
    method: 'POST',
    path: '/v3/lab_tests/list_order_set_markers',
    query: { page: query.page, size: query.size },
    body: wireBody,
  };
}

/** Absolute URL of a request (never contains the key: the key travels only in a header). */
export function requestUrl(baseUrl: string, spec: RequestSpec): string {
  const url = new URL(baseUrl.replace(/\/+$/, '') + spec.path);
  for (const [name, value] of Object.entries(spec.query)) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  return url.toString();
}
