// GET /v3/lab_tests/{lab_test_id}/markers and POST /v3/lab_tests/list_order_set_markers.
// Paging is query `page` (>= 1, default 1) and `size` (1..100, default 50), as on the real service.
// An unknown lab_account_id is a 404 (like an unknown lab test), never a silent fallback.
import { DEFAULT_LAB_ACCOUNT, labAccountById, markerAvailable, markersOfTest, testAvailable } from '../data/labAccounts';
import type { LabAccount } from '../data/labAccounts';
import { MARKERS, labTestById } from '../data/labCatalog';
import type { MarkerDefinition } from '../data/labCatalog';
import { hashInts } from '../data/random';
import { vendorMarker, vendorMarkerPage } from '../data/vendorShape';
import { markerToWire } from '../data/wireFormat';
import { IssueList, ValidationFailure, notFound } from '../http/httpErrors';
import { parseJsonBody, readBody } from '../http/jsonBody';
import { readInt, readString } from '../http/queryParams';
import type { Reply, RequestContext, SandboxState } from '../http/router';
import { parseOrderSetBody } from './orderSetBody';
import type { OrderSetBody } from './orderSetBody';

function readPaging(query: URLSearchParams, issues: IssueList): { page: number; size: number } {
  return {
    page: readInt(query, 'page', { fallback: 1, ge: 1 }, issues),
    size: readInt(query, 'size', { fallback: 50, ge: 1, le: 100 }, issues),
  };
}

/** Lab account and lab test ids are uuids, which stay plain even in hostile mode. */
function accountFor(id: string | undefined): LabAccount {
  if (id === undefined) return DEFAULT_LAB_ACCOUNT;
  const account = labAccountById(id);
  if (!account) throw notFound(`Lab account ${JSON.stringify(id)} not found`);
  return account;
}

function testFor(id: string, account: LabAccount) {
  const test = labTestById(id);
  if (!test) throw notFound(`Lab test ${JSON.stringify(id)} not found`);
  if (!testAvailable(account, test)) throw notFound(`Lab test ${JSON.stringify(id)} is not available for this lab account`);
  return test;
}

function pageOf(markers: MarkerDefinition[], page: number, size: number, state: SandboxState): Reply {
  const slice = markers.slice((page - 1) * size, page * size);
  if (state.shape === 'spec') {
    return { status: 200, body: { markers: slice.map((m) => markerToWire(m, state.style)), total: markers.length, page, size } };
  }
  const wire = slice.map((m) => vendorMarker(markerToWire(m, state.style), m, state.seed, state.style));
  // Keyed on the whole query's markers: every page of one query agrees on whether it sends a total.
  const key = hashInts(...markers.map((m) => m.id));
  return { status: 200, body: vendorMarkerPage({ markers: wire, markerDefinitions: slice, total: markers.length, page, size }, state.seed, key) };
}

export function labTestMarkers({ state, params, query }: RequestContext): Reply {
  const issues = new IssueList();
  const { page, size } = readPaging(query, issues);
  issues.throwIfAny();
  const account = accountFor(readString(query, 'lab_account_id') || undefined);
  const test = testFor(params[0] ?? '', account);
  return pageOf(markersOfTest(account, test), page, size, state);
}

/** Body problems are reported together with query problems, as FastAPI does. */
function parseBodyReportingAll(raw: Buffer, issues: IssueList): OrderSetBody | undefined {
  try {
    return parseOrderSetBody(parseJsonBody(raw));
  } catch (error) {
    if (!(error instanceof ValidationFailure)) throw error;
    error.issues.forEach((issue) => issues.add(issue));
    return undefined;
  }
}

/**
 * Union of the tests' markers and the add-on markers (looked up by marker id, then by
 * provider_id), first occurrence wins, in request order. An empty order set is valid and yields an empty page: it is
 * a question with an empty answer, not a malformed request.
 */
export async function orderSetMarkers(context: RequestContext): Promise<Reply> {
  const { state, query, request } = context;
  const issues = new IssueList();
  const { page, size } = readPaging(query, issues);
  const body = parseBodyReportingAll(context.body ?? (await readBody(request)), issues);
  issues.throwIfAny();
  if (!body) throw new Error('unreachable: body invalid without issues');
  const account = accountFor(body.labAccountId);
  const seen = new Set<number>();
  const markers: MarkerDefinition[] = [];
  const add = (marker: MarkerDefinition) => {
    if (!seen.has(marker.id)) {
      seen.add(marker.id);
      markers.push(marker);
    }
  };
  for (const id of body.labTestIds) markersOfTest(account, testFor(id, account)).forEach(add);
  for (const markerId of body.addOnMarkerIds) {
    const marker = MARKERS.find((m) => m.id === markerId);
    if (!marker) throw notFound(`Add-on marker ${markerId} not found`);
    if (!markerAvailable(account, marker)) throw notFound(`Add-on marker ${markerId} is not available for this lab account`);
    add(marker);
  }
  for (const providerId of body.addOnProviderIds) {
    const marker = MARKERS.find((m) => state.style.text(m.providerId) === providerId);
    if (!marker) throw notFound(`Add-on marker with provider_id ${JSON.stringify(providerId)} not found`);
    if (!markerAvailable(account, marker)) {
      throw notFound(`Add-on marker with provider_id ${JSON.stringify(providerId)} is not available for this lab account`);
    }
    add(marker);
  }
  return pageOf(markers, page, size, state);
}
