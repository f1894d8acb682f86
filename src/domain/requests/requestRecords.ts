// The Requests view's model: every request of the window, with bodies held under a memory cap and
// the key redacted on the way in (headers by name, bodies and URLs by value), so nothing stored here
// can leak it. Pure: the view, the documents and the saved state are built from these records.
import { REDACTED_HEADER, redactText } from '../../api/redaction';
import type { RequestOperation } from '../../api/requests';
import type { RequestRecord, RequestRecordInput } from './requestRecord';
import { redactDeviations } from './savedDeviations';

export { REDACTED_HEADER };
// The row's types, its filters and the saved rows' parser live beside the store; re-exported for its users.
export * from './requestRecord';
export { parseSavedRecords } from './savedRequestRecords';
export const DEFAULT_MAX_BODY_BYTES = 50 * 1024 * 1024;
export const DEFAULT_MAX_BODIES = 500;
/** Rows (metadata only) kept after their bodies are dropped; bounds memory in a very long session. */
export const DEFAULT_MAX_RECORDS = 5000;

export interface RequestStoreLimits {
  maxBodyBytes?: number;
  maxBodies?: number;
  maxRecords?: number;
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
  /** Requests sent so far per load of this window (dropped rows included). */
  readonly #loadRequests = new Map<string, number>();

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
    if (record.loadId !== undefined) {
      record.loadRequest = (this.#loadRequests.get(record.loadId) ?? 0) + 1;
      this.#loadRequests.set(record.loadId, record.loadRequest);
    }
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

  /** How many requests load `loadId` has sent so far: what its row counts (requestCountOf). */
  requestsOfLoad(loadId: string): number {
    return this.#loadRequests.get(loadId) ?? 0;
  }

  /** Cancel ended load `loadId`: its rows say so even when no request was in flight to cut. */
  markLoadCancelled(loadId: string): void {
    for (const record of this.#records) if (record.loadId === loadId) record.loadCancelled = true;
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
    this.#loadRequests.clear();
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
