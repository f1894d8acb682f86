// The allocation-free checks must accept exactly what zod accepts: every real response of the
// sandbox, bodies the vendor's schema allows (test/support/vendorBodies.ts), and every single-field
// mutation of them (a wrong type, null, a missing field, a float for an integer…), is judged the
// same way by both — so the tolerant reader's rules (src/api/schemas.ts) hold in both.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { HealthApiClient, type RequestLogEntry } from '../../src/api/client';
import { isGroupedBloodPressure, isMarkerPage, isUser, isUserList } from '../../src/api/fastChecks';
import { groupedBloodPressureSchema, markerPageSchema, userListSchema, userSchema } from '../../src/api/schemas';
import type { SandboxHandle } from '../../src/sandbox/server';
import { mutated, paths, REPLACEMENTS, type Json } from '../support/jsonMutations';
import { generateBodies } from '../support/vendorBodies';
import { start } from './sandboxTestKit';

describe('fast checks agree with zod', () => {
  let sandbox: SandboxHandle;
  const bodies: { kind: string; body: Json }[] = [];

  before(async () => {
    sandbox = await start({ users: 30, seed: 9, nullTimeZones: true });
    const client = new HealthApiClient({
      baseUrl: sandbox.url,
      apiKey: sandbox.apiKey,
      onRequest: (entry: RequestLogEntry) => {
        if (entry.responseBody) bodies.push({ kind: new URL(entry.url).pathname, body: JSON.parse(entry.responseBody) as Json });
      },
    });
    const { users } = await client.listUsers({ limit: 30 });
    for (const user of users.slice(0, 3)) {
      await client.resolveUser(user.client_user_id);
      await client.getGroupedBloodPressure(user.user_id, { startDate: '2026-10-01' });
    }
    const labTest = sandbox.labTests[0];
    assert.ok(labTest);
    await client.listLabTestMarkers(labTest.id, { size: 3 });
    await client.close();
  });
  after(() => sandbox.close());

  const pairs = [
    { name: 'user list', check: isUserList, schema: userListSchema, matches: (p: string) => p === '/v2/user/', operations: ['listUsers'] },
    { name: 'user', check: isUser, schema: userSchema, matches: (p: string) => p.startsWith('/v2/user/resolve/'), operations: ['resolveUser'] },
    { name: 'grouped blood pressure', check: isGroupedBloodPressure, schema: groupedBloodPressureSchema, matches: (p: string) => p.includes('/blood_pressure/'), operations: ['groupedBloodPressure'] },
    { name: 'marker page', check: isMarkerPage, schema: markerPageSchema, matches: (p: string) => p.endsWith('/markers'), operations: ['labTestMarkers', 'orderSetMarkers'] },
  ];
  // A full and a minimal body per operation (every vendor field; required ones only, nullable ones null).
  const vendor = generateBodies(2, 11);

  for (const { name, check, schema, matches, operations } of pairs) {
    test(`${name}: the real responses, bodies the vendor schema allows, and each of their one-field mutations`, () => {
      const samples = [
        ...bodies.filter((b) => matches(b.kind)),
        ...vendor.filter((b) => operations.includes(b.operation)).map((b) => ({ kind: b.operation, body: b.body as Json })),
      ];
      assert.ok(samples.length > 0, `some ${name} responses`);
      let compared = 0;
      for (const { body } of samples) {
        assert.equal(check(body), true, 'a real response passes');
        assert.equal(schema.safeParse(body).success, true);
        for (const path of paths(body)) {
          for (const replacement of [...REPLACEMENTS, undefined]) {
            const candidate = mutated(body, path, replacement);
            const expected = schema.safeParse(candidate).success;
            assert.equal(check(candidate), expected, `${name} at ${path.join('.')} = ${JSON.stringify(replacement)}: zod says ${expected}`);
            compared++;
          }
        }
      }
      assert.ok(compared > 100, `${compared} mutations compared`);
    });
  }

  test('what passes is returned as parsed: the same value zod would return', () => {
    for (const { body, kind } of bodies) {
      const pair = pairs.find((p) => p.matches(kind));
      if (!pair) continue;
      assert.deepEqual(pair.schema.parse(body), body);
    }
  });
});
