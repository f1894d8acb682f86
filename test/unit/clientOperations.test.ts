import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { iterateBloodPressurePages, iterateUserPages } from '../../src/api/paging';
import type { GroupedBloodPressure } from '../../src/api/schemas';
import { HealthApiClient } from '../../src/api/client';
import { startSandbox } from '../../src/sandbox/server';
import { useSandbox } from '../support/sandboxFixture';

const fixture = useSandbox({ users: 60, seed: 1 });

function isoDaysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

function readingsOf(pages: GroupedBloodPressure[]): string[] {
  return pages.flatMap((page) =>
    Object.entries(page.groups).flatMap(([provider, groups]) =>
      groups.flatMap((group) => group.data.map((r) => `${provider}|${group.source.type}|${r.timestamp}|${r.systolic}/${r.diastolic}`)),
    ),
  );
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

async function firstUserWithBloodPressure(client: HealthApiClient): Promise<string> {
  const { users } = await client.listUsers({ limit: 60 });
  for (const user of users) {
    const page = await client.getGroupedBloodPressure(user.user_id, { startDate: isoDaysAgo(30) });
    if (Object.values(page.groups).some((groups) => groups.some((g) => g.data.length > 0))) return user.user_id;
  }
  throw new Error('no sandbox user has blood pressure in the last 30 days');
}

describe('users', () => {
  test('listUsers applies the spec defaults (offset 0, limit 100)', async () => {
    const list = await fixture.client().listUsers();
    assert.equal(list.offset, 0);
    assert.equal(list.limit, 100);
    assert.equal(list.total, 60);
    assert.equal(list.users.length, 60);
    assert.match(list.users[0]!.user_id, /^[0-9a-f-]{36}$/);
  });

  test('listUsers pages by offset and limit without overlap', async () => {
    const client = fixture.client();
    const a = await client.listUsers({ offset: 0, limit: 25 });
    const b = await client.listUsers({ offset: 25, limit: 25 });
    assert.equal(a.users.length, 25);
    assert.equal(b.users.length, 25);
    const ids = new Set([...a.users, ...b.users].map((u) => u.user_id));
    assert.equal(ids.size, 50);
  });

  test('resolveUser returns the same user the list shows, with ingestion bounds', async () => {
    const client = fixture.client();
    const { users } = await client.listUsers({ limit: 5 });
    const listed = users[3]!;
    const resolved = await client.resolveUser(listed.client_user_id);
    assert.equal(resolved.user_id, listed.user_id);
    assert.equal(resolved.team_id, listed.team_id);
    assert.ok('ingestion_start' in resolved, 'resolve shows ingestion_start');
  });

  test('iterateUserPages yields every user once, in order, with several pages in flight', async () => {
    const client = fixture.client();
    const sequential = (await collect(iterateUserPages(client, { pageSize: 7 }))).flatMap((p) => p.users.map((u) => u.user_id));
    const parallel = (await collect(iterateUserPages(client, { pageSize: 7, concurrency: 4 }))).flatMap((p) =>
      p.users.map((u) => u.user_id),
    );
    assert.equal(sequential.length, 60);
    assert.equal(new Set(sequential).size, 60);
    assert.deepEqual(parallel, sequential);
  });

  test('breaking out of iterateUserPages stops fetching', async () => {
    const { client, log } = fixture.loggingClient();
    for await (const page of iterateUserPages(client, { pageSize: 5, concurrency: 1 })) {
      assert.equal(page.offset, 0);
      break;
    }
    assert.equal(log.length, 1);
  });
});

describe('blood pressure', () => {
  test('grouped readings are keyed by provider, inside the requested range, with offsets', async () => {
    const client = fixture.client();
    const userId = await firstUserWithBloodPressure(client);
    const start = isoDaysAgo(30);
    const page = await client.getGroupedBloodPressure(userId, { startDate: start });
    const providers = Object.keys(page.groups);
    assert.ok(providers.length > 0);
    for (const [provider, groups] of Object.entries(page.groups)) {
      for (const group of groups) {
        assert.equal(group.source.provider, provider);
        for (const reading of group.data) {
          assert.match(reading.timestamp, /[+-]\d{2}:\d{2}$|Z$/);
          assert.ok(Date.parse(reading.timestamp) >= Date.parse(`${start}T00:00:00Z`) - 14 * 3_600_000);
          assert.equal(reading.unit, 'mmHg');
          assert.ok(reading.systolic > reading.diastolic);
        }
      }
    }
  });

  test('the provider filter returns only that provider', async () => {
    const client = fixture.client();
    const userId = await firstUserWithBloodPressure(client);
    const all = await client.getGroupedBloodPressure(userId, { startDate: isoDaysAgo(30) });
    const provider = Object.keys(all.groups)[0]!;
    const filtered = await client.getGroupedBloodPressure(userId, { startDate: isoDaysAgo(30), provider });
    assert.deepEqual(Object.keys(filtered.groups), [provider]);
  });

  test('following next_cursor yields the same readings as one big page, each exactly once', async () => {
    const small = await startSandbox({ port: 0, users: 60, seed: 1, bloodPressurePageSize: 25 });
    const client = fixture.client();
    const smallClient = new HealthApiClient({ baseUrl: small.url, apiKey: small.apiKey });
    try {
      const userId = await firstUserWithBloodPressure(client);
      const query = { startDate: isoDaysAgo(120), endDate: isoDaysAgo(0) };
      const big = readingsOf(await collect(iterateBloodPressurePages(client, userId, query)));
      const pages = await collect(iterateBloodPressurePages(smallClient, userId, query));
      assert.ok(pages.length > 1, 'the small page size forces several pages');
      const paged = readingsOf(pages);
      assert.equal(new Set(paged).size, paged.length, 'no reading appears twice');
      assert.deepEqual([...paged].sort(), [...big].sort());
    } finally {
      await smallClient.close();
      await small.close();
    }
  });
});

describe('lab test markers', () => {
  test('markers of every sample lab test carry expected results with LOINC codes', async () => {
    const client = fixture.client();
    assert.ok(fixture.sandbox.labTests.length >= 5);
    for (const labTest of fixture.sandbox.labTests) {
      const page = await client.listLabTestMarkers(labTest.id);
      assert.equal(page.page, 1);
      assert.equal(page.size, 50);
      assert.ok(page.markers.length > 0, `${labTest.name} has markers`);
      for (const marker of page.markers) {
        for (const result of marker.expected_results ?? []) assert.match(result.loinc?.code ?? '', /^\d{1,7}-\d$/);
      }
    }
  });

  test('page and size page through the markers without overlap', async () => {
    const client = fixture.client();
    const labTest = fixture.sandbox.labTests[0]!;
    const all = await client.listLabTestMarkers(labTest.id, { size: 100 });
    const ids: number[] = [];
    for (let page = 1; page <= Math.ceil((all.total ?? 0) / 2); page++) {
      const slice = await client.listLabTestMarkers(labTest.id, { page, size: 2 });
      assert.equal(slice.size, 2);
      ids.push(...slice.markers.map((m) => m.id));
    }
    assert.deepEqual(ids, all.markers.map((m) => m.id));
  });

  test('order set markers are the union of its lab tests, deduplicated', async () => {
    const client = fixture.client();
    const [a, b] = fixture.sandbox.labTests;
    const markersA = await client.listLabTestMarkers(a!.id, { size: 100 });
    const markersB = await client.listLabTestMarkers(b!.id, { size: 100 });
    const union = new Set([...markersA.markers, ...markersB.markers].map((m) => m.id));
    const orderSet = await client.listOrderSetMarkers({ labTestIds: [a!.id, b!.id] }, { size: 100 });
    assert.equal(orderSet.total, union.size);
    assert.deepEqual(new Set(orderSet.markers.map((m) => m.id)), union);
  });

  test('add-on markers are found by provider_id', async () => {
    const client = fixture.client();
    const some = await client.listLabTestMarkers(fixture.sandbox.labTests[1]!.id, { size: 100 });
    const providerId = some.markers[0]!.provider_id ?? assert.fail('a provider_id');
    const orderSet = await client.listOrderSetMarkers({ labTestIds: [fixture.sandbox.labTests[0]!.id], addOn: { providerIds: [providerId] } });
    assert.ok(orderSet.markers.some((m) => m.provider_id === providerId));
  });
});
