// Argument checks run before a request is built: a bad argument throws invalid_request and nothing
// is sent. Each returns a sentence for the error message, or undefined when all is well.
import { checkDateRange, isIntegerInRange, isUuid } from './inputValidation';
import type { BloodPressureQuery, LabTestMarkersQuery, ListUsersQuery, OrderSetBody, PageQuery } from './requests';

export const USERS_LIMIT_MAX = 500;
export const MARKERS_SIZE_MAX = 100;

function checkPaging(query: PageQuery): string | undefined {
  if (query.page !== undefined && !isIntegerInRange(query.page, 1)) return `page must be an integer of at least 1 (got ${query.page})`;
  if (query.size !== undefined && !isIntegerInRange(query.size, 1, MARKERS_SIZE_MAX)) {
    return `size must be an integer from 1 to ${MARKERS_SIZE_MAX} (got ${query.size})`;
  }
  return undefined;
}

function checkId(name: string, value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return `${name} must be a non-empty string`;
  return undefined;
}

export function checkListUsersQuery(query: ListUsersQuery): string | undefined {
  if (query.offset !== undefined && !isIntegerInRange(query.offset, 0)) return `offset must be an integer of at least 0 (got ${query.offset})`;
  if (query.limit !== undefined && !isIntegerInRange(query.limit, 1, USERS_LIMIT_MAX)) {
    return `limit must be an integer from 1 to ${USERS_LIMIT_MAX} (got ${query.limit})`;
  }
  return undefined;
}

export function checkResolveUserArgs(clientUserId: string): string | undefined {
  return checkId('client_user_id', clientUserId);
}

export function checkBloodPressureQuery(userId: string, query: BloodPressureQuery): string | undefined {
  if (typeof userId !== 'string' || !isUuid(userId)) return 'user_id must be a uuid';
  switch (checkDateRange(query.startDate, query.endDate)) {
    case 'startMissing':
      return 'start_date is required';
    case 'startInvalid':
      return 'start_date must be YYYY-MM-DD or an ISO 8601 date-time';
    case 'endInvalid':
      return 'end_date must be YYYY-MM-DD or an ISO 8601 date-time';
    case 'endBeforeStart':
      return 'end_date must not be before start_date';
    case undefined:
      return undefined;
  }
}

export function checkLabTestMarkersArgs(labTestId: string, query: LabTestMarkersQuery): string | undefined {
  return (
    checkId('lab_test_id', labTestId) ??
    (query.labAccountId !== undefined ? checkId('lab_account_id', query.labAccountId) : undefined) ??
    checkPaging(query)
  );
}

export function checkOrderSetArgs(body: OrderSetBody, query: PageQuery): string | undefined {
  const labTestIds = body.labTestIds ?? [];
  const providerIds = body.addOn?.providerIds ?? [];
  const markerIds = body.addOn?.markerIds ?? [];
  if (labTestIds.length === 0 && providerIds.length === 0 && markerIds.length === 0) {
    return 'an order set needs at least one lab_test_id, add-on provider_id or add-on marker_id';
  }
  for (const id of labTestIds) {
    const problem = checkId('every lab_test_id', id);
    if (problem) return problem;
  }
  for (const id of providerIds) {
    const problem = checkId('every add-on provider_id', id);
    if (problem) return problem;
  }
  for (const id of markerIds) {
    if (!isIntegerInRange(id, 0)) return `every add-on marker_id must be a whole number (got ${String(id)})`;
  }
  if (body.labAccountId !== undefined) {
    const problem = checkId('lab_account_id', body.labAccountId);
    if (problem) return problem;
  }
  return checkPaging(query);
}
