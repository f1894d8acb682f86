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

/** An item type of a list field, with pydantic's error for an item that is not one. */
interface ItemType<T> {
  is: (item: unknown) => item is T;
  errorType: string;
  message: string;
}

const STRING_ITEM: ItemType<string> = { is: (item): item is string => typeof item === 'string', errorType: 'string_type', message: 'Input should be a valid string' };
const INT_ITEM: ItemType<number> = { is: (item): item is number => Number.isSafeInteger(item), errorType: 'int_type', message: 'Input should be a valid integer' };

/** A list field (null or absent: empty), each item checked; every bad item is its own issue. */
function readList<T>(value: unknown, loc: (string | number)[], issues: IssueList, type: ItemType<T>): T[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    issues.add(typeError('list_type', loc, value, 'Input should be a valid list'));
    return [];
  }
  const items: T[] = [];
  value.forEach((item: unknown, i) => {
    if (type.is(item)) items.push(item);
    else issues.add(typeError(type.errorType, [...loc, i], item, type.message));
  });
  return items;
}

export function parseOrderSetBody(body: unknown): OrderSetBody {
  if (!isObject(body)) throw new ValidationFailure([objectExpected(['body'], body)]);
  const issues = new IssueList();
  const labTestIds = readList(body.lab_test_ids, ['body', 'lab_test_ids'], issues, STRING_ITEM);
  let addOnProviderIds: string[] = [];
  let addOnMarkerIds: number[] = [];
  const addOn = body.add_on;
  if (addOn !== undefined && addOn !== null) {
    if (!isObject(addOn)) issues.add(objectExpected(['body', 'add_on'], addOn));
    else {
      addOnProviderIds = readList(addOn.provider_ids, ['body', 'add_on', 'provider_ids'], issues, STRING_ITEM);
      addOnMarkerIds = readList(addOn.marker_ids, ['body', 'add_on', 'marker_ids'], issues, INT_ITEM);
    }
  }
  const account = body.lab_account_id;
  if (account !== undefined && account !== null && typeof account !== 'string') {
    issues.add(typeError('string_type', ['body', 'lab_account_id'], account, 'Input should be a valid string'));
  }
  issues.throwIfAny();
  return { labTestIds, addOnProviderIds, addOnMarkerIds, labAccountId: typeof account === 'string' ? account : undefined };
}
