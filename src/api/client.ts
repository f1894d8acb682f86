import { Agent, request, type Dispatcher } from 'undici';
import type { z } from 'zod';
import { DEFAULT_API_KEY_HEADER, normaliseApiKeyHeader } from './apiKeyHeader';
import { checkBaseUrl } from './transportSecurity';
import { HealthApiError, describeDetail, kindForStatus, type HealthApiErrorKind } from './errors';
import { decodeJson } from './decode';
import { REDACTED_HEADER, redactText, redactValue } from './redaction';
import {
  groupedBloodPressureRequest,
  labTestMarkersRequest,
  listUsersRequest,
  orderSetMarkersRequest,
  requestUrl,
  resolveUserRequest,
  type BloodPressureQuery,
  type LabTestMarkersQuery,
  type ListUsersQuery,
  type OrderSetBody,
  type PageQuery,
  type RequestOperation,
  type RequestSpec,
} from './requests';
import {
  groupedBloodPressureSchema,
  markerPageSchema,
  userListSchema,
  userSchema,
  type GroupedBloodPressure,
  type MarkerPage,
  type User,
  type UserList,
} from './schemas';
import {
  checkBloodPressureQuery,
  checkLabTestMarkersArgs,
  checkListUsersQuery,
  checkOrderSetArgs,
  checkResolveUserArgs,
} from './argumentChecks';
import { parseRetryAfter, retryDelayMs, isRetryableStatus, sleep } from './retryPolicy';
import { isGroupedBloodPressure, isMarkerPage, isUser, isUserList } from './fastChecks';
import { BodyTooLargeError, firstHeader, parseDetail, readBody } from './httpResponse';
import {
  baseUrlMessage,
  describedCause,
  isNotHttp,
  isUndiciTimeout,
  networkReason,
  redactUrl,
  shortFailure,
  truncate,
} from './transportFailures';

export interface RequestLogEntry {
  method: string;
  /** Absolute URL with query; never contains the key. */
  url: string;
  status?: number;
  ms: number;
  attempt: number;
  requestId?: string;
  /** Set when the attempt failed without an HTTP status (network, timeout, cancelled...). */
  error?: HealthApiErrorKind;
  /** With `error`: the short cause ("connection refused", "timeout after 30 s", "cancelled"). */
  failure?: string;
  /** Name of the header that carried the key (never its value). */
  keyHeader?: string;
  /** The headers sent, the key header's value replaced by `<redacted>`. */
  requestHeaders?: Record<string, string>;
  /** The JSON body sent (POST). */
  requestBody?: string;
  /** With a status: the response's headers and body, with any echo of the key redacted. */
  responseHeaders?: Record<string, string>;
  responseBody?: string;
  /** The client call this attempt belongs to, with its arguments: what a replay makes again. */
  operation?: RequestOperation;
}


function flatHeaders(headers: Record<string, string | string[] | undefined>, apiKey: string): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = redactText(Array.isArray(value) ? value.join(', ') : value, apiKey);
  }
  return flat;
}

export interface HealthApiClientOptions {
  baseUrl: string;
  apiKey: string;
  /** Header that carries the key; default x-service-api-key (the spec's). */
  apiKeyHeader?: string;
  /** Per attempt, default 30 000 ms. */
  timeoutMs?: number;
  /** Default 2. Retries 408, 429, 500, 502, 503, 504 and connection errors, honouring Retry-After. */
  maxRetries?: number;
  onRequest?: (entry: RequestLogEntry) => void;
  /** First back-off delay when the server gives no Retry-After; doubles per attempt. Default 500 ms. */
  retryBaseDelayMs?: number;
  /** A Retry-After longer than this is not waited for: the call fails as rate_limited. Default 60 s. */
  maxRetryAfterMs?: number;
  /** Bodies larger than this are refused as invalid_response. Default 64 MiB. */
  maxResponseBytes?: number;
  /** Connection pool; one is created per client when absent. */
  dispatcher?: Dispatcher;
}

export interface CallOptions {
  signal?: AbortSignal;
}

const REQUEST_ID_HEADERS = ['x-request-id', 'x-vital-request-id', 'x-correlation-id'];
/** Allocation-free acceptance of well-formed responses; zod still explains any other. */
const FAST_CHECKS = new Map<z.ZodType, (value: unknown) => boolean>([
  [userListSchema, isUserList],
  [userSchema, isUser],
  [groupedBloodPressureSchema, isGroupedBloodPressure],
  [markerPageSchema, isMarkerPage],
]);
const USER_AGENT = 'health-data-explorer';

