// One row of the Requests view: what was sent and what came back, the attempts of one call, the
// pages of a paged load as one row, and which rows a filter shows. Pure types and predicates.
import type { RequestOrigin } from './requestOrigin';
import type { Deviation } from '../../api/contract/deviations';
import type { RequestOperation } from '../../api/requests';

export interface RequestAttempt {
  ms: number;
  status?: number;
  /** Short failure cause when the attempt got no status: "connection refused", "timeout after 30 s"… */
  failure?: string;
  /** Wait before the next attempt, when the client retried. */
  waitMs?: number;
  /** When the attempt ended (epoch ms); how the wait before a retry is measured. */
  endedAt?: number;
}

export interface RequestRecordInput {
  environmentId: string;
  environmentLabel: string;
  baseUrl: string;
  method: string;
  /** An attempt that followed a redirect: the URL it was redirected from (it joins that call's record). */
  redirectedFrom?: string;
  url: string;
  requestHeaders: Record<string, string>;
  requestBody?: string;
  status?: number;
  failure?: string;
  responseHeaders?: Record<string, string>;
  responseBody?: string;
  attempts: RequestAttempt[];
  requestId?: string;
  startedAt: number;
  /** Shared by the pages of one paged load; they show as one expandable row. */
  loadId?: string;
  /** The agent tool the request was made for (a language-model tool call), when it was. */
  agentTool?: string;
  /** What made the request (a panel, a scan, a notebook…), when the caller said so. */
  origin?: RequestOrigin;
  /**
   * The client call that sent it, with its arguments: what Replay makes again, in `environmentId`,
   * under `baseUrl`. Absent on rows saved by a version that did not record it.
   */
  operation?: RequestOperation;
  /**
   * How the response differs from the spec (the contract lens; an empty list when it does not).
   * Absent when the lens was off or the response was not read (an error, a refused body).
   */
  deviations?: Deviation[];
  /**
   * Cancel ended the load this request belongs to: set on its requests, however the cancel fell
   * (in a request, or between two pages while none was in flight).
   */
  loadCancelled?: true;
}

export interface RequestRecord extends RequestRecordInput {
  id: number;
  /**
   * Which request of its load this is (1: the first). The newest row of a load carries how many
   * requests the load sent, also once older rows were dropped: the one count its row and its panel say.
   */
  loadRequest?: number;
  /** True once the body was dropped to respect the cap (or was never kept, after a reload). */
  bodyDropped: boolean;
}

export type RequestRow =
  | { kind: 'request'; record: RequestRecord }
  /** `requests`: how many the load sent (its shown pages may be fewer: a filter, rows dropped past the cap). */
  | { kind: 'load'; loadId: string; pages: RequestRecord[]; requests?: number };

export interface RequestFilter {
  errorsOnly?: boolean;
  /** Only requests whose response the contract lens found at odds with the spec. */
  deviationsOnly?: boolean;
  environmentId?: string;
  origin?: RequestOrigin;
}

export function isErrorRecord(record: RequestRecord): boolean {
  // A cancel is the user's own doing, not an error to look for.
  return record.status === undefined ? record.failure !== 'cancelled' : record.status >= 400;
}

export function hasDeviations(record: Pick<RequestRecord, 'deviations'>): boolean {
  return (record.deviations?.length ?? 0) > 0;
}

/** Whether `record` shows under `filter` (every part of it that is set). */
export function matchesFilter(record: RequestRecord, filter: RequestFilter): boolean {
  return (
    (!filter.errorsOnly || isErrorRecord(record)) &&
    (!filter.deviationsOnly || hasDeviations(record)) &&
    (filter.environmentId === undefined || record.environmentId === filter.environmentId) &&
    (filter.origin === undefined || record.origin === filter.origin)
  );
}

export function isFiltered(filter: RequestFilter): boolean {
  return filter.errorsOnly === true || filter.deviationsOnly === true || filter.environmentId !== undefined || filter.origin !== undefined;
}

/** Newest first; the pages of one paged load become one row (its pages oldest first). */
export function requestRows(records: readonly RequestRecord[], filter: RequestFilter = {}): RequestRow[] {
  const kept = records.filter((record) => matchesFilter(record, filter));
  const sent = requestsPerLoad(records);
  const rows: RequestRow[] = [];
  const loads = new Map<string, Extract<RequestRow, { kind: 'load' }>>();
  for (const record of [...kept].reverse()) {
    if (record.loadId === undefined) {
      rows.push({ kind: 'request', record });
      continue;
    }
    const existing = loads.get(record.loadId);
    if (existing) {
      existing.pages.unshift(record);
      continue;
    }
    const load = { kind: 'load' as const, loadId: record.loadId, pages: [record], requests: sent.get(record.loadId) ?? 1 };
    loads.set(record.loadId, load);
    rows.push(load);
  }
  // A load that needed one request reads as that request.
  return rows.map((row) => (row.kind === 'load' && row.pages.length === 1 && row.pages[0] ? { kind: 'request', record: row.pages[0] } : row));
}

/**
 * How many requests each load sent, filter or not: the number its newest row carries (older rows may
 * have been dropped past the store's cap), else its rows (saved by a version without the number).
 */
function requestsPerLoad(records: readonly RequestRecord[]): Map<string, number> {
  const rows = new Map<string, number>();
  const numbered = new Map<string, number>();
  for (const { loadId, loadRequest } of records) {
    if (loadId === undefined) continue;
    rows.set(loadId, (rows.get(loadId) ?? 0) + 1);
    if (loadRequest !== undefined) numbered.set(loadId, Math.max(numbered.get(loadId) ?? 0, loadRequest));
  }
  for (const [loadId, count] of numbered) rows.set(loadId, Math.max(count, rows.get(loadId) ?? 0));
  return rows;
}

/**
 * What kind of requests a load makes: the client calls of its pages (a blood-pressure load is
 * getGroupedBloodPressure throughout; a coverage scan or a diagnosis mixes several), or, for rows
 * saved without their call, method and path. Two loads compare when their kinds are the same.
 */
export function loadKind(pages: readonly Pick<RequestRecord, 'operation' | 'method' | 'url'>[]): string {
  const kinds = new Set(pages.map((page) => page.operation?.name ?? `${page.method} ${page.url.split('?')[0] ?? ''}`));
  return [...kinds].sort().join(' + ');
}
