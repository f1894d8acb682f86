// The fixture file format: what the sandbox accepts, what it names as a problem (by file name, in a
// sentence), and the request each fixture answers, compared without regard to query order, a
// trailing slash or percent-encoding.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { canonicalJson, formatFixture, normalisePath, normaliseQuery, parseFixture, type FixtureFile } from '../../src/sandbox/fixtures/fixtureFile';
import { scrubOperation } from '../../src/scrub/scrubber';
import { writeFixture } from '../../src/scrub/fixtureWriter';

const fixture = (fields: Record<string, unknown>): string => JSON.stringify({ fixture: 1, operation: 'resolveUser', args: ['user-1'], status: 200, body: {}, ...fields });

describe('fixture files', () => {
  test('each problem is named with the file and what is wrong', () => {
    const cases: [string, RegExp][] = [
      ['{ "operation": ', /^a\.json: not JSON \(/],
      ['[1, 2]', /^a\.json: not a fixture/],
      [fixture({ fixture: 2 }), /^a\.json: fixture format 2 is not one this sandbox reads \(1\)$/],
      [fixture({ operation: 'deleteUser' }), /^a\.json: unknown operation "deleteUser" \(one of listUsers, resolveUser, /],
      [fixture({ operation: undefined }), /^a\.json: unknown operation null/],
      [fixture({ args: [] }), /^a\.json: resolveUser: its args must be \[client_user_id\]$/],
      [fixture({ operation: 'getGroupedBloodPressure', args: ['u', {}] }), /its args must be \[user_id, \{ startDate, … \}\]/],
      [fixture({ status: 'ok' }), /^a\.json: status must be an HTTP status, got "ok"$/],
      [fixture({ status: 700 }), /status must be an HTTP status, got 700/],
      [JSON.stringify({ operation: 'resolveUser', args: ['x'] }), /^a\.json: no body$/],
    ];
    for (const [text, problem] of cases) {
      const parsed = parseFixture('a.json', text);
      assert.equal(parsed.ok, false, text);
      if (!parsed.ok) assert.match(parsed.problem, problem);
    }
  });

  test('liberal in what it reads: no version, no status (200), no deviations', () => {
    const parsed = parseFixture('b.json', JSON.stringify({ operation: 'listUsers', args: [{ limit: 5, offset: 0 }], body: { users: [] } }));
    assert.ok(parsed.ok);
    assert.equal(parsed.fixture.file.status, 200);
    assert.deepEqual(parsed.fixture.file.deviations, []);
    assert.equal(parsed.fixture.method, 'GET');
    assert.equal(parsed.fixture.path, '/v2/user');
    assert.equal(parsed.fixture.query, 'limit=5&offset=0');
  });

  test('the request a fixture answers: decoded path, sorted query, canonical POST body', () => {
    const bloodPressure = parseFixture('c.json', fixture({ operation: 'getGroupedBloodPressure', args: ['7f0c2a52-1d1e-4d3b-9f7e-2b1f6f3c9a10', { startDate: '2025-01-01', endDate: '2025-02-01', provider: 'omron' }] }));
    assert.ok(bloodPressure.ok);
    assert.equal(bloodPressure.fixture.path, '/v2/timeseries/7f0c2a52-1d1e-4d3b-9f7e-2b1f6f3c9a10/blood_pressure/grouped');
    assert.equal(bloodPressure.fixture.query, 'end_date=2025-02-01&provider=omron&start_date=2025-01-01');
    const orderSet = parseFixture('d.json', fixture({ operation: 'listOrderSetMarkers', args: [{ labTestIds: ['b', 'a'], addOn: { providerIds: ['x'] } }, { page: 2 }] }));
    assert.ok(orderSet.ok);
    assert.equal(orderSet.fixture.method, 'POST');
    assert.equal(orderSet.fixture.body, '{"add_on":{"provider_ids":["x"]},"lab_test_ids":["b","a"]}');
    assert.equal(normalisePath('/v2/user/resolve/a%20b/'), '/v2/user/resolve/a b');
    assert.equal(normaliseQuery([['b', '2'], ['a', '1']]), 'a=1&b=2');
    assert.equal(canonicalJson({ b: 1, a: [{ d: null, c: 'x' }] }), '{"a":[{"c":"x","d":null}],"b":1}');
  });

  test('written fixtures read back to the same file; the same request gets the same name', () => {
    const operation = { name: 'resolveUser' as const, args: ['jane@example.com'] as [string] };
    const one = writeFixture({ operation, status: 200, body: { user_id: '7f0c2a52-1d1e-4d3b-9f7e-2b1f6f3c9a10', client_user_id: 'jane@example.com' } }, 's');
    const two = writeFixture({ operation, status: 404, body: { detail: 'User not found' }, savedAt: new Date(0) }, 's');
    assert.equal(one.fileName, two.fileName);
    assert.equal(one.sandboxPath, `GET /v2/user/resolve/${scrubOperation(operation, 's').operation.args[0] as string}`);
    assert.ok(!one.text.includes('jane'));
    const parsed = parseFixture(two.fileName, two.text);
    assert.ok(parsed.ok);
    assert.equal(formatFixture(parsed.fixture.file), two.text);
    assert.equal((JSON.parse(two.text) as FixtureFile).savedAt, '1970-01-01T00:00:00.000Z');
    assert.match(one.text, /^\{\n {2}"fixture": 1,\n {2}"operation": "resolveUser",/);
  });

  test('a deviation that names an identifying value names it scrubbed', () => {
    const body = { groups: { omron: [{ source: { provider: 'omron', type: 'Call Maria Garcia' }, data: [] }] } };
    const written = writeFixture({ operation: { name: 'getGroupedBloodPressure', args: ['7f0c2a52-1d1e-4d3b-9f7e-2b1f6f3c9a10', { startDate: '2025-01-01' }] }, status: 200, body }, 's');
    const file = JSON.parse(written.text) as FixtureFile;
    assert.ok(file.deviations.some((deviation) => deviation.kind === 'unknownValue' && deviation.value === '[removed]'));
    assert.ok(!written.text.includes('Garcia'));
    assert.match(file.scrubbed, /2 text values removed/);
  });
});
