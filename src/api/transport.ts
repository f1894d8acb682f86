// One HTTP attempt: sends the request with the key in its header, reads the body under the size cap,
// redacts any echo of the key, tells the listener what went and came, and classifies the outcome
// (ok, redirect, failure and whether a retry may help). The client's retry loop sits above it.
import { Agent, request, type Dispatcher } from 'undici';
import { DEFAULT_API_KEY_HEADER } from './apiKeyHeader';
import { AttemptDeadlines } from './attemptDeadlines';
import { HealthApiError, type HealthApiErrorKind } from './errors';
import { httpFailure } from './httpFailures';
import { BodyTooLargeError, firstHeader, readBody } from './httpResponse';
import { REDACTED_HEADER, redactText } from './redaction';
import type { RequestLogEntry } from './requestLogEntry';
import type { RequestSpec } from './requests';
import { describedCause, isNotHttp, isUndiciTimeout, networkReason, shortFailure } from './transportFailures';

const REQUEST_ID_HEADERS = ['x-request-id', 'x-vital-request-id', 'x-correlation-id'];
const USER_AGENT = 'health-data-explorer';

export type AttemptOutcome =
  | { kind: 'ok'; status: number; text: string; log: (extra: Partial<RequestLogEntry>) => void }
  | { kind: 'redirect'; status: number; location: string | undefined; error: HealthApiError }
  | { kind: 'failed'; error: HealthApiError; retryable: boolean };

export interface TransportOptions {
  apiKey: string;
  /** Undefined when the configured name is not a valid header name (the client refuses to send). */
  apiKeyHeader: string | undefined;
  timeoutMs: number;
  maxResponseBytes: number;
  onRequest: ((entry: RequestLogEntry) => void) | undefined;
  dispatcher: Dispatcher | undefined;
}

function flatHeaders(headers: Record<string, string | string[] | undefined>, apiKey: string): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = redactText(Array.isArray(value) ? value.join(', ') : value, apiKey);
  }
  return flat;
}

export class Transport {
  // A private field: the key is invisible to JSON.stringify, console.log and object spreading.
  readonly #apiKey: string;
  readonly #apiKeyHeader: string | undefined;
  readonly #timeoutMs: number;
  readonly #maxResponseBytes: number;
  readonly #onRequest: ((entry: RequestLogEntry) => void) | undefined;
  readonly #dispatcher: Dispatcher;
  readonly #deadlines: AttemptDeadlines;

  constructor(options: TransportOptions) {
    this.#apiKey = options.apiKey;
    this.#apiKeyHeader = options.apiKeyHeader;
    this.#timeoutMs = options.timeoutMs;
    this.#maxResponseBytes = options.maxResponseBytes;
    this.#onRequest = options.onRequest;
    this.#dispatcher = options.dispatcher ?? new Agent({ keepAliveTimeout: 10_000, connections: 16 });
    this.#deadlines = new AttemptDeadlines(options.timeoutMs);
  }

  /** Closes pooled connections. */
  close(): Promise<void> {
    return this.#dispatcher.close();
  }

