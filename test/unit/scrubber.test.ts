// The scrubber over bodies generated from the vendor's published schema (test/support/vendorBodies.ts)
// with identifiers planted in every string field: none survives anywhere in the scrubbed JSON, the
// contract lens names the same deviations before and after, the shape and values stay, pseudonyms
// are stable per secret and differ across secrets, and a person's dates keep their intervals.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import type { Deviation } from '../../src/api/contract/deviations';
import { inspectResponse } from '../../src/api/contract/inspect';
import type { ContractOperation } from '../../src/api/contract/specFacts';
import type { RequestOperation, RequestOperationName } from '../../src/api/requests';
import { isDateString } from '../../src/scrub/dateShift';
import { addReports, describeReport, emptyReport, guessOperation, scrubBody, scrubJson, scrubOperation } from '../../src/scrub/scrubber';
import { writeFixture } from '../../src/scrub/fixtureWriter';
import { plantedArbitrary, plantInStrings, shapeDifference, stringsOf } from '../support/plantedIdentifiers';
import { generateBody, type BodyMode } from '../support/vendorBodies';
import type { VendorOperation } from '../support/vendorFacts';

const OPERATIONS: readonly VendorOperation[] = ['listUsers', 'resolveUser', 'groupedBloodPressure', 'labTestMarkers', 'orderSetMarkers'];
const REQUEST_NAMES: Readonly<Record<VendorOperation, RequestOperationName>> = {
  listUsers: 'listUsers',
  resolveUser: 'resolveUser',
  groupedBloodPressure: 'getGroupedBloodPressure',
  labTestMarkers: 'listLabTestMarkers',
  orderSetMarkers: 'listOrderSetMarkers',
};
const CONTRACT: Readonly<Record<VendorOperation, ContractOperation>> = {
  listUsers: 'listUsers',
  resolveUser: 'resolveUser',
  groupedBloodPressure: 'groupedBloodPressure',
  labTestMarkers: 'labTestMarkers',
  orderSetMarkers: 'orderSetMarkers',
};
const USER_ID = '7f0c2a52-1d1e-4d3b-9f7e-2b1f6f3c9a10';
const SECRET = 'workspace-secret-1';

const bodyArbitrary = fc.record({
  operation: fc.constantFrom(...OPERATIONS),
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  mode: fc.constantFrom<BodyMode>('full', 'minimal', 'mixed'),
});

/**
 * What the lens says, per kind and place: how many, out of how many, in which section. Values seen are
 * left out (a planted unknown value is itself removed), and with them the split of one place's entry
 * per distinct value: two planted values both become "[removed]" and make one entry of the same count.
 */
function lensSummary(operation: VendorOperation, body: unknown): string[] {
  const lines = new Map<string, { count: number; of: number; section: string }>();
  for (const deviation of inspectResponse(CONTRACT[operation], body)) {
    const key = `${deviation.kind} ${deviation.pattern}`;
    const line = lines.get(key);
    if (line) line.count += deviation.count;
    else lines.set(key, { count: deviation.count, of: deviation.of, section: deviation.section });
  }
  return [...lines].map(([key, { count, of, section }]) => `${key} ${count}/${of} §${section}`).sort();
}

/** Everything the lens says, values and first paths included. */
const lensExactly = (operation: VendorOperation, body: unknown): Deviation[] => inspectResponse(CONTRACT[operation], body);

function appearsIn(json: string, secret: string): boolean {
  return json.includes(secret) || json.includes(JSON.stringify(secret).slice(1, -1));
}

/** The days and the rest of every date string, to compare before and after. */
const dayOf = (value: string): number => Date.UTC(Number(value.slice(0, 4)), Number(value.slice(5, 7)) - 1, Number(value.slice(8, 10))) / 86_400_000;

