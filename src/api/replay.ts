// Sends a request again from what was recorded of it (Replay, Compare environments). The recorded
// URL and body are mapped back to the client operation that made them, so a replay goes through the
// same argument checks, retries, validation and logging as the original call.
import type { CallOptions, HealthApiClient } from './client';
import type { OrderSetBody, RequestSpec } from './requests';

export interface RecordedRequest {
  method: string;
  /** Absolute URL as sent. */
  url: string;
  /** The base URL it was sent under (its path, if any, is not part of the operation's path). */
  baseUrl: string;
  requestBody?: string;
}

type Replay = (client: HealthApiClient, opts: CallOptions) => Promise<unknown>;

const RESOLVE = /^\/v2\/user\/resolve\/([^/]+)$/;
const BLOOD_PRESSURE = /^\/v2\/timeseries\/([^/]+)\/blood_pressure\/grouped$/;
const LAB_TEST_MARKERS = /^\/v3\/lab_tests\/([^/]+)\/markers$/;

/** The operation's path and query from a recorded URL, or undefined if it is not under the base URL. */
export function specOfRecordedRequest(recorded: RecordedRequest): RequestSpec | undefined {
  let url: URL;
  let base: URL;
  try {
    url = new URL(recorded.url);
    base = new URL(recorded.baseUrl);
  } catch {
    return undefined;
  }
  const basePath = base.pathname.replace(/\/+$/, '');
  if (url.origin !== base.origin || !url.pathname.startsWith(basePath)) return undefined;
  if (recorded.method !== 'GET' && recorded.method !== 'POST') return undefined;
  let body: unknown;
  if (recorded.requestBody !== undefined) {
    try {
      body = JSON.parse(recorded.requestBody);
    } catch {
      return undefined;
    }
  }
  return {
    method: recorded.method,
    path: url.pathname.slice(basePath.length),
    query: Object.fromEntries(url.searchParams),
    ...(body !== undefined ? { body } : {}),
  };
}

const integer = (value: unknown): number | undefined =>
  typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : typeof value === 'number' ? value : undefined;
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The client call that sends `spec` again; undefined for a request no operation of the spec makes. */
export function replayOf(spec: RequestSpec): Replay | undefined {
  const q = spec.query;
  if (spec.method === 'GET') {
    if (spec.path === '/v2/user/' || spec.path === '/v2/user') {
      return (client, opts) => client.listUsers({ offset: integer(q.offset), limit: integer(q.limit) }, opts);
    }
    const resolve = RESOLVE.exec(spec.path);
    if (resolve?.[1]) {
      const clientUserId = decodeURIComponent(resolve[1]);
      return (client, opts) => client.resolveUser(clientUserId, opts);
    }
    const bloodPressure = BLOOD_PRESSURE.exec(spec.path);
    if (bloodPressure?.[1]) {
      const userId = decodeURIComponent(bloodPressure[1]);
      const query = {
        startDate: text(q.start_date) ?? '',
        endDate: text(q.end_date),
        provider: text(q.provider),
        nextCursor: text(q.next_cursor),
      };
      return (client, opts) => client.getGroupedBloodPressure(userId, query, opts);
    }
    const markers = LAB_TEST_MARKERS.exec(spec.path);
    if (markers?.[1]) {
      const labTestId = decodeURIComponent(markers[1]);
      const query = { labAccountId: text(q.lab_account_id), page: integer(q.page), size: integer(q.size) };
      return (client, opts) => client.listLabTestMarkers(labTestId, query, opts);
    }
    return undefined;
  }
  if (spec.path === '/v3/lab_tests/list_order_set_markers') {
    const body = orderSetBodyOf(spec.body);
    if (!body) return undefined;
    return (client, opts) => client.listOrderSetMarkers(body, { page: integer(q.page), size: integer(q.size) }, opts);
  }
  return undefined;
}

function orderSetBodyOf(wire: unknown): OrderSetBody | undefined {
  if (!wire || typeof wire !== 'object') return undefined;
  const body = wire as { lab_test_ids?: unknown; add_on?: { provider_ids?: unknown; marker_ids?: unknown }; lab_account_id?: unknown };
  const strings = (value: unknown): string[] | undefined =>
    Array.isArray(value) && value.every((item) => typeof item === 'string') ? (value as string[]) : undefined;
  const integers = (value: unknown): number[] | undefined =>
    Array.isArray(value) && value.every((item) => Number.isSafeInteger(item)) ? (value as number[]) : undefined;
  const result: OrderSetBody = {};
  if (body.lab_test_ids !== undefined) {
    const ids = strings(body.lab_test_ids);
    if (!ids) return undefined;
    result.labTestIds = ids;
  }
  if (body.add_on !== undefined) {
    if (!body.add_on || typeof body.add_on !== 'object') return undefined;
    const { provider_ids: providers, marker_ids: markers } = body.add_on;
    const providerIds = providers === undefined ? undefined : strings(providers);
    const markerIds = markers === undefined ? undefined : integers(markers);
    if ((providers !== undefined && !providerIds) || (markers !== undefined && !markerIds)) return undefined;
    result.addOn = { ...(providerIds ? { providerIds } : {}), ...(markerIds ? { markerIds } : {}) };
  }
  if (typeof body.lab_account_id === 'string') result.labAccountId = body.lab_account_id;
  return result;
}
