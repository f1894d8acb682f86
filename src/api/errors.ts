export type HealthApiErrorKind =
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'invalid_request'
  | 'rate_limited'
  | 'server'
  | 'network'
  | 'timeout'
  | 'invalid_response'
  | 'cancelled';

export interface HealthApiErrorInit {
  kind: HealthApiErrorKind;
  message: string;
  method: string;
  /** Full URL without credentials (the key only ever travels in a header). */
  url: string;
  status?: number;
  detail?: unknown;
  retryAfterMs?: number;
  /** With a 401: the name of the header that carried the key (never its value). */
  keyHeader?: string;
  /** The body that came back (already key-redacted), for Open Raw Response; kept off the enumerable fields. */
  responseBody?: string;
  cause?: unknown;
}

/**
 * Every failure of the client surfaces as this one error. Its enumerable fields are safe to log:
 * none of them can hold the API key.
 */
export class HealthApiError extends Error {
  readonly kind: HealthApiErrorKind;
  readonly status?: number;
  readonly detail?: unknown;
  readonly method: string;
  readonly url: string;
  readonly retryAfterMs?: number;
  readonly keyHeader?: string;
  /**
   * The body of the response that failed (key-redacted), when one was read: a body refused as
   * invalid can still be opened raw. Not enumerable, so logging or serialising the error never
   * repeats a large body; read it with `error.responseBody`.
   */
  declare readonly responseBody?: string;

  constructor(init: HealthApiErrorInit) {
    super(init.message);
    this.name = 'HealthApiError';
    this.kind = init.kind;
    this.method = init.method;
    this.url = init.url;
    if (init.status !== undefined) this.status = init.status;
    if (init.detail !== undefined) this.detail = init.detail;
    if (init.retryAfterMs !== undefined) this.retryAfterMs = init.retryAfterMs;
    if (init.keyHeader !== undefined) this.keyHeader = init.keyHeader;
    if (init.responseBody !== undefined) {
      Object.defineProperty(this, 'responseBody', { value: init.responseBody, enumerable: false, configurable: true });
    }
    // Non-enumerable: low-level causes are for debugging and are never serialised with the error.
    if (init.cause !== undefined) {
      Object.defineProperty(this, 'cause', { value: init.cause, enumerable: false, configurable: true });
    }
  }
}

const ERROR_KINDS: ReadonlySet<string> = new Set<HealthApiErrorKind>([
  'unauthorized', 'forbidden', 'not_found', 'invalid_request', 'rate_limited',
  'server', 'network', 'timeout', 'invalid_response', 'cancelled',
]);

/**
 * Structural on purpose: the extension loads the client from its own bundle (dist/apiClient.js),
 * so an error thrown there is not an instance of the class as bundled into extension.js.
 */
export function isHealthApiError(value: unknown): value is HealthApiError {
  if (value instanceof HealthApiError) return true;
  if (!(value instanceof Error) || value.name !== 'HealthApiError') return false;
  const { kind, method, url } = value as Partial<HealthApiError>;
  return typeof kind === 'string' && ERROR_KINDS.has(kind) && typeof method === 'string' && typeof url === 'string';
}

export function kindForStatus(status: number): HealthApiErrorKind {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  if (status === 408) return 'timeout';
  if (status >= 500) return 'server';
  if (status >= 400) return 'invalid_request';
  return 'invalid_response';
}

/** FastAPI sends `detail` as a string, or as a list of `{loc, msg, type}` for 422. */
export function describeDetail(detail: unknown): string | undefined {
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) {
    const parts = detail.map((item: unknown) => {
      if (item && typeof item === 'object' && 'msg' in item) {
        const { loc, msg } = item as { loc?: unknown; msg?: unknown };
        const where = Array.isArray(loc) ? loc.filter((p) => p !== 'body' && p !== 'query' && p !== 'path').join('.') : '';
        return where ? `${where}: ${String(msg)}` : String(msg);
      }
      return JSON.stringify(item);
    });
    return parts.join('; ');
  }
  if (detail !== undefined && detail !== null) return JSON.stringify(detail);
  return undefined;
}
