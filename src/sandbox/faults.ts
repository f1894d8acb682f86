// Fault injection for tests (off by default). Faults wait in a queue; each request that is not a
// sandbox control request takes the first fault whose `path` prefix matches it (or that has no
// path) and suffers it — one fault per request.
import { IssueList, typeError } from './http/httpErrors';
import type { ValidationIssue } from './http/httpErrors';

interface FaultBase {
  /** Only requests whose path starts with this prefix take the fault. */
  path?: string;
}

export type Fault = FaultBase &
  (
    | { kind: 'status'; status: number; retryAfter?: string; detail?: unknown }
    | { kind: 'delay'; ms: number }
    | { kind: 'malformedJson' }
    | { kind: 'reset' }
    /** Sends the headers (with the full content-length) and half of the body, then never finishes. */
    | { kind: 'stall' }
    | { kind: 'neverRespond' }
  );

export class FaultQueue {
  private queue: Fault[] = [];

  add(faults: readonly Fault[]): void {
    for (const fault of faults) {
      const problems = faultIssues(fault, []);
      if (problems.length > 0) throw new TypeError(`Invalid fault: ${problems.map((p) => `${p.loc.join('.')} ${p.msg}`).join('; ')}`);
    }
    this.queue.push(...faults.map((fault) => ({ ...fault })));
  }

  clear(): number {
    const cleared = this.queue.length;
    this.queue = [];
    return cleared;
  }

  get size(): number {
    return this.queue.length;
  }

  take(path: string): Fault | undefined {
    const index = this.queue.findIndex((fault) => fault.path === undefined || path.startsWith(fault.path));
    if (index < 0) return undefined;
    return this.queue.splice(index, 1)[0];
  }
}

const KINDS = new Set(['status', 'delay', 'malformedJson', 'reset', 'stall', 'neverRespond']);

/** Checks one fault given as JSON; `loc` prefixes the 422 locations. */
export function faultIssues(value: unknown, loc: (string | number)[]): ValidationIssue[] {
  const issues = new IssueList();
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    issues.add(typeError('model_attributes_type', loc, value, 'Input should be a valid dictionary or object to extract fields from'));
    return issues.items;
  }
  const fault = value as Record<string, unknown>;
  if (typeof fault.kind !== 'string' || !KINDS.has(fault.kind)) {
    issues.add({
      type: 'literal_error',
      loc: [...loc, 'kind'],
      msg: `Input should be ${[...KINDS].map((k) => `'${k}'`).join(', ')}`,
      input: fault.kind ?? null,
      ctx: { expected: [...KINDS].join(', ') },
    });
  }
  if (fault.path !== undefined && (typeof fault.path !== 'string' || !fault.path.startsWith('/'))) {
    issues.add(typeError('string_type', [...loc, 'path'], fault.path, 'Input should be a path starting with /'));
  }
  if (fault.kind === 'status') {
    const status = fault.status;
    if (typeof status !== 'number' || !Number.isInteger(status) || status < 200 || status > 599) {
      issues.add(typeError('int_type', [...loc, 'status'], status ?? null, 'Input should be an HTTP status from 200 to 599'));
    }
    if (fault.retryAfter !== undefined && typeof fault.retryAfter !== 'string') {
      issues.add(typeError('string_type', [...loc, 'retryAfter'], fault.retryAfter, 'Input should be a valid string'));
    }
  }
  if (fault.kind === 'delay') {
    const ms = fault.ms;
    if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0 || ms > 600_000) {
      issues.add(typeError('float_type', [...loc, 'ms'], ms ?? null, 'Input should be a number of milliseconds from 0 to 600000'));
    }
  }
  return issues.items;
}

export function defaultFaultDetail(status: number): string {
  const known: Record<number, string> = {
    400: 'Bad Request',
    401: 'Invalid API key',
    403: 'Forbidden',
    404: 'Not Found',
    408: 'Request Timeout',
    409: 'Conflict',
    429: 'Too Many Requests',
    500: 'Internal Server Error',
    502: 'Bad Gateway',
    503: 'Service Unavailable',
    504: 'Gateway Timeout',
  };
  return known[status] ?? `Injected fault (HTTP ${status})`;
}
