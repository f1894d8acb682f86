// What a newcomer meets in the sandbox, checked through the typed client against the real server:
// the first users have data in the panel's default window, the users without data come later,
// and fallback_time_zone is always sent unless the real-world nulls are asked for.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { iterateBloodPressurePages } from '../../src/api/paging';
import type { HealthApiClient } from '../../src/api/client';
import type { User } from '../../src/api/schemas';
import { bloodPressureQueryOf, defaultBloodPressureForm } from '../../src/domain/bloodPressureQuery';
import { ZoneCalendar } from '../../src/domain/zonedTime';
import { useSandbox } from '../support/sandboxFixture';

async function readingsInDefaultWindow(client: HealthApiClient, user: User): Promise<number> {
  const form = defaultBloodPressureForm(new ZoneCalendar(user.fallback_time_zone?.id), Date.now());
  let count = 0;
  for await (const page of iterateBloodPressurePages(client, user.user_id, bloodPressureQueryOf(form))) {
    for (const groups of Object.values(page.groups)) for (const group of groups) count += group.data.length;
  }
  return count;
}

for (const seed of [1, 2, 3]) {
  describe(`default sample data (seed ${seed})`, () => {
    const fixture = useSandbox({ users: 60, seed });

    test('each of the first ten users has readings in the default 30-day window; some later user has none', async () => {
      const client = fixture.client();
      const { users } = await client.listUsers({ limit: 60 });
      assert.equal(users.length, 60);
      const counts: number[] = [];
      for (const user of users) counts.push(await readingsInDefaultWindow(client, user));
      for (const [position, count] of counts.slice(0, 10).entries()) {
        assert.ok(count >= 1, `user #${position} (${users[position]?.client_user_id}) has no readings in the last 30 days`);
      }
      assert.ok(counts.slice(10).some((count) => count === 0), 'a later user has no readings (for the nearest-data probe)');
    });

    test('fallback_time_zone is always sent by default', async () => {
      const { users } = await fixture.client().listUsers({ limit: 60 });
      assert.deepEqual(users.filter((u) => u.fallback_time_zone === null).map((u) => u.client_user_id), []);
    });
  });
}

describe('--null-time-zones', () => {
  const plain = useSandbox({ users: 500, seed: 1 });
  const withNulls = useSandbox({ users: 500, seed: 1, nullTimeZones: true });

  test('some users have a null fallback_time_zone, the client reads them, and nothing else about a user changes', async () => {
    const [without, withNull] = await Promise.all([plain.client().listUsers({ limit: 500 }), withNulls.client().listUsers({ limit: 500 })]);
    const nulls = withNull.users.filter((u) => u.fallback_time_zone === null);
    assert.ok(nulls.length > 5 && nulls.length < 50, `about 5 % of 500, got ${nulls.length}`);
    assert.equal(without.users.filter((u) => u.fallback_time_zone === null).length, 0);
    for (const [i, user] of withNull.users.entries()) {
      const other = without.users[i];
      assert.ok(other);
      if (user.fallback_time_zone === null) assert.deepEqual({ ...user, fallback_time_zone: other.fallback_time_zone }, other);
      else assert.deepEqual(user, other);
    }
    const first = nulls[0];
    assert.ok(first);
    const resolved = await withNulls.client().resolveUser(first.client_user_id);
    assert.equal(resolved.fallback_time_zone, null);
  });
});
