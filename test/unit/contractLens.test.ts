// The contract lens on its own: the spec-exact check and the walk agree on every body and every
// one-field change of it; the same deviation on many items is one exact summary; paging across the
// pages of a load; and how the client hands the findings out (log entry, callback, off switch).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { HealthApiClient, type RequestLogEntry } from '../../src/api/client';
import { DeviationCollector, type Deviation } from '../../src/api/contract/deviations';
import { inspectAndRead, inspectResponse } from '../../src/api/contract/inspect';
import { walkContract } from '../../src/api/contract/lens';
import { checkPaging, PageTracker } from '../../src/api/contract/pageChecks';
import { checkReadingOffsets } from '../../src/api/contract/readingChecks';
import { isSpecExact } from '../../src/api/contract/specExact';
import { OPERATION_ROOTS, type ContractOperation } from '../../src/api/contract/specFacts';
import { isHealthApiError } from '../../src/api/errors';
import { isGroupedBloodPressure, isMarkerPage, isUser, isUserList } from '../../src/api/fastChecks';
import { iterateBloodPressurePages, iterateUserPages } from '../../src/api/paging';
import { groupedBloodPressureRequest, labTestMarkersRequest } from '../../src/api/requests';
import { scriptedHttpServer } from '../support/hostileServers';
import { useSandbox } from '../support/sandboxFixture';
import { mutated, paths, REPLACEMENTS, type Json } from '../support/jsonMutations';
import { generateBodies } from '../support/vendorBodies';

const TOLERANT: Record<ContractOperation, (value: unknown) => boolean> = {
  listUsers: isUserList,
  resolveUser: isUser,
  groupedBloodPressure: isGroupedBloodPressure,
  labTestMarkers: isMarkerPage,
  orderSetMarkers: isMarkerPage,
};

function walked(operation: ContractOperation, body: unknown): Deviation[] {
  const out = new DeviationCollector();
  walkContract(OPERATION_ROOTS[operation].object, body, out);
  return out.list();
}

/** The lens as separate passes: the walk alone, then the readings' offsets, then paging. */
function separatePasses(operation: ContractOperation, body: unknown): Deviation[] {
  const out = new DeviationCollector();
  walkContract(OPERATION_ROOTS[operation].object, body, out);
  if (operation === 'groupedBloodPressure') checkReadingOffsets(body, out);
  checkPaging(operation, body, undefined, undefined, out);
  return out.list();
}

const fixture = useSandbox({ users: 12, seed: 5 });

async function specBodies(): Promise<{ operation: ContractOperation; body: Json }[]> {
  const bodies: { operation: ContractOperation; body: Json }[] = [];
  const { client, log } = fixture.loggingClient();
  const capture = async (operation: ContractOperation, call: () => Promise<unknown>): Promise<void> => {
    await call();
    const text = log.at(-1)?.responseBody;
    assert.ok(text);
    bodies.push({ operation, body: JSON.parse(text) as Json });
  };
  const { users } = await client.listUsers({ limit: 3 });
  await capture('listUsers', () => client.listUsers({ limit: 2 }));
  await capture('resolveUser', () => client.resolveUser(users[0]!.client_user_id));
  await capture('groupedBloodPressure', () => client.getGroupedBloodPressure(users[0]!.user_id, { startDate: '2026-11-01', endDate: '2026-11-03' }));
  await capture('labTestMarkers', () => client.listLabTestMarkers(fixture.sandbox.labTests[0]!.id, { size: 2 }));
  await capture('orderSetMarkers', () => client.listOrderSetMarkers({ labTestIds: [fixture.sandbox.labTests[2]!.id] }, { size: 2 }));
  return bodies;
}

/** Each body, the body with a field no document has, and each of its one-field changes. */
function* changes(bodies: readonly { operation: ContractOperation; body: Json }[]): Generator<{ operation: ContractOperation; subject: Json; where: string }> {
  for (const { operation, body } of bodies) {
    for (const path of [[] as (string | number)[], ...paths(body)]) {
      const replacements: (Json | undefined | 'extra')[] = path.length === 0 ? ['extra'] : [...REPLACEMENTS, undefined, 'extra'];
      for (const replacement of replacements) yield { operation, subject: mutated(body, path, replacement), where: `${operation} at ${path.join('.')} = ${JSON.stringify(replacement)}` };
    }
  }
}

