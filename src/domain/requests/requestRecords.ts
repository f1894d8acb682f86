// The Requests view's model: every request of the window, with bodies held under a memory cap and
// the key redacted on the way in (headers by name, bodies and URLs by value), so nothing stored here
// can leak it. Pure: the view, the documents and the saved state are built from these records.
import { isRequestOrigin, type RequestOrigin } from './requestOrigin';
import { REDACTED_HEADER, redactText } from '../../api/redaction';
import { parseOperation } from '../../api/replay';
import type { Deviation } from '../../api/contract/deviations';
import type { RequestOperation } from '../../api/requests';
import { parseSavedDeviations, redactDeviations } from './savedDeviations';

export { REDACTED_HEADER };
export const DEFAULT_MAX_BODY_BYTES = 50 * 1024 * 1024;
export const DEFAULT_MAX_BODIES = 500;
/** Rows (metadata only) kept after their bodies are dropped; bounds memory in a very long session. */
export const DEFAULT_MAX_RECORDS = 5000;

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
}

export interface RequestRecord extends RequestRecordInput {
  id: number;
  /** True once the body was dropped to respect the cap (or was never kept, after a reload). */
  bodyDropped: boolean;
}

export type RequestRow =
  | { kind: 'request'; record: RequestRecord }
  | { kind: 'load'; loadId: string; pages: RequestRecord[] };

export interface RequestFilter {
  errorsOnly?: boolean;
  /** Only requests whose response the contract lens found at odds with the spec. */
  deviationsOnly?: boolean;
  environmentId?: string;
  origin?: RequestOrigin;
}

export interface RequestStoreLimits {
  maxBodyBytes?: number;
  maxBodies?: number;
  maxRecords?: number;
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

export function redactHeaders(headers: Record<string, string>, keyHeader: string, secret: string): Record<string, string> {
  const keyName = keyHeader.toLowerCase();
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      name.toLowerCase() === keyName ? REDACTED_HEADER : redactText(value, secret),
    ]),
  );
}

/**
 * The operation, unless an argument holds the key (someone pasted it as an id): arguments cannot be
 * redacted without changing the call, so such a record keeps no operation and cannot be replayed.
 */
function withoutOperationHolding(operation: RequestOperation | undefined, secret: string): { operation?: RequestOperation } {
  if (operation === undefined) return {};
  if (secret !== '' && JSON.stringify(operation.args).includes(secret)) return {};
  return { operation };
}

function bodyBytes(record: RequestRecord): number {
  return Buffer.byteLength(record.requestBody ?? '') + Buffer.byteLength(record.responseBody ?? '');
}

export class RequestRecords {
  readonly #records: RequestRecord[] = [];
  readonly #maxBodyBytes: number;
  readonly #maxBodies: number;
  readonly #maxRecords: number;
  #nextId = 1;
  #bodyBytes = 0;
  // Every request passes through #enforceCaps, so it must not walk the whole list: bodies are
  // dropped oldest first, so rows before #firstKept have none, and #kept counts the rest that do.
  #kept = 0;
  #firstKept = 0;

  constructor(limits: RequestStoreLimits = {}) {
    this.#maxBodyBytes = limits.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    this.#maxBodies = limits.maxBodies ?? DEFAULT_MAX_BODIES;
    this.#maxRecords = limits.maxRecords ?? DEFAULT_MAX_RECORDS;
  }

  /** Stores a redacted copy: the key header's value and every echo of `secret` are gone. */
  add(input: RequestRecordInput, keyHeader: string, secret: string): RequestRecord {
    return this.#push(this.#redacted(input, keyHeader, secret));
  }

