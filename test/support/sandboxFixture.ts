// Starts the real sandbox on 127.0.0.1 for a test file and hands out clients bound to it.
import { after, before } from 'node:test';
import { HealthApiClient, type HealthApiClientOptions, type RequestLogEntry } from '../../src/api/client';
import { startSandbox } from '../../src/sandbox/server';

export type SandboxHandle = Awaited<ReturnType<typeof startSandbox>>;
export type SandboxOptions = Parameters<typeof startSandbox>[0];

export interface SandboxFixture {
  readonly sandbox: SandboxHandle;
  client(overrides?: Partial<HealthApiClientOptions>): HealthApiClient;
  /** A client whose every attempt is recorded in `log`. */
  loggingClient(overrides?: Partial<HealthApiClientOptions>): { client: HealthApiClient; log: RequestLogEntry[] };
}

export function useSandbox(options: SandboxOptions = {}): SandboxFixture {
  let handle: SandboxHandle | undefined;
  const clients: HealthApiClient[] = [];
  before(async () => {
    handle = await startSandbox({ port: 0, ...options });
  });
  after(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await handle?.close();
  });
  const make = (overrides: Partial<HealthApiClientOptions> = {}): HealthApiClient => {
    const client = new HealthApiClient({
      baseUrl: fixture.sandbox.url,
      apiKey: fixture.sandbox.apiKey,
      retryBaseDelayMs: 1,
      ...overrides,
    });
    clients.push(client);
    return client;
  };
  const fixture: SandboxFixture = {
    get sandbox(): SandboxHandle {
      if (!handle) throw new Error('sandbox not started yet: use it inside a test');
      return handle;
    },
    client: make,
    loggingClient(overrides = {}) {
      const log: RequestLogEntry[] = [];
      return { client: make({ ...overrides, onRequest: (entry) => log.push(entry) }), log };
    },
  };
  return fixture;
}
