// The pure parts behind the Users tree's filter line, error rows and freshness text.
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { describe, test } from 'node:test';
import { HealthApiClient } from '../../src/api/client';
import { failureCause } from '../../src/domain/coverage/failureCause';
import { ageOf, isFresh, USERS_FRESH_FOR_MS } from '../../src/domain/coverage/freshness';
import { matchesUserFilter } from '../../src/domain/users/userTree';
import { useSandbox } from '../support/sandboxFixture';

const fixture = useSandbox({ users: 30, seed: 11 });

/** A port nothing listens on: bound once to learn a free number, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('Users tree polish', () => {
  test('the filter matches client_user_id and user_id prefixes in any case', async () => {
    const { users } = await fixture.client().listUsers({ limit: 30 });
    const user = users[6]!;
    const prefix = user.client_user_id.slice(0, 5);
    assert.notEqual(prefix.toUpperCase(), prefix, 'the sample ids have letters to change the case of');
    assert.ok(matchesUserFilter(user, prefix.toUpperCase()));
    assert.ok(matchesUserFilter(user, prefix.toLowerCase()));
    assert.ok(matchesUserFilter(user, user.user_id.slice(0, 4).toUpperCase()));
    const upper = users.filter((candidate) => matchesUserFilter(candidate, prefix.toUpperCase()));
    const asTyped = users.filter((candidate) => matchesUserFilter(candidate, prefix));
    assert.deepEqual(upper, asTyped);
    assert.equal(matchesUserFilter(user, `${user.client_user_id}-x`), false);
  });

  test('downloaded users are fresh for five minutes, and their age reads in whole minutes, then hours', () => {
    const at = Date.UTC(2026, 0, 1, 12, 0, 0);
    assert.equal(USERS_FRESH_FOR_MS, 5 * 60_000);
    assert.equal(isFresh(at, at), true);
    assert.equal(isFresh(at, at + USERS_FRESH_FOR_MS - 1), true);
    assert.equal(isFresh(at, at + USERS_FRESH_FOR_MS), false);
    assert.equal(isFresh(at, at - 1000), false, 'a clock that went back does not make old data fresh');
    assert.deepEqual(ageOf(at, at + 59_999), { unit: 'justNow' });
    assert.deepEqual(ageOf(at, at + 60_000), { unit: 'minutes', count: 1 });
    assert.deepEqual(ageOf(at, at + 59 * 60_000 + 59_000), { unit: 'minutes', count: 59 });
    assert.deepEqual(ageOf(at, at + 3 * 3_600_000 + 5), { unit: 'hours', count: 3 });
  });

  test('a refused connection is named as such; HTTP failures carry no extra cause', async () => {
    const port = await closedPort();
    const client = new HealthApiClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'k', retryBaseDelayMs: 1 });
    try {
      const error = await client.listUsers({ limit: 1 }).then(
        () => assert.fail('nothing listens there'),
        (failure: unknown) => failure,
      );
      assert.deepEqual(failureCause(error), { kind: 'connectionRefused' });
      // The message (Set API Key's dialog shows it) says it in words, with the code to search for.
      assert.equal((error as Error).message, `Could not reach 127.0.0.1:${port}: connection refused (ECONNREFUSED)`);
    } finally {
      await client.close();
    }
    const unauthorized = await fixture.client({ apiKey: "wrong" }).listUsers({ limit: 1 }).catch((failure: unknown) => failure);
    assert.equal((unauthorized as { kind?: string }).kind, 'unauthorized');
    assert.equal(failureCause(unauthorized), undefined);
    assert.equal(failureCause(new Error('not an API error')), undefined);
  });
});