describe('scrubber: planted identifiers in vendor-schema bodies', () => {
  test('no planted identifier survives anywhere in the scrubbed JSON', () => {
    fc.assert(
      fc.property(bodyArbitrary, fc.array(plantedArbitrary, { minLength: 1, maxLength: 12 }), fc.string({ minLength: 1, maxLength: 12 }), ({ operation, seed, mode }, plants, secret) => {
        const generated = generateBody(operation, seed, mode);
        const { body, planted } = plantInStrings(generated.body, plants);
        const scrubbed = scrubBody(REQUEST_NAMES[operation], body, secret);
        const json = JSON.stringify(scrubbed.body);
        for (const identifier of planted) assert.ok(!appearsIn(json, identifier), `${identifier} survived in ${operation}: ${json.slice(0, 400)}`);
      }),
      { numRuns: 300 },
    );
  });

  test('the lens names the same deviations before and after, and the shape stays', () => {
    fc.assert(
      fc.property(bodyArbitrary, fc.array(plantedArbitrary, { maxLength: 6 }), ({ operation, seed, mode }, plants) => {
        const generated = generateBody(operation, seed, mode);
        const { body } = plantInStrings(generated.body, plants);
        const scrubbed = scrubBody(REQUEST_NAMES[operation], body, SECRET).body;
        assert.deepEqual(lensSummary(operation, scrubbed), lensSummary(operation, body));
        assert.equal(shapeDifference(body, scrubbed), undefined);
      }),
      { numRuns: 300 },
    );
  });

  test('without planted text, every value but ids, dates and cursors is kept as it is', () => {
    for (const operation of OPERATIONS) {
      for (let seed = 1; seed <= 40; seed++) {
        const { body } = generateBody(operation, seed, seed % 2 === 0 ? 'full' : 'mixed');
        const before = stringsOf(body);
        const scrubbed = scrubBody(REQUEST_NAMES[operation], body, SECRET).body;
        const after = stringsOf(scrubbed);
        assert.equal(after.length, before.length);
        assert.deepEqual(lensExactly(operation, scrubbed), lensExactly(operation, body), `${operation} seed ${seed}: the lens says the very same`);
        before.forEach(({ key, value }, index) => {
          const changes = ['user_id', 'team_id', 'client_user_id', 'next', 'next_cursor', 'device_id', 'workout_id', 'grouping'].includes(key) || isDateString(value);
          if (!changes) assert.equal(after[index]?.value, value, `${operation} seed ${seed}: ${key} changed`);
        });
      }
    }
  });

  test('the scrubbed body is a new one: the caller keeps its own', () => {
    const { body } = generateBody('listUsers', 7, 'full');
    const copy = structuredClone(body);
    scrubBody('listUsers', body, SECRET);
    assert.deepEqual(body, copy);
  });
});

describe('scrubber: pseudonyms', () => {
  const user = (userId: string, clientUserId: string) => ({
    user_id: userId,
    team_id: 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee',
    client_user_id: clientUserId,
    created_on: '2025-03-04T10:00:00+00:00',
    connected_sources: [],
    fallback_time_zone: null,
  });

  test('the same id gives the same pseudonym across bodies, operations and request arguments', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.string({ minLength: 1, maxLength: 40 }), fc.string({ minLength: 1 }), (userId, clientUserId, secret) => {
        const listed = scrubBody('listUsers', { users: [user(userId, clientUserId)], total: 1, offset: 0, limit: 1 }, secret).body.users[0]!;
        const resolved = scrubBody('resolveUser', user(userId.toUpperCase(), clientUserId), secret).body;
        assert.equal(resolved.user_id, listed.user_id);
        assert.equal(resolved.client_user_id, listed.client_user_id);
        assert.match(listed.user_id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        assert.match(listed.client_user_id, /^user-[0-9a-f]{12}$/);
        assert.notEqual(listed.user_id, userId.toLowerCase());
        const path = scrubOperation({ name: 'getGroupedBloodPressure', args: [userId, { startDate: '2025-01-01' }] }, secret).operation;
        assert.equal(path.args[0], listed.user_id);
        const resolve = scrubOperation({ name: 'resolveUser', args: [clientUserId] }, secret).operation;
        assert.equal(resolve.args[0], listed.client_user_id);
      }),
      { numRuns: 200 },
    );
  });

  test('another secret gives other pseudonyms and another date offset', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), (userId, a, b) => {
        fc.pre(a !== b);
        const one = scrubBody('resolveUser', user(userId, 'patient-0042'), a).body;
        const two = scrubBody('resolveUser', user(userId, 'patient-0042'), b).body;
        assert.notEqual(one.user_id, two.user_id);
        assert.notEqual(one.client_user_id, two.client_user_id);
      }),
      { numRuns: 200 },
    );
  });

  test('different ids get different pseudonyms', () => {
    const ids = Array.from({ length: 2000 }, (_, index) => `patient-${index}`);
    const pseudonyms = new Set(ids.map((id) => scrubOperation({ name: 'resolveUser', args: [id] }, SECRET).operation.args[0]));
    assert.equal(pseudonyms.size, ids.length);
  });

  test('an id repeated inside free text is replaced by its pseudonym', () => {
    const body = { ...user(USER_ID, 'patient-0042'), note: `migrated from patient-0042 (${USER_ID})` };
    const scrubbed = scrubBody('resolveUser', body, SECRET).body as unknown as Record<string, string>;
    assert.equal(scrubbed.note, `migrated from ${scrubbed.client_user_id} (${scrubbed.user_id})`);
  });

  test('a client_user_id holding an e-mail address is pseudonymised and said so', () => {
    const { body, report } = scrubBody('resolveUser', user(USER_ID, 'jane.doe@example.com'), SECRET);
    assert.match(body.client_user_id, /^user-[0-9a-f]{12}$/);
    assert.equal(report.textRemoved, 1);
    assert.equal(report.pseudonymised, 3);
  });
});

