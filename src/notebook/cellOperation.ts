// Which of the API's five operations a request cell makes, with the client's arguments: recognised by
// its method and path (with or without a trailing slash), its query mapped onto the arguments, the
// order-set body read from its JSON. Variables are filled in first; anything else is an error that
// names what the cell may say instead.
import {
  groupedBloodPressureRequest,
  labTestMarkersRequest,
  listUsersRequest,
  orderSetMarkersRequest,
  resolveUserRequest,
  type BloodPressureQuery,
  type OrderSetBody,
  type RequestOperation,
} from '../api/requests';
import { presetForm, type RangePreset } from '../domain/bloodPressure/bloodPressureRangePresets';
import { jsonErrorPlace } from './jsonErrorPlace';
import { pathPlaceholders, variableFor } from './referencePlaceholders';
import { RecentlyUsed } from './recentlyUsed';
import type { ParsedRequestCell } from './requestCell';
import { fillIn, fillInJson, UnknownVariableError, type VariableScope } from './variables';

export const OPERATION_PATHS = [
  'GET /v2/user/',
  'GET /v2/user/resolve/{client_user_id}',
  'GET /v2/timeseries/{user_id}/blood_pressure/grouped',
  'GET /v3/lab_tests/{lab_test_id}/markers',
  'POST /v3/lab_tests/list_order_set_markers',
] as const;

export const CELL_RANGES = ['last7', 'last30', 'last90', 'lastYear'] as const satisfies readonly RangePreset[];

export interface CellRequestProblem {
  kind: 'unknownOperation' | 'badQuery' | 'badBody' | 'unknownVariable';
  message: string;
  line: number;
}

type Query = Map<string, string>;

const decoded = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

function wholeNumber(query: Query, name: string, line: number): number | undefined | CellRequestProblem {
  const text = query.get(name);
  if (text === undefined) return undefined;
  if (!/^-?\d+$/.test(text.trim())) return { kind: 'badQuery', line, message: `${name}=${text}: ${name} is a whole number` };
  return Number(text);
}

function unknownParameters(query: Query, allowed: readonly string[], operation: string, line: number): CellRequestProblem | undefined {
  const unknown = [...query.keys()].filter((name) => !allowed.includes(name));
  if (unknown.length === 0) return undefined;
  const reads = allowed.length === 0 ? 'takes no query parameters' : `reads ${allowed.join(', ')}`;
  return { kind: 'badQuery', line, message: `unknown query parameter ${unknown.join(', ')}: ${operation} ${reads}` };
}

const isProblem = (value: unknown): value is CellRequestProblem => typeof value === 'object' && value !== null && 'kind' in value && 'message' in value;

/** The JSON body, with the line and column of a syntax error counted in the cell. */
function parseBody(text: string, firstLine: number): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const place = jsonErrorPlace(text);
    const line = firstLine + (place ? place.line - 1 : 0);
    const where = place ? `at line ${line}, column ${place.column}: ${place.reason}` : `: ${error instanceof Error ? error.message : String(error)}`;
    throw { kind: 'badBody', line, message: `the JSON body is not valid ${where}` } satisfies CellRequestProblem;
  }
}

const ORDER_SET_FIELDS = ['lab_test_ids', 'add_on', 'lab_account_id'];

/** The wire body of list_order_set_markers as the client's OrderSetBody (camelCase accepted too). */
function orderSetBodyOf(value: unknown, line: number): OrderSetBody | CellRequestProblem {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { kind: 'badBody', line, message: 'the body is a JSON object, e.g. {"lab_test_ids": ["..."]}' };
  }
  const fields = value as Record<string, unknown>;
  const pick = (snake: string, camel: string): unknown => (fields[snake] !== undefined ? fields[snake] : fields[camel]);
  const unknown = Object.keys(fields).filter((name) => !ORDER_SET_FIELDS.includes(name) && !['labTestIds', 'addOn', 'labAccountId'].includes(name));
  if (unknown.length > 0) return { kind: 'badBody', line, message: `unknown field ${unknown.join(', ')} in the body: list_order_set_markers reads ${ORDER_SET_FIELDS.join(', ')}` };
  const body: OrderSetBody = {};
  const labTestIds = pick('lab_test_ids', 'labTestIds');
  if (labTestIds !== undefined) body.labTestIds = labTestIds as string[];
  const addOn = pick('add_on', 'addOn');
  if (addOn !== undefined) {
    const addOnFields = (typeof addOn === 'object' && addOn !== null ? addOn : {}) as Record<string, unknown>;
    const providerIds = addOnFields.provider_ids ?? addOnFields.providerIds;
    const markerIds = addOnFields.marker_ids ?? addOnFields.markerIds;
    body.addOn = { ...(providerIds !== undefined ? { providerIds: providerIds as string[] } : {}), ...(markerIds !== undefined ? { markerIds: markerIds as number[] } : {}) };
  }
  const labAccountId = pick('lab_account_id', 'labAccountId');
  if (labAccountId !== undefined) body.labAccountId = labAccountId as string;
  return body;
}

