import type { Dispatcher } from 'undici';
import type { z } from 'zod';
import { DEFAULT_API_KEY_HEADER, normaliseApiKeyHeader } from './apiKeyHeader';
import { checkBaseUrl } from './transportSecurity';
import { HealthApiError, type HealthApiErrorKind } from './errors';
import type { FollowedRedirect } from './contract/inspect';
import type { ContractOperation } from './contract/specFacts';
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
import type { CallOptions } from './callOptions';
import type { RequestLogEntry } from './requestLogEntry';
import { readResponse } from './responseReader';
import { Transport } from './transport';
import { baseUrlMessage } from './transportFailures';

export type { RequestLogEntry } from './requestLogEntry';

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

export type { CallOptions } from './callOptions';

export class HealthApiClient {
  readonly baseUrl: string;
  /** Holds the key (a private field there too), sends one attempt at a time. */
  readonly #transport: Transport;
  readonly #apiKeyHeader: string | undefined;
  readonly #maxRetries: number;
  readonly #retryBaseDelayMs: number;
  readonly #maxRetryAfterMs: number;
  readonly #contractLens: boolean;
  /** checkBaseUrl of the (fixed) base URL, judged on the first call and remembered. */
  #baseUrlProblem: { problem: ReturnType<typeof checkBaseUrl> } | undefined;

  constructor(options: HealthApiClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.#apiKeyHeader = normaliseApiKeyHeader(options.apiKeyHeader ?? DEFAULT_API_KEY_HEADER);
    this.#transport = new Transport({
      apiKey: options.apiKey,
      apiKeyHeader: this.#apiKeyHeader,
      timeoutMs: options.timeoutMs ?? 30_000,
      maxResponseBytes: options.maxResponseBytes ?? 64 * 1024 * 1024,
      onRequest: options.onRequest,
      dispatcher: options.dispatcher,
    });
    this.#maxRetries = options.maxRetries ?? 2;
    this.#retryBaseDelayMs = options.retryBaseDelayMs ?? 500;
    this.#maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
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
    await this.#transport.close();
  }

  async #send<T>(
    operation: ContractOperation,
    spec: RequestSpec,
    schema: z.ZodType<T>,
    opts: CallOptions,
    checkArguments: () => string | undefined,
  ): Promise<T> {
    let url = safeUrl(this.baseUrl, spec);
    const argumentProblem = checkArguments();
    if (argumentProblem) throw callError('invalid_request', argumentProblem, spec, url);
    const urlProblem = (this.#baseUrlProblem ??= { problem: checkBaseUrl(this.baseUrl) }).problem;
    if (urlProblem) throw callError('invalid_request', baseUrlMessage(urlProblem, this.baseUrl), spec, url);
    if (!this.#apiKeyHeader) throw callError('invalid_request', 'The API key header name is not a valid HTTP header name', spec, url);

    let redirect: FollowedRedirect | undefined;
    let redirectedFrom: string | undefined;
    let retries = 0;
    for (let attempt = 1; ; attempt++) {
      if (opts.signal?.aborted) throw callError('cancelled', `${spec.method} ${url} was cancelled`, spec, url);
      const outcome = await this.#transport.attempt(spec, url, attempt, opts.signal, redirectedFrom);
      if (outcome.kind === 'ok') return readResponse(operation, spec, url, schema, outcome, opts, redirect, this.#contractLens);
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
        throw callError('cancelled', `${spec.method} ${url} was cancelled`, spec, url);
      });
    }
  }

}

/** An error of the call itself (its arguments, its configuration, Cancel between attempts). */
function callError(kind: HealthApiErrorKind, message: string, spec: RequestSpec, url: string): HealthApiError {
  return new HealthApiError({ kind, message, method: spec.method, url });
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