  #redacted(input: RequestRecordInput, keyHeader: string, secret: string): RequestRecord {
    const { operation, deviations, ...fields } = input;
    return {
      ...fields,
      url: redactText(input.url, secret),
      ...(input.redirectedFrom !== undefined ? { redirectedFrom: redactText(input.redirectedFrom, secret) } : {}),
      requestHeaders: redactHeaders(input.requestHeaders, keyHeader, secret),
      ...(input.responseHeaders ? { responseHeaders: redactHeaders(input.responseHeaders, keyHeader, secret) } : {}),
      ...(input.requestBody !== undefined ? { requestBody: redactText(input.requestBody, secret) } : {}),
      ...(input.responseBody !== undefined ? { responseBody: redactText(input.responseBody, secret) } : {}),
      ...(input.requestId !== undefined ? { requestId: redactText(input.requestId, secret) } : {}),
      ...withoutOperationHolding(operation, secret),
      ...(deviations !== undefined ? { deviations: redactDeviations(deviations, secret) } : {}),
      attempts: input.attempts.map((attempt) => ({ ...attempt })),
      id: 0,
      bodyDropped: false,
    };
  }

  #push(record: RequestRecord): RequestRecord {
    record.id = this.#nextId++;
    this.#records.push(record);
    this.#bodyBytes += bodyBytes(record);
    this.#kept++;
    this.#enforceCaps();
    return record;
  }

  /**
   * One attempt as the client reports it. The first attempt starts a record; a retry (attempt > 1)
   * joins the newest record of the same call that has exactly the attempts before it, so a record
   * reads as the call the user made: its final outcome, every attempt, and the waits between them.
   */
  addAttempt(input: RequestRecordInput, attempt: number, keyHeader: string, secret: string): RequestRecord {
    const redacted = this.#redacted(input, keyHeader, secret);
    const call = attempt > 1 ? this.#callAwaiting(redacted, attempt) : undefined;
    if (!call) return this.#push(redacted);
    const previous = call.attempts[call.attempts.length - 1];
    if (previous?.endedAt !== undefined) previous.waitMs = Math.max(0, redacted.startedAt - previous.endedAt);
    this.#bodyBytes -= bodyBytes(call);
    call.attempts.push(...redacted.attempts);
    // After a followed redirect the call goes on at the new URL (a retry there joins it too).
    call.url = redacted.url;
    for (const field of ['status', 'failure', 'responseHeaders', 'responseBody', 'requestId', 'deviations'] as const) {
      if (redacted[field] === undefined) delete call[field];
      else (call as unknown as Record<string, unknown>)[field] = redacted[field];
    }
    if (call.bodyDropped) {
      delete call.requestBody;
      delete call.responseBody;
    }
    this.#bodyBytes += bodyBytes(call);
    this.#enforceCaps();
    return call;
  }

  #callAwaiting(input: RequestRecord, attempt: number): RequestRecord | undefined {
    for (let index = this.#records.length - 1; index >= 0; index--) {
      const record = this.#records[index];
      if (
        record &&
        record.attempts.length === attempt - 1 &&
        record.method === input.method &&
        (record.url === input.url || record.url === input.redirectedFrom) &&
        record.environmentId === input.environmentId &&
        record.loadId === input.loadId
      ) {
        return record;
      }
    }
    return undefined;
  }

  /** Oldest first, as added. */
  all(): readonly RequestRecord[] {
    return this.#records;
  }

  get(id: number): RequestRecord | undefined {
    return this.#records.find((record) => record.id === id);
  }

  get bodyBytes(): number {
    return this.#bodyBytes;
  }

  clear(): void {
    this.#records.length = 0;
    this.#bodyBytes = 0;
    this.#kept = 0;
    this.#firstKept = 0;
  }

  /** Metadata for the saved state: no bodies, no header values beyond the redacted ones. */
  snapshot(): RequestRecord[] {
    return this.#records.map(withoutBody);
  }

  /** Rows saved by an earlier window, marked body-dropped; ids continue after them. */
  restore(saved: readonly RequestRecord[]): void {
    for (const record of saved) {
      this.#records.push(withoutBody(record));
      this.#nextId = Math.max(this.#nextId, record.id + 1);
    }
    this.#enforceCaps();
  }

  #enforceCaps(): void {
    while (this.#records.length > this.#maxRecords) {
      const dropped = this.#records.shift();
      if (!dropped) break;
      this.#bodyBytes -= bodyBytes(dropped);
      if (!dropped.bodyDropped) this.#kept--;
      this.#firstKept = Math.max(0, this.#firstKept - 1);
    }
    for (; this.#firstKept < this.#records.length; this.#firstKept++) {
      if (this.#kept <= this.#maxBodies && this.#bodyBytes <= this.#maxBodyBytes) break;
      const record = this.#records[this.#firstKept];
      if (!record || record.bodyDropped) continue;
      this.#bodyBytes -= bodyBytes(record);
      delete record.requestBody;
      delete record.responseBody;
      record.bodyDropped = true;
      this.#kept--;
    }
  }
}