export class HealthApiClient {
  readonly baseUrl: string;
  // A private field: the key is invisible to JSON.stringify, console.log and object spreading.
  readonly #apiKey: string;
  readonly #apiKeyHeader: string | undefined;
  readonly #timeoutMs: number;
  readonly #maxRetries: number;
  readonly #retryBaseDelayMs: number;
  readonly #maxRetryAfterMs: number;
  readonly #maxResponseBytes: number;
  readonly #onRequest: ((entry: RequestLogEntry) => void) | undefined;
  readonly #dispatcher: Dispatcher;

  constructor(options: HealthApiClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.#apiKey = options.apiKey;
    this.#apiKeyHeader = normaliseApiKeyHeader(options.apiKeyHeader ?? DEFAULT_API_KEY_HEADER);
    this.#timeoutMs = options.timeoutMs ?? 30_000;
    this.#maxRetries = options.maxRetries ?? 2;
    this.#retryBaseDelayMs = options.retryBaseDelayMs ?? 500;
    this.#maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
    this.#maxResponseBytes = options.maxResponseBytes ?? 64 * 1024 * 1024;
    this.#onRequest = options.onRequest;
    this.#dispatcher = options.dispatcher ?? new Agent({ keepAliveTimeout: 10_000, connections: 16 });
  }

  listUsers(query: ListUsersQuery = {}, opts: CallOptions = {}): Promise<UserList> {
    const spec = listUsersRequest(query);
    return this.#send(spec, userListSchema, opts, () => checkListUsersQuery(query));
  }

  resolveUser(clientUserId: string, opts: CallOptions = {}): Promise<User> {
    const spec = resolveUserRequest(clientUserId);
    return this.#send(spec, userSchema, opts, () => checkResolveUserArgs(clientUserId));
  }