function bloodPressureQuery(query: Query, today: string, line: number): BloodPressureQuery | CellRequestProblem {
  const range = query.get('range');
  let startDate = query.get('start_date');
  let endDate = query.get('end_date');
  if (range !== undefined) {
    if (!(CELL_RANGES as readonly string[]).includes(range)) return { kind: 'badQuery', line, message: `range=${range}: one of ${CELL_RANGES.join(', ')}` };
    if (startDate !== undefined || endDate !== undefined) return { kind: 'badQuery', line, message: 'give either range= or start_date/end_date, not both' };
    const window = presetForm({ startDate: '', endDate: '', provider: '' }, range as RangePreset, today, undefined)!;
    startDate = window.startDate;
    endDate = window.endDate;
  }
  if (startDate === undefined) {
    return { kind: 'badQuery', line, message: 'a blood-pressure query needs start_date=YYYY-MM-DD (or range=last30, last7, last90, lastYear)' };
  }
  const provider = query.get('provider');
  const nextCursor = query.get('next_cursor');
  return {
    startDate,
    ...(endDate !== undefined ? { endDate } : {}),
    ...(provider !== undefined ? { provider } : {}),
    ...(nextCursor !== undefined ? { nextCursor } : {}),
  };
}

function unknownOperation(method: string, path: string, line: number): CellRequestProblem {
  return {
    kind: 'unknownOperation',
    line,
    message: `${method} ${path} is not one of the API's five operations: ${OPERATION_PATHS.join(', ')}`,
  };
}

/**
 * The operation of a parsed cell, with its variables filled in from `scope`; shared by every run of
 * the same filled-in cell (read-only to callers).
 */
export function operationOfCell(cell: ParsedRequestCell, scope: VariableScope): RequestOperation | CellRequestProblem {
  try {
    const placeholder = pathPlaceholderProblem(cell, scope);
    if (placeholder) return placeholder;
    const target = fillIn(cell.target, scope, encodeURIComponent);
    const bodyText = cell.body ? fillInJson(cell.body.text, scope) : undefined;
    // Past the fill-in, only these decide the operation (today: a range= window) or a problem's line.
    const key = `${cell.method} ${cell.line} ${cell.body?.line} ${scope.today} ${target}\n${bodyText}`;
    return OPERATIONS.get(key, () => operationOf(cell, target, bodyText, scope.today));
  } catch (error) {
    if (error instanceof UnknownVariableError) return { kind: 'unknownVariable', line: cell.line, message: error.message };
    if (isProblem(error)) return error;
    throw error;
  }
}

/** Each parsed cell's first path placeholder ('' for none); parsed cells are shared per source text. */
const FIRST_PLACEHOLDERS = new WeakMap<ParsedRequestCell, string>();

/** A path parameter written as the API reference writes it (`{user_id}`, `:user_id`): the notebook variable to write instead. */
function pathPlaceholderProblem(cell: ParsedRequestCell, scope: VariableScope): CellRequestProblem | undefined {
  let parameter = FIRST_PLACEHOLDERS.get(cell);
  if (parameter === undefined) FIRST_PLACEHOLDERS.set(cell, (parameter = pathPlaceholders(cell.target)[0] ?? ''));
  if (parameter === '') return undefined;
  const variable = variableFor(parameter, scope.values.keys());
  const written = cell.target.includes(`:${parameter}`) && !cell.target.includes(`{${parameter}}`) ? `:${parameter}` : `{${parameter}}`;
  const set = variable.exists ? `the notebook's variable {{${variable.name}}}` : `{{${variable.name}}}, and set ${variable.name} in the front matter or with "let" in an earlier cell`;
  return { kind: 'unknownVariable', line: cell.line, message: `${written} is the API reference's placeholder for ${parameter}, not a value: use ${set}` };
}

/** Operations by their cell's filled-in text: a notebook run again works out no operation it has not changed. */
const OPERATIONS = new RecentlyUsed<RequestOperation | CellRequestProblem>(256);

