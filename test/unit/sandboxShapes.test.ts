// The real sandbox in both shapes, through the real client: `--shape spec` answers every operation
// with no deviation from the spec at all; `--shape vendor` answers as the vendor's schema allows,
// every body is accepted with every item kept, and the lens names exactly what the tests' own
// reading of each body finds (plus the 307 it followed for /v2/user/).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { HealthApiClient, RequestLogEntry } from '../../src/api/client';
import type { Deviation } from '../../src/api/contract/deviations';
import { KNOWN_MARKER_TYPES, KNOWN_SOURCE_TYPES } from '../../src/api/contract/specFacts';
import { parseArgs } from '../../src/sandbox/cliArgs';
import { readDeviations, summariseLens, summarisePlanted } from '../support/deviationOracle';
import { useSandbox, type SandboxFixture } from '../support/sandboxFixture';
import type { VendorOperation } from '../support/vendorFacts';

interface Exchange {
  operation: VendorOperation;
  body: Record<string, unknown>;
  deviations: Deviation[];
  /** Items in the raw body and in what the client returned. */
  sent: number;
  kept: number;
}

type Json = Record<string, unknown>;
const items = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);

function countItems(operation: VendorOperation, body: Json): number {
  switch (operation) {
    case 'listUsers':
      return items(body.users).reduce((sum, user) => sum + 1 + items(user.connected_sources).length, 0);
    case 'resolveUser':
      return 1 + items(body.connected_sources).length;
    case 'groupedBloodPressure':
      return Object.values(body.groups as Json).reduce<number>((sum, groups) => sum + items(groups).reduce((inner, group) => inner + items(group.data).length, 0), 0);
    default:
      return items(body.markers).reduce((sum, marker) => sum + 1 + items(marker.expected_results).length, 0);
  }
}

/** Every operation over the sample data: the list, resolve and a year of readings for `users` users, every lab test, two order sets. */
async function exchanges(fixture: SandboxFixture, users: number): Promise<Exchange[]> {
  const { client, log } = fixture.loggingClient();
  const out: Exchange[] = [];
  const run = async <T>(operation: VendorOperation, call: (opts: { onDeviations: (d: Deviation[]) => void }) => Promise<T>): Promise<T> => {
    let deviations: Deviation[] = [];
    const value = await call({ onDeviations: (d) => (deviations = d) });
    const entry = log.at(-1) as RequestLogEntry;
    const body = JSON.parse(entry.responseBody ?? 'null') as Json;
    out.push({ operation, body, deviations, sent: countItems(operation, body), kept: countItems(operation, value as Json) });
    return value;
  };
  const list = await run('listUsers', (opts) => client.listUsers({ limit: users }, opts));
  for (const user of list.users) {
    await run('resolveUser', (opts) => client.resolveUser(user.client_user_id, opts));
    await run('groupedBloodPressure', (opts) => client.getGroupedBloodPressure(user.user_id, { startDate: daysAgo(365) }, opts));
  }
  const labTests = fixture.sandbox.labTests;
  for (const labTest of labTests) {
    await run('labTestMarkers', (opts) => client.listLabTestMarkers(labTest.id, { size: 100 }, opts));
    await run('labTestMarkers', (opts) => client.listLabTestMarkers(labTest.id, { page: 2, size: 1 }, opts));
  }
  await run('orderSetMarkers', (opts) => client.listOrderSetMarkers({ labTestIds: labTests.slice(0, 3).map((t) => t.id), addOn: { markerIds: [1905] } }, { size: 100 }, opts));
  await run('orderSetMarkers', (opts) => client.listOrderSetMarkers({ addOn: { providerIds: ['001503'] } }, {}, opts));
  return out;
}

function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

describe('the sandbox in --shape spec', () => {
  const fixture = useSandbox({ users: 40, seed: 4 });

  test('answers every operation exactly as the spec says: no deviation anywhere', async () => {
    const all = await exchanges(fixture, 40);
    const byOperation = new Map<string, number>();
    for (const exchange of all) {
      assert.deepEqual(exchange.deviations, [], `${exchange.operation}: ${JSON.stringify(exchange.deviations.slice(0, 2))}`);
      assert.equal(exchange.kept, exchange.sent);
      byOperation.set(exchange.operation, (byOperation.get(exchange.operation) ?? 0) + 1);
    }
    assert.equal(byOperation.size, 5);
  });
});

