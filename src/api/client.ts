import { Agent, request, type Dispatcher } from 'undici';
import type { z } from 'zod';
import { DEFAULT_API_KEY_HEADER, normaliseApiKeyHeader } from './apiKeyHeader';
import { checkBaseUrl } from './transportSecurity';
import { HealthApiError, type HealthApiErrorKind } from './errors';
import { parseJson, validate } from './decode';
import { REDACTED_HEADER, redactText } from './redaction';
import type { Deviation } from './contract/deviations';
import { inspectResponse, type FollowedRedirect } from './contract/inspect';
import type { PageTracker } from './contract/pageChecks';
import { isSpecExact } from './contract/specExact';
import type { ContractOperation } from './contract/specFacts';
import { httpFailure } from './httpFailures';
import { pathAndQuery, trailingSlashRedirect } from './redirects';
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
import { retryDelayMs, sleep } from './retryPolicy';
import { isGroupedBloodPressure, isMarkerPage, isUser, isUserList } from './fastChecks';
import { BodyTooLargeError, firstHeader, readBody } from './httpResponse';
import { baseUrlMessage, describedCause, isNotHttp, isUndiciTimeout, networkReason, shortFailure } from './transportFailures';

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
  /** Set on an attempt that followed a redirect: the URL of the attempt that answered with it. */
  redirectedFrom?: string;
  /** With a status: the response's headers and body, with any echo of the key redacted. */
  responseHeaders?: Record<string, string>;
  responseBody?: string;
  /**
   * On a successful response read with the contract lens on: how it differs from the spec (an
   * empty list when it does not). Absent when the lens is off or the response was not read.
   */
  deviations?: Deviation[];
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
  /** Check every successful response against the spec (src/api/contract). Default true. */
  contractLens?: boolean;
}