function operationOf(cell: ParsedRequestCell, target: string, bodyText: string | undefined, today: string): RequestOperation | CellRequestProblem {
  const line = cell.line;
  const queryStart = target.indexOf('?');
  const path = queryStart === -1 ? target : target.slice(0, queryStart);
  const query: Query = new Map(new URLSearchParams(queryStart === -1 ? '' : target.slice(queryStart + 1)));
  const segments = path.replace(/\/+$/, '').split('/').slice(1);
  const route = segments.map((segment, index) => (isVariableSegment(segments, index) ? '*' : segment)).join('/');
  if (bodyText !== undefined && bodyText.trim() !== '' && cell.method !== 'POST') {
    return { kind: 'badBody', line: cell.body!.line, message: `a ${cell.method} has no body` };
  }
  const expectMethod = (method: 'GET' | 'POST'): CellRequestProblem | undefined =>
    cell.method === method ? undefined : { kind: 'unknownOperation', line, message: `${path} is a ${method} request, not ${cell.method}` };

  switch (route) {
    case 'v2/user': {
      const problem = expectMethod('GET') ?? unknownParameters(query, ['offset', 'limit'], 'GET /v2/user/', line);
      if (problem) return problem;
      const offset = wholeNumber(query, 'offset', line);
      const limit = wholeNumber(query, 'limit', line);
      if (isProblem(offset)) return offset;
      if (isProblem(limit)) return limit;
      return listUsersRequest({ ...(offset !== undefined ? { offset } : {}), ...(limit !== undefined ? { limit } : {}) }).operation;
    }
    case 'v2/user/resolve/*': {
      const problem = expectMethod('GET') ?? unknownParameters(query, [], 'GET /v2/user/resolve/{client_user_id}', line);
      if (problem) return problem;
      return resolveUserRequest(decoded(segments[3]!)).operation;
    }
    case 'v2/timeseries/*/blood_pressure/grouped': {
      const problem =
        expectMethod('GET') ??
        unknownParameters(query, ['start_date', 'end_date', 'provider', 'next_cursor', 'range'], 'GET /v2/timeseries/{user_id}/blood_pressure/grouped', line);
      if (problem) return problem;
      const bloodPressure = bloodPressureQuery(query, today, line);
      if (isProblem(bloodPressure)) return bloodPressure;
      return groupedBloodPressureRequest(decoded(segments[2]!), bloodPressure).operation;
    }
    case 'v3/lab_tests/*/markers': {
      const problem = expectMethod('GET') ?? unknownParameters(query, ['lab_account_id', 'page', 'size'], 'GET /v3/lab_tests/{lab_test_id}/markers', line);
      if (problem) return problem;
      const page = wholeNumber(query, 'page', line);
      const size = wholeNumber(query, 'size', line);
      if (isProblem(page)) return page;
      if (isProblem(size)) return size;
      const labAccountId = query.get('lab_account_id');
      return labTestMarkersRequest(decoded(segments[2]!), {
        ...(labAccountId !== undefined ? { labAccountId } : {}),
        ...(page !== undefined ? { page } : {}),
        ...(size !== undefined ? { size } : {}),
      }).operation;
    }
    case 'v3/lab_tests/list_order_set_markers': {
      const problem = expectMethod('POST') ?? unknownParameters(query, ['page', 'size'], 'POST /v3/lab_tests/list_order_set_markers', line);
      if (problem) return problem;
      if (bodyText === undefined || bodyText.trim() === '') {
        return { kind: 'badBody', line, message: 'this POST needs a JSON body after a blank line, e.g. {"lab_test_ids": ["..."]}' };
      }
      const body = orderSetBodyOf(parseBody(bodyText, cell.body!.line), cell.body!.line);
      if (isProblem(body)) return body;
      const page = wholeNumber(query, 'page', line);
      const size = wholeNumber(query, 'size', line);
      if (isProblem(page)) return page;
      if (isProblem(size)) return size;
      return orderSetMarkersRequest(body, { ...(page !== undefined ? { page } : {}), ...(size !== undefined ? { size } : {}) }).operation;
    }
    default:
      return unknownOperation(cell.method, path, line);
  }
}

/** The id segments of the five paths: resolve/{id}, timeseries/{id}, lab_tests/{id}/markers. */
function isVariableSegment(segments: readonly string[], index: number): boolean {
  const before = segments[index - 1];
  if (before === 'resolve' && segments[0] === 'v2' && index === 3) return true;
  if (before === 'timeseries' && index === 2) return true;
  return before === 'lab_tests' && index === 2 && segments[3] === 'markers' && segments.length === 4;
}
