// What a cell's output shows, read from its CellResult: which view draws the body (users, blood
// pressure, markers, or raw JSON only), the rows of the users table, the blood-pressure groups and
// markers the panels' modules can draw, and the raw JSON text. The result may come from a file
// someone edited by hand: every field is read defensively, nothing here throws, and a value that
// is not what the operation returns is left to the raw JSON view rather than guessed at.
import type { Deviation, DeviationKind } from '../api/contract/deviations';
import type { GroupedBloodPressure, Marker, MarkerPricing } from '../api/schemas';
import type { AssertionResult, CellResult } from './model';

export interface UserRow {
  clientUserId: string | undefined;
  userId: string | undefined;
  createdOn: string | undefined;
  /** Connected sources' provider slugs, as sent ("omron, withings"); undefined when none was sent. */
  sources: string | undefined;
  timeZone: string | undefined;
}

/** The blood-pressure window the cell asked for (its call's arguments), when it says. */
export interface QueriedWindow {
  startDate: string;
  endDate: string | undefined;
  provider: string | undefined;
}

export type ResultBodyView =
  | { kind: 'none' }
  | { kind: 'users'; rows: UserRow[]; total: number | undefined }
  | { kind: 'bloodPressure'; groups: GroupedBloodPressure['groups']; readings: number; skipped: number; window: QueriedWindow | undefined }
  | { kind: 'markers'; markers: Marker[]; pricing: MarkerPricing | undefined; skipped: number }
  /** A body whose shape is not its operation's (or no operation): raw JSON only. */
  | { kind: 'json' };

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => !!value && typeof value === 'object' && !Array.isArray(value);

/** A value sent as text; a number or boolean as written; anything else (null, absent, objects) undefined. */
function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** Which view draws the body, with what it needs. */
export function resultBodyView(result: Pick<CellResult, 'operation' | 'body' | 'call'>): ResultBodyView {
  const body = result.body;
  if (body === undefined || body === null) return { kind: 'none' };
  switch (result.operation) {
    case 'listUsers':
      if (!isObject(body) || !Array.isArray(body.users)) return { kind: 'json' };
      return { kind: 'users', rows: body.users.filter(isObject).map(userRowOf), total: typeof body.total === 'number' ? body.total : undefined };
    case 'resolveUser':
      return isObject(body) ? { kind: 'users', rows: [userRowOf(body)], total: undefined } : { kind: 'json' };
    case 'getGroupedBloodPressure': {
      const read = readableBloodPressureGroups(body);
      return read ? { kind: 'bloodPressure', ...read, window: queriedWindowOf(result.call) } : { kind: 'json' };
    }
    case 'listLabTestMarkers':
    case 'listOrderSetMarkers': {
      if (!isObject(body) || !Array.isArray(body.markers)) return { kind: 'json' };
      const markers = body.markers.filter(isObject) as Marker[];
      const pricing = isObject(body.pricing) ? (body.pricing as MarkerPricing) : undefined;
      return { kind: 'markers', markers, pricing, skipped: body.markers.length - markers.length };
    }
    default:
      return { kind: 'json' };
  }
}

/** The vendor's `provider.slug`, else the spec's `source.slug`. */
const slugOf = (provider: unknown): string | undefined => (isObject(provider) ? textOf(provider.slug) : undefined);

export function userRowOf(user: Json): UserRow {
  const sources = Array.isArray(user.connected_sources)
    ? user.connected_sources
        .map((source) => (isObject(source) ? (slugOf(source.provider) ?? slugOf(source.source)) : undefined))
        .filter((slug): slug is string => slug !== undefined)
    : undefined;
  const zone = isObject(user.fallback_time_zone) ? textOf(user.fallback_time_zone.id) : undefined;
  return {
    clientUserId: textOf(user.client_user_id),
    userId: textOf(user.user_id),
    createdOn: textOf(user.created_on),
    sources: sources && sources.length > 0 ? sources.join(', ') : undefined,
    timeZone: zone,
  };
}

/**
 * The groups the blood-pressure panel's modules can draw: each group needs a source with a provider
 * and readings with numeric systolic and diastolic and a timestamp; a reading without them is
 * counted in `skipped`, never drawn as a made-up value. undefined when the body has no `groups`.
 */
export function readableBloodPressureGroups(body: unknown): { groups: GroupedBloodPressure['groups']; readings: number; skipped: number } | undefined {
  if (!isObject(body) || !isObject(body.groups)) return undefined;
  const groups: GroupedBloodPressure['groups'] = {};
  let readings = 0;
  let skipped = 0;
  for (const [key, list] of Object.entries(body.groups)) {
    if (!Array.isArray(list)) continue;
    const kept: GroupedBloodPressure['groups'][string] = [];
    for (const group of list) {
      if (!isObject(group)) continue;
      const data = Array.isArray(group.data) ? group.data : [];
      const source = isObject(group.source) ? group.source : {};
      const provider = textOf(source.provider) ?? key;
      const readable = data.filter(isReadableReading);
      skipped += data.length - readable.length;
      readings += readable.length;
      // Fast path: a well-formed group is passed on as it is (100,000 readings: no copy).
      const sameSource = typeof source.provider === 'string' ? source : { ...source, provider };
      kept.push({ ...group, source: sameSource, data: readable.length === data.length ? data : readable } as GroupedBloodPressure['groups'][string][number]);
    }
    groups[key] = kept;
  }
  return { groups, readings, skipped };
}