  async attempt(spec: RequestSpec, url: string, attempt: number, signal: AbortSignal | undefined, redirectedFrom: string | undefined): Promise<AttemptOutcome> {
    const started = performance.now();
    // Ends at this attempt's own deadline (on the transport's one timer) or on the caller's Cancel.
    const abort = this.#deadlines.start(signal);
    const keyHeader = this.#apiKeyHeader ?? DEFAULT_API_KEY_HEADER;
    const headers: Record<string, string> = {
      [keyHeader]: this.#apiKey,
      accept: 'application/json',
      'user-agent': USER_AGENT,
      ...(spec.body === undefined ? {} : { 'content-type': 'application/json' }),
    };
    const requestBody = spec.body === undefined ? undefined : JSON.stringify(spec.body);
    // What the log keeps of the request: built only when something listens. No closure per
    // attempt otherwise: the client's figures are a few microseconds a request above a bare one.
    const record = this.#onRequest && new AttemptRecord(this.#onRequest, this.#apiKey, spec, url, attempt, this.#apiKeyHeader, started, {
      requestHeaders: { ...headers, [keyHeader]: REDACTED_HEADER },
      ...(requestBody === undefined ? {} : { requestBody: redactText(requestBody, this.#apiKey) }),
      ...(redirectedFrom === undefined ? {} : { redirectedFrom }),
    });

    try {
      const response = await request(url, {
        method: spec.method,
        dispatcher: this.#dispatcher,
        signal: abort,
        headers,
        body: requestBody,
        headersTimeout: this.#timeoutMs,
        bodyTimeout: this.#timeoutMs,
      });
      const requestId = redactText(firstHeader(response.headers, REQUEST_ID_HEADERS) ?? '', this.#apiKey);
      // Redacted before anything (an error message, a snippet, a document) can repeat part of it.
      const text = redactText(await readBody(response.body, this.#maxResponseBytes), this.#apiKey);
      const status = response.statusCode;
      if (status >= 200 && status < 300) {
        // Logged once the body is read and checked, with what the contract lens found.
        record?.answered(status, requestId, response.headers, text);
        return { kind: 'ok', status, text, log: record ? record.logAnswer : IGNORED };
      }
      if (record) {
        record.answered(status, requestId, response.headers, text);
        record.logAnswer({});
      }
      const failure = httpFailure({
        method: spec.method,
        url,
        status,
        text,
        headers: response.headers,
        apiKey: this.#apiKey,
        keyHeader,
        afterRedirect: redirectedFrom !== undefined,
      });
      if (status >= 300 && status < 400) return { kind: 'redirect', status, location: firstHeader(response.headers, ['location']), error: failure.error };
      return { kind: 'failed', ...failure };
    } catch (cause) {
      const kind: HealthApiErrorKind =
        abort.endedBy === 'cancel' || signal?.aborted
          ? 'cancelled'
          : abort.endedBy === 'deadline' || isUndiciTimeout(cause)
            ? 'timeout'
            : cause instanceof BodyTooLargeError || isNotHttp(cause)
              ? 'invalid_response'
              : 'network';
      record?.log({ error: kind, failure: shortFailure(kind, cause, this.#timeoutMs) }, Math.round(performance.now() - started));
      const message =
        kind === 'cancelled'
          ? `${spec.method} ${url} was cancelled`
          : kind === 'timeout'
            ? `${spec.method} ${url} did not complete within ${this.#timeoutMs} ms`
            : kind === 'invalid_response'
              ? cause instanceof BodyTooLargeError
                ? `Response of ${spec.method} ${url} is larger than ${this.#maxResponseBytes} bytes`
                : `${new URL(url).host} did not answer ${spec.method} ${url} with HTTP (${networkReason(cause)})`
              : `Could not reach ${new URL(url).host}: ${networkReason(cause)}`;
      const error = new HealthApiError({ kind, message, method: spec.method, url, cause: describedCause(cause, this.#apiKey) });
      return { kind: 'failed', error, retryable: kind === 'network' };
    } finally {
      this.#deadlines.finish(abort, signal);
    }
  }
}

const IGNORED = (): void => undefined;

/** One attempt's entries for the request-log listener: what was sent, then what came back. */
class AttemptRecord {
  #received: Partial<RequestLogEntry> = {};
  #answeredMs = 0;

  constructor(
    private readonly onRequest: (entry: RequestLogEntry) => void,
    private readonly apiKey: string,
    private readonly spec: RequestSpec,
    private readonly url: string,
    private readonly attempt: number,
    private readonly keyHeader: string | undefined,
    private readonly started: number,
    private readonly sent: Partial<RequestLogEntry>,
  ) {}

  /** The answer as the log keeps it: its headers copied (and redacted) only here, for a listener. */
  answered(status: number, requestId: string, headers: Record<string, string | string[] | undefined>, text: string): void {
    this.#answeredMs = Math.round(performance.now() - this.started);
    this.#received = {
      status,
      ...(requestId ? { requestId } : {}),
      responseHeaders: flatHeaders(headers, this.apiKey),
      responseBody: text,
    };
  }

  /** The answered attempt's entry, with what reading it found (the contract lens's deviations). */
  readonly logAnswer = (extra: Partial<RequestLogEntry>): void => this.log({ ...this.#received, ...extra }, this.#answeredMs);

  log(entry: Partial<RequestLogEntry>, ms: number): void {
    const { spec, url, attempt, keyHeader } = this;
    this.onRequest({ method: spec.method, url, ms, attempt, keyHeader, operation: spec.operation, ...this.sent, ...entry });
  }
}