function withoutBody(record: RequestRecord): RequestRecord {
  const { requestBody: _request, responseBody: _response, ...metadata } = record;
  return { ...metadata, attempts: record.attempts.map((attempt) => ({ ...attempt })), bodyDropped: true };
}

/** Newest first; the pages of one paged load become one row (its pages oldest first). */
export function requestRows(records: readonly RequestRecord[], filter: RequestFilter = {}): RequestRow[] {
  const kept = records.filter((record) => matchesFilter(record, filter));
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
    const load = { kind: 'load' as const, loadId: record.loadId, pages: [record] };
    loads.set(record.loadId, load);
    rows.push(load);
  }
  // A load that needed one request reads as that request.
  return rows.map((row) => (row.kind === 'load' && row.pages.length === 1 && row.pages[0] ? { kind: 'request', record: row.pages[0] } : row));
}

/**
 * Saved rows from workspace state, which an older version or a hand edit may have changed: anything
 * that is not a well-formed row is left out rather than shown half-broken.
 */
export function parseSavedRecords(value: unknown): RequestRecord[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isSavedRecord).map(withCheckedOperation);
}

/**
 * A saved operation of the wrong shape is dropped: the row is still shown, its Replay says why not.
 * Saved deviations keep their well-formed entries; a row saved without them shows no count.
 */
function withCheckedOperation(record: RequestRecord): RequestRecord {
  const { operation: saved, deviations: savedDeviations, origin: savedOrigin, ...rest } = record;
  const operation = parseOperation(saved);
  const deviations = parseSavedDeviations(savedDeviations);
  const origin = isRequestOrigin(savedOrigin) ? savedOrigin : undefined;
  return { ...rest, ...(operation ? { operation } : {}), ...(deviations ? { deviations } : {}), ...(origin ? { origin } : {}) };
}

function isSavedRecord(value: unknown): value is RequestRecord {
  if (!value || typeof value !== 'object') return false;
  const record = value as Partial<Record<keyof RequestRecord, unknown>>;
  return (
    typeof record.id === 'number' &&
    Number.isInteger(record.id) &&
    typeof record.environmentId === 'string' &&
    typeof record.environmentLabel === 'string' &&
    typeof record.baseUrl === 'string' &&
    typeof record.method === 'string' &&
    typeof record.url === 'string' &&
    typeof record.startedAt === 'number' &&
    (record.status === undefined || typeof record.status === 'number') &&
    (record.failure === undefined || typeof record.failure === 'string') &&
    (record.requestId === undefined || typeof record.requestId === 'string') &&
    (record.loadId === undefined || typeof record.loadId === 'string') &&
    (record.agentTool === undefined || typeof record.agentTool === 'string') &&
    isStringRecord(record.requestHeaders) &&
    (record.responseHeaders === undefined || isStringRecord(record.responseHeaders)) &&
    Array.isArray(record.attempts) &&
    record.attempts.every((attempt: unknown) => !!attempt && typeof (attempt as RequestAttempt).ms === 'number')
  );
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return !!value && typeof value === 'object' && Object.values(value).every((item) => typeof item === 'string');
}
