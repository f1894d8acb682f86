// The contract lens's one entry: every deviation of one response from the spec — the redirect that
// was followed to get it, a deprecated parameter in the request, the body walked along the spec's
// table, and its paging — as one list, summarised (see deviations.ts); the client's reader asks it
// for the reader's verdict in the same walk (inspectAndRead).
import type { RequestOperationName, RequestSpec } from '../requests';
import type { ShapedCheck } from '../shapedChecks';
import { DeviationCollector, type Deviation } from './deviations';
import { walkContract } from './lens';
import { checkPaging, type PageTracker } from './pageChecks';
import { checkReadingOffsets, ReadingOffsetTally } from './readingChecks';
import { isSpecExact } from './specExact';
import { OPERATION_ROOTS, type ContractOperation } from './specFacts';

/** The spec's operation of each client call. */
export const CONTRACT_OPERATIONS: Readonly<Record<RequestOperationName, ContractOperation>> = {
  listUsers: 'listUsers',
  resolveUser: 'resolveUser',
  getGroupedBloodPressure: 'groupedBloodPressure',
  listLabTestMarkers: 'labTestMarkers',
  listOrderSetMarkers: 'orderSetMarkers',
};

/** The path each operation has in the spec. */
export const SPEC_PATHS: Readonly<Record<ContractOperation, string>> = {
  listUsers: 'GET {base_url}/v2/user/',
  resolveUser: 'GET {base_url}/v2/user/resolve/{client_user_id}',
  groupedBloodPressure: 'GET {base_url}/v2/timeseries/{user_id}/blood_pressure/grouped',
  labTestMarkers: 'GET {base_url}/v3/lab_tests/{lab_test_id}/markers',
  orderSetMarkers: 'POST {base_url}/v3/lab_tests/list_order_set_markers',
};

export interface FollowedRedirect {
  status: number;
  /** Path and query of the URL the client was sent to. */
  to: string;
}

export interface InspectContext {
  /** The request as sent (for its query: deprecated parameters, the page size asked for). */
  request?: RequestSpec;
  /** Shared by the pages of one load; a fresh one checks this response alone. */
  tracker?: PageTracker;
  redirect?: FollowedRedirect;
  /** What isSpecExact said of the body, when the caller already asked (true: the walk is skipped). */
  specExact?: boolean;
}

export function inspectResponse(operation: ContractOperation, body: unknown, context: InspectContext = {}): Deviation[] {
  return inspect(operation, body, context, undefined).deviations;
}

/**
 * The lens and the tolerant reader's check (`reader`, from src/api/fastChecks.ts) in one pass over the
 * body: the deviations inspectResponse names, and whether `reader(body)` holds. A body the reader
 * refuses gets no paging checks (its tracker is left as it was): the caller refuses it instead.
 */
export function inspectAndRead(operation: ContractOperation, body: unknown, reader: ShapedCheck, context: InspectContext = {}): { deviations: Deviation[]; accepted: boolean } {
  return inspect(operation, body, context, reader);
}

function inspect(operation: ContractOperation, body: unknown, context: InspectContext, reader: ShapedCheck | undefined): { deviations: Deviation[]; accepted: boolean } {
  const out = new DeviationCollector();
  const root = OPERATION_ROOTS[operation];
  if (context.redirect) {
    const { status, to } = context.redirect;
    out.add('redirectFollowed', '', '', `${root.section}: ${SPEC_PATHS[operation]}; the service answered ${status} to ${to} and the request was sent again there`, root.section, `${status} ${to}`);
  }
  if (context.request?.query.cursor !== undefined) {
    out.add('deprecated', '?cursor', '?cursor', 'The request parameter cursor is deprecated; next_cursor replaces it (9.2)', '9');
  }
  const specExact = context.specExact ?? isSpecExact(operation, body);
  // A spec-exact body is one the reader accepts (test/unit/contractLens.test.ts holds them to it).
  let accepted = true;
  if (!specExact) {
    // A spec-exact body has no timezone_offset: only the others can disagree with their timestamps.
    // The walk meets the readings where checkReadingOffsets would when `groups` is an object.
    const offsets = operation === 'groupedBloodPressure' && isObject(body) && isObject(body.groups) ? new ReadingOffsetTally() : undefined;
    accepted = walkContract(root.object, body, out, { ...(reader ? { reader } : {}), ...(offsets ? { visitor: offsets } : {}) });
    // A body the reader refuses (JSON null, say) is refused, not looked at further.
    if (!accepted) return { deviations: [], accepted };
    if (offsets) offsets.addTo(out);
    else if (operation === 'groupedBloodPressure') checkReadingOffsets(body, out);
  }
  checkPaging(operation, body, context.request, context.tracker, out);
  return { deviations: out.list(), accepted };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
