// Runs the real client against a hostile server and checks what every hardening case must hold:
// one HealthApiError of the expected kind, the key nowhere in it nor in the request log, and no
// unhandled rejection or uncaught exception left behind.
import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { after, before } from 'node:test';
import { HealthApiClient, type HealthApiClientOptions, type RequestLogEntry } from '../../src/api/client';
import { HealthApiError, type HealthApiErrorKind } from '../../src/api/errors';
import { rawServer, scriptedHttpServer, type HostileServer, type Responder } from './hostileServers';

export const KEY = 'hde-hostile-key-7f3a9c2e51d84b06';
export const USER_ID = '5f0c3e9e-6d35-4c0e-9d4f-0c7f6b1d2a10';
export const MAX_RETRIES = 2;
// Generous: cases that must time out set their own small timeoutMs; the rest must not flake on a busy machine.
export const BASE_OPTIONS: Partial<HealthApiClientOptions> = { timeoutMs: 10_000, maxRetries: MAX_RETRIES, retryBaseDelayMs: 1 };

export type Call = (client: HealthApiClient) => Promise<unknown>;

/** One call per operation: a hostile answer must be handled the same way by all five. */
export const OPERATIONS: Record<string, Call> = {
  listUsers: (c) => c.listUsers(),
  resolveUser: (c) => c.resolveUser('patient-0001'),
  bloodPressure: (c) => c.getGroupedBloodPressure(USER_ID, { startDate: '2026-01-01' }),
  labTestMarkers: (c) => c.listLabTestMarkers('lab-test-1'),
  orderSetMarkers: (c) => c.listOrderSetMarkers({ labTestIds: ['lab-test-1'] }),
};

export const validUser = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  user_id: USER_ID,
  team_id: 'team-1',
  client_user_id: 'patient-0001',
  created_on: '2026-01-01T00:00:00Z',
  connected_sources: [],
  fallback_time_zone: null,
  ...overrides,
});

const escaped: unknown[] = [];
const record = (reason: unknown): void => void escaped.push(reason);

/** Call at the top of a test file: records unhandled rejections and uncaught exceptions. */
export function trackEscapes(): void {
  before(() => {
    process.on('unhandledRejection', record);
    process.on('uncaughtException', record);
  });
  after(() => {
    process.off('unhandledRejection', record);
    process.off('uncaughtException', record);
  });
}

export async function assertNothingEscaped(): Promise<void> {
  // Rejections are reported once the microtask queue drains; two macrotask turns cover it.
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(escaped.map(String), [], 'no unhandled rejection or uncaught exception');
}

export function assertKeyAbsent(what: string, value: unknown): void {
  const views = [
    value instanceof Error ? value.message : '',
    value instanceof Error ? (value.stack ?? '') : '',
    JSON.stringify(value) ?? '',
    inspect(value, { depth: Infinity, showHidden: true }),
  ];
  // Any 16 characters of the key count as a leak: a cut-off snippet must not carry half of it.
  const windows = Array.from({ length: KEY.length - 15 }, (_, i) => KEY.slice(i, i + 16));
  for (const view of views) {
    const leaked = windows.find((window) => view.includes(window));
    assert.equal(leaked, undefined, `the key leaked into ${what}: ${view.slice(0, 300)}`);
  }
}

export interface RunResult {
  value?: unknown;
  error?: unknown;
  log: RequestLogEntry[];
}

export async function runClient(server: HostileServer, call: Call, overrides: Partial<HealthApiClientOptions> = {}): Promise<RunResult> {
  const log: RequestLogEntry[] = [];
  const client = new HealthApiClient({ baseUrl: server.url, apiKey: KEY, ...BASE_OPTIONS, ...overrides, onRequest: (e) => log.push(e) });
  try {
    return { value: await call(client), log };
  } catch (error) {
    return { error, log };
  } finally {
    await client.close();
  }
}

export async function expectFailure(
  server: HostileServer,
  call: Call,
  kind: HealthApiErrorKind,
  overrides: Partial<HealthApiClientOptions> = {},
): Promise<{ error: HealthApiError; log: RequestLogEntry[] }> {
  const { error, log } = await runClient(server, call, overrides);
  assert.ok(error instanceof HealthApiError, `expected a HealthApiError(${kind}), got ${inspect(error)}`);
  assert.equal(error.kind, kind, error.message);
  assertKeyAbsent('the error', error);
  for (const entry of log) assertKeyAbsent('a request-log entry', entry);
  assert.ok(error.message.length < 2_000, `the message stays short (${error.message.length} characters)`);
  await assertNothingEscaped();
  return { error, log };
}

export async function withHttp(respond: Responder, body: (server: HostileServer) => Promise<void>): Promise<void> {
  const server = await scriptedHttpServer(respond);
  try {
    await body(server);
  } finally {
    await server.close();
  }
}

export async function withRaw(onRequest: Parameters<typeof rawServer>[0], body: (server: HostileServer) => Promise<void>): Promise<void> {
  const server = await rawServer(onRequest);
  try {
    await body(server);
  } finally {
    await server.close();
  }
}
