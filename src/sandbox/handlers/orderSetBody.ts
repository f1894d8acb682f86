// Validation of the list_order_set_markers body with pydantic-v2 422 items. All fields are
// optional (null counts as absent), add_on's provider_ids and marker_ids too, as on the service;
// unknown extra fields are ignored, as FastAPI does.
import { IssueList, ValidationFailure, typeError } from '../http/httpErrors';

export interface OrderSetBody {
  labTestIds: string[];
  addOnProviderIds: string[];
  addOnMarkerIds: number[];
  labAccountId: string | undefined;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const objectExpected = (loc: (string | number)[], input: unknown) =>
  typeError('model_attributes_type', loc, input, 'Input should be a valid dictionary or object to extract fields from');

function readIntList(value: unknown, loc: (string | number)[], issues: IssueList): number[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    issues.add(typeError('list_type', loc, value, 'Input should be a valid list'));
    return [];
  }
  const items: number[] = [];
  value.forEach((item: unknown, i) => {
    if (Number.isSafeInteger(item)) items.push(item as number);
    else issues.add(typeError('int_type', [...loc, i], item, 'Input should be a valid integer'));
  });
  return items;
}

function readStringList(value: unknown, loc: (string | number)[], issues: IssueList): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    issues.add(typeError('list_type', loc, value, 'Input should be a valid list'));
    return [];
  }
  const items: string[] = [];
  value.forEach((item: unknown, i) => {
    if (typeof item === 'string') items.push(item);
    else issues.add(typeError('string_type', [...loc, i], item, 'Input should be a valid string'));
  });
  return items;
}

export function parseOrderSetBody(body: unknown): OrderSetBody {
  if (!isObject(body)) throw new ValidationFailure([objectExpected(['body'], body)]);
  const issues = new IssueList();
  const labTestIds = readStringList(body.lab_test_ids, ['body', 'lab_test_ids'], issues);
  let addOnProviderIds: string[] = [];
  let addOnMarkerIds: number[] = [];
  const addOn = body.add_on;
  if (addOn !== undefined && addOn !== null) {
    if (!isObject(addOn)) issues.add(objectExpected(['body', 'add_on'], addOn));
    else {
      addOnProviderIds = readStringList(addOn.provider_ids, ['body', 'add_on', 'provider_ids'], issues);
      addOnMarkerIds = readIntList(addOn.marker_ids, ['body', 'add_on', 'marker_ids'], issues);
    }
  }
  const account = body.lab_account_id;
  if (account !== undefined && account !== null && typeof account !== 'string') {
    issues.add(typeError('string_type', ['body', 'lab_account_id'], account, 'Input should be a valid string'));
  }
  issues.throwIfAny();
  return { labTestIds, addOnProviderIds, addOnMarkerIds, labAccountId: typeof account === 'string' ? account : undefined };
}
