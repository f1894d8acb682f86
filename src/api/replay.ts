// Sends a recorded request again (Replay, Compare Environments): the client call it came from, with
// the same arguments, so a replay goes through the same argument checks, retries, validation and
// logging as the original call. Nothing is parsed back from a URL.
import type { CallOptions, HealthApiClient } from './client';
import type { BloodPressureQuery, LabTestMarkersQuery, ListUsersQuery, OrderSetBody, PageQuery, RequestOperation } from './requests';

/** Makes the call `operation` describes; resolves with what the client returned. */
export function sendOperation(client: HealthApiClient, operation: RequestOperation, opts: CallOptions = {}): Promise<unknown> {
  switch (operation.name) {
    case 'listUsers':
      return client.listUsers(operation.args[0], opts);
    case 'resolveUser':
      return client.resolveUser(operation.args[0], opts);
    case 'getGroupedBloodPressure':
      return client.getGroupedBloodPressure(operation.args[0], operation.args[1], opts);
    case 'listLabTestMarkers':
      return client.listLabTestMarkers(operation.args[0], operation.args[1], opts);
    case 'listOrderSetMarkers':
      return client.listOrderSetMarkers(operation.args[0], operation.args[1], opts);
  }
}

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const optional = (fields: Fields, name: string, type: 'string' | 'number'): boolean =>
  fields[name] === undefined || typeof fields[name] === type;
const strings = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');
const integers = (value: unknown): value is number[] => Array.isArray(value) && value.every((item) => Number.isSafeInteger(item));

function listUsersQuery(value: unknown): ListUsersQuery | undefined {
  return isObject(value) && optional(value, 'offset', 'number') && optional(value, 'limit', 'number') ? (value as ListUsersQuery) : undefined;
}

function bloodPressureQuery(value: unknown): BloodPressureQuery | undefined {
  if (!isObject(value) || typeof value.startDate !== 'string') return undefined;
  return optional(value, 'endDate', 'string') && optional(value, 'provider', 'string') && optional(value, 'nextCursor', 'string')
    ? (value as unknown as BloodPressureQuery)
    : undefined;
}

function markersQuery(value: unknown): LabTestMarkersQuery | undefined {
  return isObject(value) && optional(value, 'labAccountId', 'string') && optional(value, 'page', 'number') && optional(value, 'size', 'number')
    ? (value as LabTestMarkersQuery)
    : undefined;
}

function pageQuery(value: unknown): PageQuery | undefined {
  return isObject(value) && optional(value, 'page', 'number') && optional(value, 'size', 'number') ? (value as PageQuery) : undefined;
}

function orderSetBody(value: unknown): OrderSetBody | undefined {
  if (!isObject(value) || !optional(value, 'labAccountId', 'string')) return undefined;
  if (value.labTestIds !== undefined && !strings(value.labTestIds)) return undefined;
  if (value.addOn !== undefined) {
    if (!isObject(value.addOn)) return undefined;
    const { providerIds, markerIds } = value.addOn;
    if (providerIds !== undefined && !strings(providerIds)) return undefined;
    if (markerIds !== undefined && !integers(markerIds)) return undefined;
  }
  return value as OrderSetBody;
}

/**
 * An operation read back from saved state (an older version or a hand edit may have changed it):
 * undefined unless it is one the client makes, with arguments of the right shape.
 */
export function parseOperation(value: unknown): RequestOperation | undefined {
  if (!isObject(value) || !Array.isArray(value.args)) return undefined;
  const [first, second] = value.args as unknown[];
  switch (value.name) {
    case 'listUsers': {
      const query = listUsersQuery(first ?? {});
      return query ? { name: 'listUsers', args: [query] } : undefined;
    }
    case 'resolveUser':
      return typeof first === 'string' ? { name: 'resolveUser', args: [first] } : undefined;
    case 'getGroupedBloodPressure': {
      const query = bloodPressureQuery(second);
      return typeof first === 'string' && query ? { name: 'getGroupedBloodPressure', args: [first, query] } : undefined;
    }
    case 'listLabTestMarkers': {
      const query = markersQuery(second ?? {});
      return typeof first === 'string' && query ? { name: 'listLabTestMarkers', args: [first, query] } : undefined;
    }
    case 'listOrderSetMarkers': {
      const body = orderSetBody(first);
      const query = pageQuery(second ?? {});
      return body && query ? { name: 'listOrderSetMarkers', args: [body, query] } : undefined;
    }
    default:
      return undefined;
  }
}