describe('scrubber: dates', () => {
  test("a person's dates move by one whole number of days, keeping time, offset and format", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.constantFrom<BodyMode>('full', 'mixed'), fc.string({ minLength: 1 }), (seed, mode, secret) => {
        const { body } = generateBody('listUsers', seed, mode);
        const scrubbed = scrubBody('listUsers', body, secret).body as { users: unknown[] };
        (body as { users: unknown[] }).users.forEach((original, index) => {
          const before = stringsOf(original);
          const after = stringsOf(scrubbed.users[index]);
          const shifts = new Set<number>();
          before.forEach(({ key, value }, position) => {
            if (!isDateString(value) || key === 'value') return;
            const moved = after[position]!.value;
            assert.equal(moved.slice(10), value.slice(10), 'time of day, fractions and offset stay as written');
            assert.equal(moved.length, value.length);
            shifts.add(dayOf(moved) - dayOf(value));
          });
          assert.ok(shifts.size <= 1, `one offset per user, got ${[...shifts].join(', ')}`);
          for (const days of shifts) assert.ok(days <= -28 && days % 7 === 0, `${days} days: whole weeks back`);
        });
      }),
      { numRuns: 100 },
    );
  });

  test('a birth date keeps only its year', () => {
    const body = { user_id: USER_ID, client_user_id: 'x-1', fallback_birth_date: { value: '1985-06-14', source_slug: 'manual', updated_at: '2025-01-02T03:04:05.678-07:00' } };
    const scrubbed = scrubBody('resolveUser', body, SECRET).body;
    assert.equal(scrubbed.fallback_birth_date.value, '1985-01-01');
    assert.match(scrubbed.fallback_birth_date.updated_at, /^\d{4}-\d{2}-\d{2}T03:04:05\.678-07:00$/);
  });

  test('readings keep their gaps and order, and move like the query of the same user', () => {
    const readings = ['2025-02-28T23:59:59+09:00', '2025-03-01T00:00:00Z', '2025-03-01 07:30', '2024-12-31T12:00:00.5+0530', '2025-03-02'];
    const body = { groups: { omron: [{ source: { provider: 'omron', type: 'cuff' }, data: readings.map((timestamp) => ({ systolic: 120, diastolic: 80, timestamp, unit: 'mmHg' })) }] } };
    const operation: RequestOperation = { name: 'getGroupedBloodPressure', args: [USER_ID, { startDate: '2025-02-28', endDate: '2025-03-02T23:59:59Z' }] };
    const scrubbed = scrubBody(operation, body, SECRET).body.groups.omron[0]!.data.map((reading) => reading.timestamp);
    const query = scrubOperation(operation, SECRET).operation.args[1] as { startDate: string; endDate: string };
    const days = dayOf(query.startDate) - dayOf('2025-02-28');
    assert.equal(dayOf(query.endDate) - dayOf('2025-03-02'), days);
    assert.equal(query.endDate.slice(10), 'T23:59:59Z');
    scrubbed.forEach((moved, index) => {
      const original = readings[index]!;
      assert.equal(moved.slice(10), original.slice(10));
      assert.equal(dayOf(moved) - dayOf(original), days, `${original} → ${moved}`);
    });
    assert.notEqual(days, 0);
  });

  test('a body without its user moves by the secret’s own offset, the same every time', () => {
    const body = { groups: { omron: [{ source: { provider: 'omron', type: 'cuff' }, data: [{ systolic: 1, diastolic: 1, timestamp: '2025-01-01T00:00:00Z', unit: 'mmHg' }] }] } };
    const one = scrubBody('getGroupedBloodPressure', body, SECRET).body.groups.omron[0]!.data[0]!.timestamp;
    const two = scrubBody('getGroupedBloodPressure', body, SECRET).body.groups.omron[0]!.data[0]!.timestamp;
    assert.equal(one, two);
    assert.notEqual(one, '2025-01-01T00:00:00Z');
  });

  test('a blood-pressure body given its user counts the user only where the id appears', () => {
    const body = { groups: { omron: [{ source: { provider: 'omron', type: 'cuff' }, data: [{ systolic: 1, diastolic: 1, timestamp: '2025-01-01T00:00:00Z', unit: 'mmHg' }] }] } };
    const operation: RequestOperation = { name: 'getGroupedBloodPressure', args: [USER_ID, { startDate: '2025-01-01' }] };
    assert.deepEqual(scrubBody(operation, body, SECRET).report, { pseudonymised: 0, datesShifted: 1, textRemoved: 0 });
    const echoing = { ...body, note: `readings of ${USER_ID}` };
    assert.equal(scrubBody(operation, echoing, SECRET).report.pseudonymised, 1);
  });
});

