// The local sandbox: the whole health-data API of the spec on node:http with deterministic,
// lazily generated sample data. It is the extension's embedded default and the real server
// every test talks to over loopback. No vscode import: it also runs as a plain CLI.
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { textStyle } from './data/hostile';
import { LAB_ACCOUNTS } from './data/labAccounts';
import { LAB_TESTS } from './data/labCatalog';
import { SamplePopulation } from './data/sampleUsers';
import { FaultQueue, defaultFaultDetail } from './faults';
import { answerWithFixtures } from './fixtures/fixtureReplies';
import { FixtureStore } from './fixtures/fixtureStore';
import type { Fault } from './faults';
import { answerClientError } from './http/clientErrors';
import { HttpError } from './http/httpErrors';
import { sendJson } from './http/respond';
import type { Mangle } from './http/respond';
import { matchRoute } from './http/router';
import type { SandboxState } from './http/router';
import { MS_PER_DAY } from './data/timeZones';
import { resolveOptions } from './options';
import type { SandboxOptions } from './options';
import { ROUTES } from './routeTable';

export interface SandboxHandle {
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:4321 */
  url: string;
  apiKey: string;
  /** The only header the key is accepted in. */
  apiKeyHeader: string;
  /** How the bodies are shaped (`--shape`). */
  shape: 'spec' | 'vendor';
  /** The UTC day ("YYYY-MM-DD") its sample data is placed relative to (`--today`, else the clock's day at start). */
  today: string;
  labTests: Array<{ id: string; name: string }>;
  labAccounts: Array<{ id: string; name: string }>;
  /** Queues faults; each later API request takes the first one whose `path` prefix matches. */
  injectFaults(...faults: Fault[]): void;
  clearFaults(): void;
  /** Fixtures served from `fixturesDir` (0 without one). */
  fixtureCount(): number;
  /** Fixture files that cannot be served, each named with what is wrong ("x.json: not JSON (…)"). */
  fixtureProblems(): readonly string[];
  /** API requests received so far (sandbox control requests under /_sandbox are not counted). */
  requestCount(): number;
  /** When the last API request came in, as this process's performance.now(); undefined before the first. */
  lastRequestAt(): number | undefined;
  close(): Promise<void>;
}

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

function splitTarget(target: string): { path: string; query: URLSearchParams } {
  let relative = target;
  if (!relative.startsWith('/')) {
    try {
      const url = new URL(relative); // absolute-form request target
      relative = url.pathname + url.search;
    } catch {
      relative = `/${relative}`;
    }
  }
  const hash = relative.indexOf('#');
  if (hash >= 0) relative = relative.slice(0, hash);
  const question = relative.indexOf('?');
  return question < 0
    ? { path: relative, query: new URLSearchParams() }
    : { path: relative.slice(0, question), query: new URLSearchParams(relative.slice(question + 1)) };
}