  getGroupedBloodPressure(userId: string, query: BloodPressureQuery, opts: CallOptions = {}): Promise<GroupedBloodPressure> {
    const spec = groupedBloodPressureRequest(userId, query);
    return this.#send(spec, groupedBloodPressureSchema, opts, () => checkBloodPressureQuery(userId, query)).then(
      withNextCursor,
    );
  }

  listLabTestMarkers(labTestId: string, query: LabTestMarkersQuery = {}, opts: CallOptions = {}): Promise<MarkerPage> {
    const spec = labTestMarkersRequest(labTestId, query);
    return this.#send(spec, markerPageSchema, opts, () => checkLabTestMarkersArgs(labTestId, query));
  }

  listOrderSetMarkers(body: OrderSetBody, query: PageQuery = {}, opts: CallOptions = {}): Promise<MarkerPage> {
    const spec = orderSetMarkersRequest(body, query);
    return this.#send(spec, markerPageSchema, opts, () => checkOrderSetArgs(body, query));
  }

  /** Closes pooled connections; only needed when the client owns its dispatcher. */
  async close(): Promise<void> {
    await this.#dispatcher.close();
  }

  async #send<T>(
    spec: RequestSpec,
    schema: z.ZodType<T>,
    opts: CallOptions,
    checkArguments: () => string | undefined,
  ): Promise<T> {
    const url = safeUrl(this.baseUrl, spec);
    const fail = (kind: HealthApiErrorKind, message: string, extra: Partial<HealthApiError> = {}): HealthApiError =>
      new HealthApiError({ kind, message, method: spec.method, url, ...extra });

    const argumentProblem = checkArguments();
    if (argumentProblem) throw fail('invalid_request', argumentProblem);
    const urlProblem = checkBaseUrl(this.baseUrl);
    if (urlProblem) throw fail('invalid_request', baseUrlMessage(urlProblem, this.baseUrl));
    if (!this.#apiKeyHeader) throw fail('invalid_request', 'The API key header name is not a valid HTTP header name');

    for (let attempt = 1; ; attempt++) {
      if (opts.signal?.aborted) throw fail('cancelled', `${spec.method} ${url} was cancelled`);
      const outcome = await this.#attempt(spec, url, attempt, opts.signal);
      if (outcome.ok) {
        const decoded = decodeJson(outcome.text, schema, FAST_CHECKS.get(schema));
        if (decoded.ok) return decoded.value;
        throw fail('invalid_response', `Unexpected response from ${spec.method} ${url}: ${decoded.problem}`, {
          status: outcome.status,
        });
      }
      const error = outcome.error;
      const retryable = attempt <= this.#maxRetries && outcome.retryable;
      const wait = retryable ? retryDelayMs(attempt, this.#retryBaseDelayMs, error.retryAfterMs) : undefined;
      if (wait === undefined || wait > this.#maxRetryAfterMs) throw error;
      await sleep(wait, opts.signal).catch(() => {
        throw fail('cancelled', `${spec.method} ${url} was cancelled`);
      });
    }
  }

  async #attempt(
    spec: RequestSpec,
    url: string,
    attempt: number,
    signal: AbortSignal | undefined,
  ): Promise<{ ok: true; status: number; text: string } | { ok: false; error: HealthApiError; retryable: boolean }> {
    const started = performance.now();
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), this.#timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal;
    const keyHeader = this.#apiKeyHeader ?? DEFAULT_API_KEY_HEADER;
    const headers: Record<string, string> = {
      [keyHeader]: this.#apiKey,
      accept: 'application/json',
      'user-agent': USER_AGENT,
      ...(spec.body === undefined ? {} : { 'content-type': 'application/json' }),
    };
    const requestBody = spec.body === undefined ? undefined : JSON.stringify(spec.body);
    const sent = {
      requestHeaders: { ...headers, [keyHeader]: REDACTED_HEADER },
      ...(requestBody === undefined ? {} : { requestBody: redactText(requestBody, this.#apiKey) }),
    };
    const log = (entry: Partial<RequestLogEntry>): void =>
      this.#onRequest?.({
        method: spec.method,
        url,
        ms: Math.round(performance.now() - started),
        attempt,
        keyHeader: this.#apiKeyHeader,
        operation: spec.operation,
        ...sent,
        ...entry,
      });
    const fail = (kind: HealthApiErrorKind, message: string, extra: Partial<HealthApiError> & { cause?: unknown } = {}) =>
      new HealthApiError({ kind, message, method: spec.method, url, ...extra });

    try {
      const response = await request(url, {
        method: spec.method,
        dispatcher: this.#dispatcher,
        signal: combined,
        headers,
        body: requestBody,
        headersTimeout: this.#timeoutMs,
        bodyTimeout: this.#timeoutMs,
      });
      const requestId = redactText(firstHeader(response.headers, REQUEST_ID_HEADERS) ?? '', this.#apiKey);
      // Redacted before anything (an error message, a snippet, a document) can repeat part of it.
      const text = redactText(await readBody(response.body, this.#maxResponseBytes), this.#apiKey);
      const status = response.statusCode;
      log({
        status,
        ...(requestId ? { requestId } : {}),
        responseHeaders: flatHeaders(response.headers, this.#apiKey),
        responseBody: text,
      });
      if (status >= 200 && status < 300) return { ok: true, status, text };
      return { ok: false, ...this.#httpFailure(spec, url, status, text, response.headers) };
    } catch (cause) {
      const kind: HealthApiErrorKind = signal?.aborted
        ? 'cancelled'
        : timeout.signal.aborted || isUndiciTimeout(cause)
          ? 'timeout'
          : cause instanceof BodyTooLargeError || isNotHttp(cause)
            ? 'invalid_response'
            : 'network';
      log({ error: kind, failure: shortFailure(kind, cause, this.#timeoutMs) });
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
      const safeCause = describedCause(cause, this.#apiKey);
      return { ok: false, error: fail(kind, message, { cause: safeCause }), retryable: kind === 'network' };
    } finally {
      clearTimeout(timer);
    }
  }

  #httpFailure(
    spec: RequestSpec,
    url: string,
    status: number,
    text: string,
    headers: Record<string, string | string[] | undefined>,
  ): { error: HealthApiError; retryable: boolean } {
    if (status >= 300 && status < 400) {
      const location = firstHeader(headers, ['location']);
      return {
        error: new HealthApiError({
          kind: 'invalid_response',
          status,
          method: spec.method,
          url,
          message: `${spec.method} ${url} answered with a redirect (${status}${location ? ` to ${redactText(redactUrl(location), this.#apiKey)}` : ''}); redirects are not followed so the key stays with the configured host`,
        }),
        retryable: false,
      };
    }
    const detail = redactValue(parseDetail(text), this.#apiKey);
    const retryAfterMs = parseRetryAfter(firstHeader(headers, ['retry-after']));
    const described = describeDetail(detail);
    return {
      error: new HealthApiError({
        kind: kindForStatus(status),
        status,
        method: spec.method,
        url,
        message: `${spec.method} ${url} failed with ${status}${described ? `: ${truncate(described, 500)}` : ''}`,
        ...(detail === undefined ? {} : { detail }),
        ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      }),
      retryable: isRetryableStatus(status),
    };
  }
}

/** Servers that only send the deprecated `next` still page correctly: it fills an absent next_cursor. */
function withNextCursor(page: GroupedBloodPressure): GroupedBloodPressure {
  if (page.next_cursor === undefined && page.next !== undefined) return { ...page, next_cursor: page.next };
  return page;
}

function safeUrl(baseUrl: string, spec: RequestSpec): string {
  try {
    return requestUrl(baseUrl, spec);
  } catch {
    return `${baseUrl}${spec.path}`;
  }
}