describe('the sandbox in --shape vendor', () => {
  const fixture = useSandbox({ users: 40, seed: 4, shape: 'vendor' });
  let all: Exchange[] = [];

  test('every body is accepted with every item kept; the lens names exactly what each body holds', async (t) => {
    all = await exchanges(fixture, 40);
    const tally = new Map<string, { bodies: number; deviations: number; occurrences: number }>();
    for (const exchange of all) {
      assert.equal(exchange.kept, exchange.sent, `${exchange.operation}: every item kept`);
      const expected = summarisePlanted(readDeviations(exchange.operation, exchange.body), exchange.body);
      const reported = exchange.deviations.filter((d) => d.kind !== 'redirectFollowed');
      assert.deepEqual(summariseLens(reported), expected, exchange.operation);
      const row = tally.get(exchange.operation) ?? { bodies: 0, deviations: 0, occurrences: 0 };
      row.bodies++;
      row.deviations += exchange.deviations.length;
      row.occurrences += exchange.deviations.reduce((sum, d) => sum + d.count, 0);
      tally.set(exchange.operation, row);
    }
    for (const [operation, row] of tally) t.diagnostic(`${operation}: ${row.bodies} bodies accepted with every item kept; ${row.deviations} deviations (${row.occurrences} occurrences), as read`);
  });

  test('GET /v2/user/ is answered with a 307 to /v2/user, followed once and reported', () => {
    const list = all.find((exchange) => exchange.operation === 'listUsers');
    const redirect = list?.deviations.find((d) => d.kind === 'redirectFollowed');
    assert.equal(redirect?.value, '307 /v2/user?limit=40');
    assert.equal(all.filter((e) => e.deviations.some((d) => d.kind === 'redirectFollowed')).length, 1, 'only the list is redirected');
  });

  test('it sends what the vendor schema has and the spec does not, and values the product has not seen', () => {
    const found = new Set(all.flatMap((exchange) => exchange.deviations.map((d) => `${d.kind} ${d.pattern}${d.value ? ` ${d.value}` : ''}`)));
    for (const expected of [
      'unknownField users[*].connected_sources[*].provider',
      'deprecated users[*].connected_sources[*].source',
      'unknownField groups.*[*].data[*].timezone_offset',
      'unknownField groups.*[*].data[*].grouping',
      'unknownField groups.*[*].source.device_id',
      'unknownField markers[*].aoe',
      'unknownField markers[*].expected_results[*].required',
      'unknownField pricing',
      'unknownField pages',
      'nullNotAllowed markers[*].expected_results[*].loinc',
      'unknownValue markers[*].type calculated',
    ]) {
      assert.ok(found.has(expected), `${expected} (found: ${[...found].filter((f) => f.startsWith(expected.split(' ')[0] ?? '')).slice(0, 8).join('; ')})`);
    }
    const unseenSource = all.flatMap((e) => e.deviations).find((d) => d.kind === 'unknownValue' && d.pattern === 'groups.*[*].source.type');
    assert.ok(unseenSource && !KNOWN_SOURCE_TYPES.includes(unseenSource.value ?? ''), 'a source.type the product has not seen');
    assert.ok(!KNOWN_MARKER_TYPES.includes('calculated'));
    const units = new Set(all.flatMap((e) => e.deviations).filter((d) => d.kind === 'unknownValue' && d.pattern.endsWith('.unit')).map((d) => d.value));
    assert.ok(units.has('mg/dL') || units.has('%'), `readings in another unit: ${[...units].join(', ')}`);
    const pages = all.filter((e) => e.operation === 'labTestMarkers').map((e) => e.body);
    assert.ok(pages.some((page) => page.total === null) && pages.some((page) => typeof page.total === 'number'), 'some queries send no total');
    assert.ok(pages.some((page) => items(page.markers).some((m) => m.type === 'panel')), 'panel markers');
  });

  test('the spelling /v2/user is served in both shapes; the CLI takes --shape and refuses other values', async () => {
    const client: HealthApiClient = fixture.client();
    assert.ok((await client.listUsers({ limit: 1 })).users.length === 1);
    const parsed = parseArgs(['--shape', 'vendor']);
    assert.equal(parsed.kind === 'run' && parsed.options.shape, 'vendor');
    assert.equal(parseArgs(['--shape', 'real']).kind, 'error');
  });
});