export async function startSandbox(options: SandboxOptions = {}): Promise<SandboxHandle> {
  const config = resolveOptions(options);
  const style = textStyle(config.hostile);
  const state: SandboxState = {
    seed: config.seed,
    today: config.today,
    population: new SamplePopulation({
      seed: config.seed,
      users: config.users,
      heavyUserReadings: config.heavyUserReadings,
      nullTimeZones: config.nullTimeZones,
      today: config.today,
    }),
    style,
    bloodPressurePageSize: config.bloodPressurePageSize,
    cursorSecret: `sandbox-cursor:${config.seed}:${config.today}`,
    faults: new FaultQueue(),
    shape: config.shape,
  };
  const fixtures = config.fixturesDir === undefined ? undefined : new FixtureStore(config.fixturesDir);
  fixtures?.watch();
  const expectedKey = digest(config.apiKey);
  // Pending 'delay' faults: close() ends them early so no handler waits past shutdown.
  const timers = new Map<NodeJS.Timeout, () => void>();
  let requests = 0;
  let lastRequestAt: number | undefined;

  const authorised = (request: IncomingMessage): 'ok' | 'missing' | 'invalid' => {
    const given = request.headers[config.apiKeyHeader];
    if (given === undefined || given === '') return 'missing';
    // Compare digests in constant time; the given key is never echoed or logged.
    return typeof given === 'string' && timingSafeEqual(digest(given), expectedKey) ? 'ok' : 'invalid';
  };

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.set(timer, resolve);
    });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    response.setHeader('x-request-id', randomUUID());
    const method = request.method ?? 'GET';
    const { path, query } = splitTarget(request.url ?? '/');
    const match = matchRoute(ROUTES, method, path);
    let mangle: Mangle;
    if (match.kind === 'notFound' || !match.route.control) {
      requests++;
      lastRequestAt = performance.now();
      const fault = state.faults.take(path);
      if (fault) {
        const outcome = await applyFault(fault, request, response);
        if (outcome === 'done') return;
        mangle = outcome === 'continue' ? undefined : outcome;
      }
    }
    const headOnly = match.kind === 'matched' && match.headOnly;
    try {
      // The vendor's service (FastAPI) declares /v2/user and redirects the other spelling, before
      // it looks at the key, as routing comes first.
      if (state.shape === 'vendor' && path === '/v2/user/' && (method === 'GET' || method === 'HEAD')) {
        // The query exactly as sent, so the redirect changes nothing but the slash.
        const target = (request.url ?? '').split('#')[0] ?? '';
        const search = target.includes('?') ? target.slice(target.indexOf('?')) : '';
        const host = request.headers.host ?? `${config.host}:${config.port}`;
        response.writeHead(307, { location: `http://${host}/v2/user${search}`, 'content-length': '0' });
        response.end();
        return;
      }
      if (match.kind === 'notFound') throw new HttpError(404, 'Not Found');
      if (match.kind === 'methodNotAllowed') {
        throw new HttpError(405, 'Method Not Allowed', { allow: match.allow.join(', ') });
      }
      const auth = authorised(request);
      if (auth !== 'ok') {
        throw new HttpError(401, auth === 'missing' ? `Missing ${config.apiKeyHeader} header` : 'Invalid API key');
      }
      const reply = fixtures && !match.route.control ? await answerWithFixtures(fixtures, match.handler, { state, params: match.params, query, request }, method, path) : await match.handler({ state, params: match.params, query, request });
      sendJson(response, reply.status, reply.body, { headOnly, mangle, ...(reply.headers ? { headers: reply.headers } : {}), ...(reply.bytes !== undefined ? { bytes: reply.bytes } : {}) });
    } catch (error) {
      if (error instanceof HttpError) {
        sendJson(response, error.status, { detail: error.detail }, { headOnly, mangle, headers: error.headers });
      } else {
        config.onError(error);
        sendJson(response, 500, { detail: 'Internal Server Error' }, { headOnly, mangle });
      }
    }
  }

  async function applyFault(
    fault: Fault,
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<'done' | 'continue' | Mangle> {
    switch (fault.kind) {
      case 'status':
        request.resume();
        sendJson(response, fault.status, { detail: fault.detail ?? defaultFaultDetail(fault.status) }, {
          headers: fault.retryAfter === undefined ? {} : { 'retry-after': fault.retryAfter },
        });
        return 'done';
      case 'delay':
        await sleep(fault.ms);
        return response.destroyed ? 'done' : 'continue';
      case 'reset':
        request.socket.resetAndDestroy();
        return 'done';
      case 'neverRespond':
        request.resume();
        return 'done';
      case 'malformedJson':
      case 'stall':
        return fault.kind;
    }
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      config.onError(error);
      response.destroy();
    });
  });
  // Node's 5 s default races clients that reuse an idle connection just as the server drops it
  // (a spurious "socket closed" on a busy machine); idle connections end on close() anyway.
  server.keepAliveTimeout = 65_000;
  server.on('clientError', answerClientError);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  return {
    url: `http://${host}:${address.port}`,
    apiKey: config.apiKey,
    apiKeyHeader: config.apiKeyHeader,
    shape: config.shape,
    today: new Date(config.today * MS_PER_DAY).toISOString().slice(0, 10),
    labTests: LAB_TESTS.map((t) => ({ id: t.id, name: style.text(t.name) })),
    labAccounts: LAB_ACCOUNTS.map((a) => ({ id: a.id, name: style.text(a.name) })),
    injectFaults: (...faults) => state.faults.add(faults),
    clearFaults: () => void state.faults.clear(),
    requestCount: () => requests,
    lastRequestAt: () => lastRequestAt,
    fixtureCount: () => fixtures?.count() ?? 0,
    fixtureProblems: () => fixtures?.problems() ?? [],
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const [timer, wake] of timers) {
          clearTimeout(timer);
          wake();
        }
        timers.clear();
        fixtures?.close();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