describe('scrubber: free text', () => {
  const scrubText = (text: string): string => (scrubBody('listLabTestMarkers', { markers: [], note: text }, SECRET).body as { note: string }).note;

  test('identifying text is removed', () => {
    for (const text of ['jane.doe@example.com', 'Call +1 (415) 555-0132', 'Maria Garcia', 'Garcia, Maria', 'Dr. Okafor', '221B Baker Street', 'Hauptstraße 12, Berlin', 'SSN 123-45-6789', 'MRN 0012345678', 'P.O. Box 1234', 'ref 12 415-555-0132', '0151/2345678', '+44 (0)20 7946 0958', '0049 30 1234567', 'mobile 030 1234 5678', '(030) 1234-5678']) {
      assert.equal(scrubText(text), '[removed]', text);
    }
  });

  test('catalogue text, units, LOINC codes, providers and dates in words are kept', () => {
    for (const text of ['Hemoglobin A1c', 'Total Cholesterol', 'LDL Cholesterol (calculated)', '2345-7', 'mmHg', 'mg/dL', 'Omron', 'Apple HealthKit', 'Has the patient been fasting for 9–12 hours?', 'https://storage.googleapis.com/vital-assets/omron.png', 'measured on 2025-03-04 at 08:00', 'Reference range 3.5-5.0 mmol/L', '008649', 'Vitamin D, 25-Hydroxy', 'Fasting: <100 100-125 >=126 mg/dL', 'Normal 135-145 mmol/L, critical 120 160', '0.40-4.50 uIU/mL', 'CPT 80061', 'Ranges 70-99 100-125 126-200', '2025-03-04T08:00:00+01:00 to 2025-03-05 07:30']) {
      assert.equal(scrubText(text), text, text);
    }
  });
});

