// The Requests view's model: every request of the window, with bodies held under a memory cap and
// the key redacted on the way in (headers by name, bodies and URLs by value), so nothing stored here
// can leak it. Pure: the view, the documents and the saved state are built from these records.
import { REDACTED_HEADER, redactText } from '../api/redaction';

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
}

export interface RequestRecordInput {
  environmentId: string;
  environmentLabel: string;
  baseUrl: string;
  method: string;
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
  environmentId?: string;
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

export function redactHeaders(headers: Record<string, string>, keyHeader: string, secret: string): Record<string, string> {
  const keyName = keyHeader.toLowerCase();
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      name.toLowerCase() === keyName ? REDACTED_HEADER : redactText(value, secret),
    ]),
  );
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

  constructor(limits: RequestStoreLimits = {}) {
    this.#maxBodyBytes = limits.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    this.#maxBodies = limits.maxBodies ?? DEFAULT_MAX_BODIES;
    this.#maxRecords = limits.maxRecords ?? DEFAULT_MAX_RECORDS;
  }

  /** Stores a redacted copy: the key header's value and every echo of `secret` are gone. */
  add(input: RequestRecordInput, keyHeader: string, secret: string): RequestRecord {
    const record: RequestRecord = {
      ...input,
      url: redactText(input.url, secret),
      requestHeaders: redactHeaders(input.requestHeaders, keyHeader, secret),
      ...(input.responseHeaders ? { responseHeaders: redactHeaders(input.responseHeaders, keyHeader, secret) } : {}),
      ...(input.requestBody !== undefined ? { requestBody: redactText(input.requestBody, secret) } : {}),
      ...(input.responseBody !== undefined ? { responseBody: redactText(input.responseBody, secret) } : {}),
      ...(input.requestId !== undefined ? { requestId: redactText(input.requestId, secret) } : {}),
      attempts: input.attempts.map((attempt) => ({ ...attempt })),
      id: this.#nextId++,
      bodyDropped: false,
    };
    this.#records.push(record);
    this.#bodyBytes += bodyBytes(record);
    this.#enforceCaps();
    return record;
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
      if (dropped) this.#bodyBytes -= bodyBytes(dropped);
    }
    let withBodies = this.#records.filter((record) => !record.bodyDropped).length;
    for (const record of this.#records) {
      if (withBodies <= this.#maxBodies && this.#bodyBytes <= this.#maxBodyBytes) break;
      if (record.bodyDropped) continue;
      this.#bodyBytes -= bodyBytes(record);
      delete record.requestBody;
      delete record.responseBody;
      record.bodyDropped = true;
      withBodies--;
    }
  }
}

function withoutBody(record: RequestRecord): RequestRecord {
  const { requestBody: _request, responseBody: _response, ...metadata } = record;
  return { ...metadata, attempts: record.attempts.map((attempt) => ({ ...attempt })), bodyDropped: true };
}

/** Newest first; the pages of one paged load become one row (its pages oldest first). */
export function requestRows(records: readonly RequestRecord[], filter: RequestFilter = {}): RequestRow[] {
  const kept = records.filter(
    (record) =>
      (!filter.errorsOnly || isErrorRecord(record)) &&
      (filter.environmentId === undefined || record.environmentId === filter.environmentId),
  );
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
  return rows;
}