describe('the spec-exact check and the walk agree', () => {
  test('on the spec sandbox’s bodies and each of their one-field changes; spec-exact bodies are ones the reader accepts', async () => {
    const bodies = [...(await specBodies()), ...generateBodies(4, 3).map(({ operation, body }) => ({ operation, body: body as Json }))];
    let compared = 0;
    for (const { operation, subject, where } of changes(bodies)) {
      const exact = isSpecExact(operation, subject);
      const found = walked(operation, subject);
      assert.equal(exact, found.length === 0, `${where}: ${JSON.stringify(found.slice(0, 2))}`);
      if (exact) assert.equal(TOLERANT[operation](subject), true, `a spec-exact ${operation} is accepted by the reader`);
      compared++;
    }
    assert.ok(compared > 1000, `${compared} bodies compared`);
  });

  test('the walk with the reader’s check on the way: the reader’s verdict and the deviations of the separate passes, on every body and one-field change', async () => {
    const bodies = [...(await specBodies()), ...generateBodies(5, 7).map(({ operation, body }) => ({ operation, body: body as Json }))];
    let compared = 0;
    let refused = 0;
    for (const { operation, subject, where } of changes(bodies)) {
      const accepted = TOLERANT[operation](subject);
      const read = inspectAndRead(operation, subject, TOLERANT[operation]);
      assert.equal(read.accepted, accepted, `${where}: the reader's verdict`);
      if (accepted) assert.deepEqual(read.deviations, separatePasses(operation, subject), `${where}: the deviations`);
      else refused++;
      compared++;
    }
    assert.ok(compared > 1000 && refused > 100, `${compared} bodies compared, ${refused} refused`);
  });

  test('the spec sandbox’s own bodies are spec-exact', async () => {
    for (const { operation, body } of await specBodies()) assert.equal(isSpecExact(operation, body), true, operation);
  });
});

describe('deviations are summarised exactly', () => {
  const marker = (id: number, withLab: boolean): Record<string, unknown> => ({
    id, name: `M${id}`, slug: `m${id}`, description: 'd', ...(withLab ? { lab_id: 1 } : {}), provider_id: 'p', type: 'biomarker', unit: null, price: 'N/A', expected_results: [],
  });

  test('lab_id missing on 40 of 50 markers is one deviation: 40 of 50, the first paths, section 2.3', () => {
    const markers = Array.from({ length: 50 }, (_, index) => marker(index + 1, index % 5 === 0));
    const deviations = inspectResponse('labTestMarkers', { markers, total: 50, page: 1, size: 50 }, { request: labTestMarkersRequest('t', { size: 50 }) });
    assert.equal(deviations.length, 1);
    const [missing] = deviations;
    assert.deepEqual(
      { kind: missing?.kind, pattern: missing?.pattern, path: missing?.path, count: missing?.count, of: missing?.of, section: missing?.section },
      { kind: 'missingRequired', pattern: 'markers[*].lab_id', path: 'markers[1].lab_id', count: 40, of: 50, section: '2.3' },
    );
    assert.deepEqual(missing?.paths, ['markers[1].lab_id', 'markers[2].lab_id', 'markers[3].lab_id', 'markers[4].lab_id', 'markers[6].lab_id']);
    assert.match(missing?.spec ?? '', /lab_id: integer/);
  });

  test('a page of 100,000 readings with their own offsets, a few in mg/dL, is a handful of entries', () => {
    const data = Array.from({ length: 100_000 }, (_, index) => ({
      systolic: 120, diastolic: 80, timestamp: '2026-11-01T08:00:00+01:00', unit: index % 1000 === 0 ? 'mg/dL' : 'mmHg', timezone_offset: 3600,
    }));
    const started = performance.now();
    const deviations = inspectResponse('groupedBloodPressure', { groups: { omron: [{ data, source: { provider: 'omron', type: 'cuff' } }] }, next_cursor: null });
    const ms = performance.now() - started;
    assert.deepEqual(
      deviations.map((d) => [d.kind, d.pattern, d.value, d.count, d.of]),
      [
        ['unknownValue', 'groups.*[*].data[*].unit', 'mg/dL', 100, 100_000],
        ['unknownField', 'groups.*[*].data[*].timezone_offset', undefined, 100_000, 100_000],
      ],
    );
    assert.deepEqual(deviations[1]?.paths, [0, 1, 2, 3, 4].map((i) => `groups.omron[0].data[${i}].timezone_offset`));
    assert.ok(ms < 5_000, `walked in ${Math.round(ms)} ms`);
  });

  test('keys of groups that are not identifiers are quoted in paths', () => {
    const deviations = inspectResponse('groupedBloodPressure', { groups: { 'apple health': [{ data: [], source: { provider: 'apple health' } }] } });
    assert.deepEqual(deviations.map((d) => d.path), ['groups["apple health"][0].source.type']);
  });
});

describe('deprecated fields and parameters', () => {
  test('next without next_cursor is reported; next beside next_cursor is not', () => {
    assert.deepEqual(inspectResponse('groupedBloodPressure', { groups: {}, next: 'abc' }).map((d) => [d.kind, d.path, d.section]), [['deprecated', 'next', '9']]);
    assert.deepEqual(inspectResponse('groupedBloodPressure', { groups: {}, next: 'abc', next_cursor: 'abc' }), []);
  });

  test('a request with the cursor parameter is reported', () => {
    const request = groupedBloodPressureRequest('u', { startDate: '2026-01-01' });
    request.query.cursor = 'abc';
    assert.deepEqual(inspectResponse('groupedBloodPressure', { groups: {} }, { request }).map((d) => [d.kind, d.path]), [['deprecated', '?cursor']]);
  });

  test('a connected source with provider reports provider as a field the spec lacks and source as deprecated', () => {
    const source = { logo: 'https://x/l.png', name: 'Omron', slug: 'omron' };
    const user = { user_id: 'u', team_id: 't', client_user_id: 'c', created_on: 'x', connected_sources: [{ created_on: 'x', source, provider: source }], fallback_time_zone: { id: 'UTC', source_slug: 'manual', updated_at: 'x' } };
    assert.deepEqual(inspectResponse('resolveUser', user).map((d) => [d.kind, d.path, d.section]).sort(), [
      ['deprecated', 'connected_sources[0].source', '2.1.1'],
      ['unknownField', 'connected_sources[0].provider', '2.1.1'],
    ]);
  });
});