describe('scrubber: helpers', () => {
  test('guessOperation names each body by its shape', () => {
    assert.equal(guessOperation(generateBody('listUsers', 1, 'full').body), 'listUsers');
    assert.equal(guessOperation(generateBody('resolveUser', 1, 'full').body), 'resolveUser');
    assert.equal(guessOperation(generateBody('groupedBloodPressure', 1, 'full').body), 'getGroupedBloodPressure');
    assert.equal(guessOperation(generateBody('labTestMarkers', 1, 'full').body), 'listLabTestMarkers');
    assert.equal(guessOperation({ detail: 'Not Found' }), undefined);
    assert.equal(guessOperation([1, 2]), undefined);
    assert.equal(guessOperation('text'), undefined);
  });

  test('reports add up and read as one line', () => {
    const sum = addReports({ pseudonymised: 2, datesShifted: 5, textRemoved: 0 }, { pseudonymised: 1, datesShifted: 0, textRemoved: 1 }, emptyReport());
    assert.deepEqual(sum, { pseudonymised: 3, datesShifted: 5, textRemoved: 1 });
    assert.equal(describeReport(sum), '3 identifiers pseudonymised, 5 dates shifted, 1 text value removed');
    assert.equal(describeReport(emptyReport()), 'nothing to scrub');
  });

  test('a field named __proto__ stays a field', () => {
    const body = JSON.parse('{"markers":[],"__proto__":{"polluted":"Maria Garcia"}}') as Record<string, unknown>;
    const scrubbed = scrubBody('listLabTestMarkers', body, SECRET).body as Record<string, unknown>;
    assert.equal(Object.getPrototypeOf(scrubbed), Object.prototype);
    assert.equal(JSON.stringify(scrubbed), '{"markers":[],"__proto__":{"polluted":"[removed]"}}');
  });
});

describe('scrubber: request arguments and other JSON', () => {
  test('lab test ids, order sets and paging are kept; a lab account id only loses what looks personal', () => {
    const labTest: RequestOperation = { name: 'listLabTestMarkers', args: ['5a1c6c3e-2f4b-4d8e-9b61-0c7d2f1e8a01', { labAccountId: 'acct-eu', page: 2, size: 50 }] };
    assert.deepEqual(scrubOperation(labTest, SECRET).operation, labTest);
    const orderSet: RequestOperation = { name: 'listOrderSetMarkers', args: [{ labTestIds: ['a', 'b'], addOn: { providerIds: ['x'], markerIds: [3] }, labAccountId: 'jane@example.com' }, { page: 1 }] };
    const scrubbed = scrubOperation(orderSet, SECRET);
    assert.deepEqual(scrubbed.operation.args[0], { labTestIds: ['a', 'b'], addOn: { providerIds: ['x'], markerIds: [3] }, labAccountId: '[removed]' });
    assert.equal(scrubbed.report.textRemoved, 1);
    const users: RequestOperation = { name: 'listUsers', args: [{ offset: 100, limit: 50 }] };
    assert.deepEqual(scrubOperation(users, SECRET), { operation: users, report: emptyReport() });
  });

  test('a page’s next cursor and the next request’s cursor get the same pseudonym, so captured pages chain', () => {
    const first = writeFixture({ operation: { name: 'getGroupedBloodPressure', args: [USER_ID, { startDate: '2025-01-01' }] }, status: 200, body: { groups: {}, next_cursor: 'opaque-7f0c2a52' } }, SECRET);
    const second = writeFixture({ operation: { name: 'getGroupedBloodPressure', args: [USER_ID, { startDate: '2025-01-01', nextCursor: 'opaque-7f0c2a52' }] }, status: 200, body: { groups: {}, next_cursor: null } }, SECRET);
    const nextCursor = (JSON.parse(first.text) as { body: { next_cursor: string } }).body.next_cursor;
    assert.match(nextCursor, /^cursor-[0-9a-f]{16}$/);
    assert.ok(second.sandboxPath.includes(`next_cursor=${nextCursor}`), second.sandboxPath);
  });

  test('scrubJson finds ids at any depth and catches them inside text', () => {
    const toolResult = { summary: `User patient-0042 has no readings`, data: { user: { user_id: USER_ID, client_user_id: 'patient-0042', created_on: '2025-01-01T00:00:00Z' } } };
    const { body, report } = scrubJson(toolResult, SECRET);
    assert.ok(!JSON.stringify(body).includes('patient-0042') && !JSON.stringify(body).includes(USER_ID));
    assert.equal(body.summary, `User ${body.data.user.client_user_id} has no readings`);
    assert.equal(report.pseudonymised, 2);
  });
});
