// What the embedded sandbox serves a new user (its defaults: seed 1, 60 users), read from a sandbox
// started here with the same defaults, so the e2e suites compare the tree with real data.
import { HealthApiClient } from '../../src/api/client';
import type { UserList } from '../../src/api/schemas';
import { startSandbox } from '../../src/sandbox/server';

/** The Users view's first row on sample data: a link to the environment switcher. */
export const SAMPLE_DATA_BANNER = 'Switch environment to browse your team…';

export async function embeddedSampleUsers(): Promise<UserList> {
  const sandbox = await startSandbox({ port: 0 });
  const client = new HealthApiClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey });
  try {
    return await client.listUsers({ limit: 100 });
  } finally {
    await client.close();
    await sandbox.close();
  }
}