describe('paging across the pages of one load', () => {
  const users = (offset: number, count: number, total: number, limit = 2) => ({
    users: Array.from({ length: count }, (_, i) => ({ user_id: `u${offset + i}`, client_user_id: `c${offset + i}`, team_id: 't', created_on: 'x', connected_sources: [], fallback_time_zone: { id: 'UTC', source_slug: 'manual', updated_at: 'x' } })),
    total, offset, limit,
  });

  test('a page longer than its limit; total below what the pages have shown', () => {
    assert.deepEqual(inspectResponse('listUsers', users(0, 3, 10)).map((d) => [d.kind, d.path, d.value]), [['pagingMismatch', 'users', '3']]);
    const tracker = new PageTracker();
    assert.deepEqual(inspectResponse('listUsers', users(0, 2, 5), { tracker }), []);
    assert.deepEqual(inspectResponse('listUsers', users(2, 2, 5), { tracker }), []);
    assert.deepEqual(inspectResponse('listUsers', users(4, 1, 3), { tracker }).map((d) => [d.kind, d.path, d.value]), [['pagingMismatch', 'total', '3']]);
  });

  test('iterateUserPages shares one tracker: a list that shrinks under the pages is reported', async () => {
    const server = await scriptedHttpServer((request, response) => {
      const offset = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('offset') ?? 0);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(users(offset, offset === 0 ? 2 : 1, offset === 0 ? 3 : 1)));
    });
    const client = new HealthApiClient({ baseUrl: server.url, apiKey: 'k-123456' });
    try {
      const found: Deviation[][] = [];
      for await (const page of iterateUserPages(client, { pageSize: 2, onDeviations: (d) => found.push(d) })) void page;
      assert.deepEqual(found.map((d) => d.map((x) => [x.kind, x.path, x.value])), [[], [['pagingMismatch', 'total', '1']]]);
    } finally {
      await client.close();
      await server.close();
    }
  });

  test('a cursor that comes back is reported on the page that repeats it (and the load stops)', async () => {
    let count = 0;
    const server = await scriptedHttpServer((_request, response) => {
      count++;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ groups: {}, next_cursor: count === 1 ? 'a' : 'a' }));
    });
    const client = new HealthApiClient({ baseUrl: server.url, apiKey: 'k-123456' });
    try {
      const found: Deviation[][] = [];
      const pages = iterateBloodPressurePages(client, '7f0c2a52-1d1e-4d3b-9f7e-2b1f6f3c9a10', { startDate: '2026-01-01' }, { onDeviations: (d) => found.push(d) });
      await assert.rejects(async () => {
        for await (const page of pages) void page;
      }, /twice/);
      assert.deepEqual(found.map((d) => d.map((x) => [x.kind, x.path, x.section])), [[], [['pagingMismatch', 'next_cursor', '4.1']]]);
    } finally {
      await client.close();
      await server.close();
    }
  });
});

describe('how the client hands the findings out', () => {
  test('every successful attempt in the log carries its deviations; onDeviations gets the same list', async () => {
    const { client, log } = fixture.loggingClient();
    let handed: Deviation[] | undefined;
    await client.listUsers({ limit: 3 }, { onDeviations: (d) => (handed = d) });
    assert.deepEqual(handed, []);
    assert.deepEqual(log.at(-1)?.deviations, []);
  });

  test('contractLens: false: no deviations anywhere, and no callback', async () => {
    const { client, log } = fixture.loggingClient({ contractLens: false });
    let called = false;
    await client.listUsers({ limit: 3 }, { onDeviations: () => (called = true) });
    assert.equal(called, false);
    assert.equal((log.at(-1) as RequestLogEntry).deviations, undefined);
  });

  test('a body refused as invalid keeps the body and status on the error (not among its enumerable fields)', async () => {
    const body = JSON.stringify({ markers: [{ name: 'no id' }], total: 1, page: 1, size: 50 });
    const server = await scriptedHttpServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(body);
    });
    const client = new HealthApiClient({ baseUrl: server.url, apiKey: 'k-123456' });
    try {
      const error = await client.listLabTestMarkers('t').then(() => assert.fail('refused'), (caught: unknown) => caught);
      assert.ok(isHealthApiError(error));
      assert.equal(error.kind, 'invalid_response');
      assert.equal(error.status, 200);
      assert.equal(error.responseBody, body);
      assert.equal(Object.keys(error).includes('responseBody'), false);
      assert.equal(JSON.stringify(error).includes('no id'), false);
    } finally {
      await client.close();
      await server.close();
    }
  });
});