function isReadableReading(reading: unknown): boolean {
  return (
    isObject(reading) &&
    typeof reading.systolic === 'number' &&
    Number.isFinite(reading.systolic) &&
    typeof reading.diastolic === 'number' &&
    Number.isFinite(reading.diastolic) &&
    typeof reading.timestamp === 'string'
  );
}

function queriedWindowOf(call: CellResult['call']): QueriedWindow | undefined {
  if (!call || call.name !== 'getGroupedBloodPressure') return undefined;
  const query = call.args?.[1];
  if (!isObject(query) || typeof query.startDate !== 'string') return undefined;
  return {
    startDate: query.startDate,
    endDate: typeof query.endDate === 'string' ? query.endDate : undefined,
    provider: typeof query.provider === 'string' ? query.provider : undefined,
  };
}

export function assertionTally(assertions: readonly AssertionResult[]): { passed: number; failed: number } {
  const passed = assertions.filter((assertion) => assertion.passed === true).length;
  return { passed, failed: assertions.length - passed };
}

/** "GET /v2/user/resolve/patient-0042": the request line as the cell sent it. */
export function requestLine(request: CellResult['request'] | undefined): string {
  if (!request || typeof request.path !== 'string') return '';
  return `${request.method === 'POST' ? 'POST' : 'GET'} ${request.path}`;
}

/** The pretty body, cut at `limit` characters so a body of 100,000 readings never floods the page. */
export function rawJsonText(body: unknown, limit: number): { text: string; totalChars: number; truncated: boolean } {
  let text: string;
  try {
    text = JSON.stringify(body, null, 2) ?? String(body);
  } catch {
    text = String(body);
  }
  return text.length > limit ? { text: text.slice(0, limit), totalChars: text.length, truncated: true } : { text, totalChars: text.length, truncated: false };
}

/**
 * Reads an output item's JSON as a CellResult: the fields the renderer needs must be there and of
 * their type (a result saved by an older or newer version, or edited by hand, may not be).
 */
export function readCellResult(value: unknown): CellResult | undefined {
  if (!isObject(value) || value.version !== 1) return undefined;
  if (value.outcome !== 'ok' && value.outcome !== 'error' && value.outcome !== 'cancelled') return undefined;
  const environment = isObject(value.environment) ? value.environment : {};
  const { timeZone, status, bodyOmittedBytes, error, scrubbed, ...rest } = value;
  const errorFields = isObject(error) ? error : undefined;
  return {
    ...(rest as unknown as CellResult),
    ...(typeof timeZone === 'string' ? { timeZone } : {}),
    ...(typeof status === 'number' ? { status } : {}),
    ...(typeof bodyOmittedBytes === 'number' ? { bodyOmittedBytes } : {}),
    ...(typeof scrubbed === 'string' ? { scrubbed } : {}),
    ...(errorFields
      ? {
          error: {
            kind: textOf(errorFields.kind) ?? '',
            message: textOf(errorFields.message) ?? '',
            ...(typeof errorFields.line === 'number' ? { line: errorFields.line } : {}),
            ...(typeof errorFields.nextStep === 'string' ? { nextStep: errorFields.nextStep } : {}),
          },
        }
      : {}),
    request: isObject(value.request) && typeof value.request.path === 'string' ? (value.request as CellResult['request']) : { method: 'GET', path: '' },
    environment: { id: textOf(environment.id) ?? '', label: textOf(environment.label) ?? textOf(environment.id) ?? '' } as CellResult['environment'],
    ms: typeof value.ms === 'number' && Number.isFinite(value.ms) ? value.ms : 0,
    pages: typeof value.pages === 'number' && Number.isFinite(value.pages) ? value.pages : 0,
    deviations: Array.isArray(value.deviations) ? value.deviations.filter(isObject).map(deviationOf) : [],
    assertions: Array.isArray(value.assertions) ? value.assertions.filter(isObject).map(assertionOf) : [],
    variablesSet: isObject(value.variablesSet) ? (value.variablesSet as Record<string, string>) : {},
    ranAt: textOf(value.ranAt) ?? '',
  };
}

function deviationOf(value: Json): Deviation {
  const text = (field: unknown): string => textOf(field) ?? '';
  const count = (field: unknown): number => (typeof field === 'number' && Number.isFinite(field) ? field : 1);
  return {
    kind: text(value.kind) as DeviationKind,
    path: text(value.path),
    pattern: text(value.pattern),
    count: count(value.count),
    of: count(value.of),
    paths: Array.isArray(value.paths) ? value.paths.filter((path): path is string => typeof path === 'string') : [],
    ...(value.value !== undefined ? { value: text(value.value) } : {}),
    spec: text(value.spec),
    section: text(value.section),
  };
}

function assertionOf(value: Json): AssertionResult {
  return {
    line: typeof value.line === 'number' ? value.line : 0,
    text: textOf(value.text) ?? '',
    passed: value.passed === true,
    message: textOf(value.message) ?? '',
    ...(typeof value.section === 'string' ? { section: value.section } : {}),
    ...(typeof value.place === 'string' ? { place: value.place } : {}),
  };
}