export interface CallOptions {
  signal?: AbortSignal;
  /**
   * With the contract lens on: called once the response is read, with how it differs from the
   * spec (an empty list when it does not), before the call resolves.
   */
  onDeviations?: (deviations: Deviation[]) => void;
  /** Shared by the pages of one load, for the lens's checks across pages (total, repeated cursors). */
  pageTracker?: PageTracker;
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

type AttemptOutcome =
  | { kind: 'ok'; status: number; text: string; log: (extra: Partial<RequestLogEntry>) => void }
  | { kind: 'redirect'; status: number; location: string | undefined; error: HealthApiError }
  | { kind: 'failed'; error: HealthApiError; retryable: boolean };

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
  readonly #contractLens: boolean;

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
    this.#contractLens = options.contractLens ?? true;
  }

  listUsers(query: ListUsersQuery = {}, opts: CallOptions = {}): Promise<UserList> {
    const spec = listUsersRequest(query);
    return this.#send('listUsers', spec, userListSchema, opts, () => checkListUsersQuery(query));
  }

  resolveUser(clientUserId: string, opts: CallOptions = {}): Promise<User> {
    const spec = resolveUserRequest(clientUserId);
    return this.#send('resolveUser', spec, userSchema, opts, () => checkResolveUserArgs(clientUserId));
  }

  getGroupedBloodPressure(userId: string, query: BloodPressureQuery, opts: CallOptions = {}): Promise<GroupedBloodPressure> {
    const spec = groupedBloodPressureRequest(userId, query);
    return this.#send('groupedBloodPressure', spec, groupedBloodPressureSchema, opts, () => checkBloodPressureQuery(userId, query)).then(
      withNextCursor,
    );
  }

  listLabTestMarkers(labTestId: string, query: LabTestMarkersQuery = {}, opts: CallOptions = {}): Promise<MarkerPage> {
    const spec = labTestMarkersRequest(labTestId, query);
    return this.#send('labTestMarkers', spec, markerPageSchema, opts, () => checkLabTestMarkersArgs(labTestId, query));
  }

  listOrderSetMarkers(body: OrderSetBody, query: PageQuery = {}, opts: CallOptions = {}): Promise<MarkerPage> {
    const spec = orderSetMarkersRequest(body, query);
    return this.#send('orderSetMarkers', spec, markerPageSchema, opts, () => checkOrderSetArgs(body, query));
  }

  /** Closes pooled connections; only needed when the client owns its dispatcher. */
  async close(): Promise<void> {
    await this.#dispatcher.close();
  }

  async #send<T>(
    operation: ContractOperation,
    spec: RequestSpec,
    schema: z.ZodType<T>,
    opts: CallOptions,
    checkArguments: () => string | undefined,
  ): Promise<T> {
    let url = safeUrl(this.baseUrl, spec);
    const fail = (kind: HealthApiErrorKind, message: string): HealthApiError => new HealthApiError({ kind, message, method: spec.method, url });

    const argumentProblem = checkArguments();
    if (argumentProblem) throw fail('invalid_request', argumentProblem);
    const urlProblem = checkBaseUrl(this.baseUrl);
    if (urlProblem) throw fail('invalid_request', baseUrlMessage(urlProblem, this.baseUrl));
    if (!this.#apiKeyHeader) throw fail('invalid_request', 'The API key header name is not a valid HTTP header name');

    let redirect: FollowedRedirect | undefined;
    let redirectedFrom: string | undefined;
    let retries = 0;
    for (let attempt = 1; ; attempt++) {
      if (opts.signal?.aborted) throw fail('cancelled', `${spec.method} ${url} was cancelled`);
      const outcome = await this.#attempt(spec, url, attempt, opts.signal, redirectedFrom);
      if (outcome.kind === 'ok') return this.#read(operation, spec, url, schema, outcome, opts, redirect);
      if (outcome.kind === 'redirect') {
        // Followed once, and only when it changes nothing but a trailing slash (src/api/redirects.ts).
        const next = redirect === undefined ? trailingSlashRedirect(spec.method, url, outcome.status, outcome.location) : undefined;
        if (next === undefined) throw outcome.error;
        redirect = { status: outcome.status, to: pathAndQuery(next) };
        redirectedFrom = url;
        url = next;
        continue;
      }
      const error = outcome.error;
      const retryable = retries < this.#maxRetries && outcome.retryable;
      const wait = retryable ? retryDelayMs(retries + 1, this.#retryBaseDelayMs, error.retryAfterMs) : undefined;
      if (wait === undefined || wait > this.#maxRetryAfterMs) throw error;
      retries++;
      await sleep(wait, opts.signal).catch(() => {
        throw fail('cancelled', `${spec.method} ${url} was cancelled`);
      });
    }
  }

  /**
   * A 2xx body → the value, through the contract lens when it is on. A spec-exact body (the common
   * case) is taken as parsed without the reader's checks: it is one the reader accepts.
   */
  #read<T>(
    operation: ContractOperation,
    spec: RequestSpec,
    url: string,
    schema: z.ZodType<T>,
    outcome: Extract<AttemptOutcome, { kind: 'ok' }>,
    opts: CallOptions,
    redirect: FollowedRedirect | undefined,
  ): T {
    const refuse = (problem: string): HealthApiError => {
      outcome.log({});
      return new HealthApiError({
        kind: 'invalid_response',
        message: `Unexpected response from ${spec.method} ${url}: ${problem}`,
        method: spec.method,
        url,
        status: outcome.status,
        responseBody: outcome.text,
      });
    };
    const parsed = parseJson(outcome.text);
    if (!parsed.ok) throw refuse(parsed.problem);
    const specExact = this.#contractLens && isSpecExact(operation, parsed.value);
    const decoded = specExact ? { ok: true as const, value: parsed.value as T } : validate(parsed.value, schema, FAST_CHECKS.get(schema));
    if (!decoded.ok) throw refuse(decoded.problem);
    if (!this.#contractLens) {
      outcome.log({});
      return decoded.value;
    }
    const deviations = inspectResponse(operation, decoded.value, { request: spec, tracker: opts.pageTracker, redirect, specExact });
    outcome.log({ deviations });
    opts.onDeviations?.(deviations);
    return decoded.value;
  }

  async #attempt(spec: RequestSpec, url: string, attempt: number, signal: AbortSignal | undefined, redirectedFrom: string | undefined): Promise<AttemptOutcome> {
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
      ...(redirectedFrom === undefined ? {} : { redirectedFrom }),
    };
    const log = (entry: Partial<RequestLogEntry>, ms = Math.round(performance.now() - started)): void =>
      this.#onRequest?.({
        method: spec.method,
        url,
        ms,
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
      // Built only for a listener: without one, a response costs no copy of its headers.
      const received = (): Partial<RequestLogEntry> => ({
        status,
        ...(requestId ? { requestId } : {}),
        responseHeaders: flatHeaders(response.headers, this.#apiKey),
        responseBody: text,
      });
      if (status >= 200 && status < 300) {
        // Logged once the body is read and checked, with what the contract lens found.
        const ms = Math.round(performance.now() - started);
        return { kind: 'ok', status, text, log: (extra) => this.#onRequest && log({ ...received(), ...extra }, ms) };
      }
      if (this.#onRequest) log(received());
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
      return { kind: 'failed', error: fail(kind, message, { cause: safeCause }), retryable: kind === 'network' };
    } finally {
      clearTimeout(timer);
    }
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

