// Bodies the vendor's published schema allows, for the five operations, served over HTTP on
// 127.0.0.1 to the real client: every body is accepted with every item kept, and the contract lens
// reports exactly the deviations from the spec that the generator put in — no more, no fewer.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { HealthApiClient } from '../../src/api/client';
import type { Deviation } from '../../src/api/contract/deviations';
import { isGroupedBloodPressure, isMarkerPage, isUser, isUserList } from '../../src/api/fastChecks';
import { groupedBloodPressureSchema, markerPageSchema, userListSchema, userSchema } from '../../src/api/schemas';
import { readDeviations, summariseLens, summarisePlanted } from '../support/deviationOracle';
import { scriptedHttpServer, type HostileServer } from '../support/hostileServers';
import { generateBodies, REQUESTED_MARKER_PAGE_SIZE, type GeneratedBody, type ItemCounts } from '../support/vendorBodies';
import type { VendorOperation } from '../support/vendorFacts';

const PER_OPERATION = 50;
const USER_ID = '7f0c2a52-1d1e-4d3b-9f7e-2b1f6f3c9a10';

/** Sends `operation` through the client and counts the items of what came back. */
async function call(client: HealthApiClient, operation: VendorOperation, onDeviations: (d: Deviation[]) => void): Promise<ItemCounts> {
  const counts: ItemCounts = { users: 0, connectedSources: 0, readings: 0, markers: 0, expectedResults: 0 };
  const opts = { onDeviations };
  switch (operation) {
    case 'listUsers': {
      const page = await client.listUsers({ limit: 100 }, opts);
      counts.users = page.users.length;
      counts.connectedSources = page.users.reduce((sum, user) => sum + (user.connected_sources?.length ?? 0), 0);
      return counts;
    }
    case 'resolveUser': {
      const user = await client.resolveUser('patient-0042', opts);
      counts.users = 1;
      counts.connectedSources = user.connected_sources?.length ?? 0;
      return counts;
    }
    case 'groupedBloodPressure': {
      const page = await client.getGroupedBloodPressure(USER_ID, { startDate: '2026-01-01' }, opts);
      for (const groups of Object.values(page.groups)) for (const group of groups) counts.readings += group.data.length;
      return counts;
    }
    case 'labTestMarkers':
    case 'orderSetMarkers': {
      const query = { page: 1, size: REQUESTED_MARKER_PAGE_SIZE };
      const page =
        operation === 'labTestMarkers'
          ? await client.listLabTestMarkers('5a1c6c3e-2f4b-4d8e-9b61-0c7d2f1e8a01', query, opts)
          : await client.listOrderSetMarkers({ labTestIds: ['5a1c6c3e-2f4b-4d8e-9b61-0c7d2f1e8a01'] }, query, opts);
      counts.markers = page.markers.length;
      counts.expectedResults = page.markers.reduce((sum, marker) => sum + (marker.expected_results?.length ?? 0), 0);
      return counts;
    }
  }
}

describe('bodies the vendor schema allows', () => {
  const bodies = generateBodies(PER_OPERATION, 19);
  let current: GeneratedBody | undefined;
  let server: HostileServer;
  let client: HealthApiClient;

  before(async () => {
    server = await scriptedHttpServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(current?.body));
    });
    client = new HealthApiClient({ baseUrl: server.url, apiKey: 'vendor-test-key', retryBaseDelayMs: 1 });
  });
  after(async () => {
    await client.close();
    await server.close();
  });

  test('at least 200 bodies over all five operations, in all three modes', () => {
    assert.ok(bodies.length >= 200);
    for (const operation of ['listUsers', 'resolveUser', 'groupedBloodPressure', 'labTestMarkers', 'orderSetMarkers']) {
      const ofOperation = bodies.filter((body) => body.operation === operation);
      assert.equal(ofOperation.length, PER_OPERATION, operation);
      assert.deepEqual(new Set(ofOperation.map((body) => body.mode)), new Set(['full', 'minimal', 'mixed']));
    }
  });

  test('the tests’ own reading of each body finds exactly what the generator put in', () => {
    for (const generated of bodies) {
      assert.deepEqual(summarisePlanted(readDeviations(generated.operation, generated.body), generated.body), summarisePlanted(generated.deviations, generated.body), `${generated.operation} #${generated.seed} (${generated.mode})`);
    }
  });

  test('every body is accepted with every item kept, and the lens names exactly the deviations put in', async (t) => {
    const tally = new Map<string, { bodies: number; accepted: number; deviations: number; occurrences: number; withDeviations: number }>();
    for (const generated of bodies) {
      current = generated;
      const label = `${generated.operation} #${generated.seed} (${generated.mode})`;
      let reported: Deviation[] | undefined;
      const kept = await call(client, generated.operation, (deviations) => (reported = deviations));
      assert.deepEqual(kept, generated.counts, `every item kept: ${label}`);
      assert.ok(reported, `the lens ran: ${label}`);
      assert.deepEqual(summariseLens(reported), summarisePlanted(generated.deviations, generated.body), `deviations of ${label}`);
      const row = tally.get(generated.operation) ?? { bodies: 0, accepted: 0, deviations: 0, occurrences: 0, withDeviations: 0 };
      row.bodies++;
      row.accepted++;
      row.deviations += reported.length;
      row.occurrences += reported.reduce((sum, d) => sum + d.count, 0);
      if (reported.length > 0) row.withDeviations++;
      tally.set(generated.operation, row);
    }
    for (const [operation, row] of tally) {
      t.diagnostic(`${operation}: ${row.accepted}/${row.bodies} accepted with every item kept; ${row.withDeviations} with deviations; ${row.deviations} deviations (${row.occurrences} occurrences), all as planted`);
    }
  });

  test('the fast checks agree with zod on every generated body: all accepted', () => {
    const pairs = {
      listUsers: [isUserList, userListSchema],
      resolveUser: [isUser, userSchema],
      groupedBloodPressure: [isGroupedBloodPressure, groupedBloodPressureSchema],
      labTestMarkers: [isMarkerPage, markerPageSchema],
      orderSetMarkers: [isMarkerPage, markerPageSchema],
    } as const;
    for (const generated of bodies) {
      const [check, schema] = pairs[generated.operation];
      assert.equal(check(generated.body), true, `fast check: ${generated.operation} #${generated.seed}`);
      assert.equal(schema.safeParse(generated.body).success, true, `zod: ${generated.operation} #${generated.seed}`);
    }
  });
});
