// The request cell's grammar: the HTTP-message form, pasted URLs and curl commands, headers,
// bodies and directives; the five operations recognised from their paths; and the cell Save as
// Notebook writes making the very same client call again.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import type { RequestOperation } from '../../src/api/requests';
import { buildCurlCommand } from '../../src/domain/requests/curl';
import { requestOfOperation } from '../../src/api/requests';
import { requestCellSource } from '../../src/notebook/cellFromOperation';
import { operationOfCell, type CellRequestProblem } from '../../src/notebook/cellOperation';
import { isCellSyntaxError, parsedRequestCell, parseRequestCell, type ParsedRequestCell } from '../../src/notebook/requestCell';
import type { VariableScope } from '../../src/notebook/variables';
import { jsonErrorPlace } from '../../src/notebook/jsonErrorPlace';

const scope = (values: Record<string, string> = {}, today = '2026-11-26'): VariableScope => ({ values: new Map(Object.entries(values)), today });

function parsed(source: string): ParsedRequestCell {
  const cell = parseRequestCell(source);
  if (isCellSyntaxError(cell)) assert.fail(`line ${cell.line}: ${cell.message}`);
  return cell;
}

function operation(source: string, values: Record<string, string> = {}): RequestOperation {
  const result = operationOfCell(parsed(source), scope(values));
  if ('kind' in result) assert.fail(`${result.kind}: ${result.message}`);
  return result;
}

function problem(source: string, values: Record<string, string> = {}): CellRequestProblem {
  const result = operationOfCell(parsed(source), scope(values));
  assert.ok('kind' in result, `expected a problem for ${source}`);
  return result;
}

describe('cells pasted from the vendor\'s API reference (issue 34.5)', () => {
  // The forms the reference and its Postman collection write: the host as {{baseUrl}} / {{BASE_URL}},
  // a path parameter as {user_id} (OpenAPI) or :user_id (Postman), the key as <API_KEY>, {{apiKey}}…
  const pasted = `curl -G {{BASE_URL}}/v2/timeseries/{user_id}/blood_pressure/grouped \\\n  -H "x-vital-api-key: <API_KEY>" \\\n  -d start_date=2026-01-01`;

  test('a key header holding a placeholder is left out and named; a host placeholder is the environment\'s address', () => {
    const cell = parsed(pasted.replace('{user_id}', '{{user_id}}'));
    assert.deepEqual(cell.placeholderKeyHeaders, ['x-vital-api-key']);
    assert.equal(cell.ignoredHost, '{{BASE_URL}}');
    assert.equal(cell.hostPlaceholder, true);
    assert.equal(cell.target, '/v2/timeseries/{{user_id}}/blood_pressure/grouped?start_date=2026-01-01');
    // -G: the -d data is the query, as the reference writes a GET's parameters.
    assert.deepEqual(operationOfCell(cell, scope({ user_id: 'u-1' })), { name: 'getGroupedBloodPressure', args: ['u-1', { startDate: '2026-01-01' }] });
    const withQuery = parsed(`curl '{{baseUrl}}/v2/timeseries/{{user_id}}/blood_pressure/grouped?start_date=2026-01-01' -H 'x-vital-api-key: {{apiKey}}'`);
    assert.deepEqual(withQuery.placeholderKeyHeaders, ['x-vital-api-key']);
    assert.deepEqual(operationOfCell(withQuery, scope({ user_id: 'u-1' })), { name: 'getGroupedBloodPressure', args: ['u-1', { startDate: '2026-01-01' }] });
    const message = parsed('GET {{BASE_URL}}/v2/user/?limit=2\nX-Vital-Api-Key: <API_KEY>\nAccept: application/json');
    assert.equal(message.ignoredHost, '{{BASE_URL}}');
    assert.deepEqual(message.placeholderKeyHeaders, ['X-Vital-Api-Key']);
    assert.deepEqual(operationOfCell(message, scope()), { name: 'listUsers', args: [{ limit: 2 }] });
    assert.deepEqual(operationOfCell(parsed('{{base_url}}/v2/user/resolve/p-1'), scope()), { name: 'resolveUser', args: ['p-1'] });
    // A notebook variable at the start of a path is not taken for a host unless its name says it is one.
    assert.equal(parsed('GET {{prefix}}/v2/user/').ignoredHost, undefined);
  });

  test('every placeholder form of the key is no key; every real-looking key is still refused', () => {
    for (const value of ['<API_KEY>', '<apiKey>', '<YOUR_API_KEY>', '{{apiKey}}', '{{ API_KEY }}', '{API_KEY}', 'YOUR_API_KEY', 'your-api-key', 'API_KEY', '$VITAL_API_KEY', '${API_KEY}', 'Bearer <token>']) {
      for (const header of ['x-vital-api-key', 'x-service-api-key', 'Authorization']) {
        const cell = parseRequestCell(`GET /v2/user/\n${header}: ${value}`);
        assert.ok(!isCellSyntaxError(cell), `${header}: ${value} is a placeholder: ${isCellSyntaxError(cell) ? cell.message : ''}`);
        assert.deepEqual(cell.placeholderKeyHeaders, [header], `${header}: ${value}`);
      }
      const curl = parseRequestCell(`curl https://h/v2/user/ -H '${'x-vital-api-key'}: ${value}'`);
      assert.ok(!isCellSyntaxError(curl) && curl.placeholderKeyHeaders?.[0] === 'x-vital-api-key', `curl with ${value}`);
    }
    for (const value of ['sk_us_51H8aVgKz3PLr9xQ', '<sk_us_51H8aVgKz3PLr9xQ>', '{{pk_eu_51H8aVgKz3PLr9}}', '<8f14e45fceea167a5a36dedd4bea2543>', 'Bearer 8f14e45fceea167a5a36dedd4bea2543', 'real-key-123', 'abc']) {
      for (const source of [`GET /v2/user/\nx-vital-api-key: ${value}`, `curl https://h/v2/user/ -H 'x-vital-api-key: ${value}'`]) {
        const cell = parseRequestCell(source);
        assert.ok(isCellSyntaxError(cell) && cell.kind === 'keyInCell', `${source} is refused`);
        assert.match(cell.message, /never put a key in a notebook/);
      }
    }
    // A placeholder under a header that carries no key is just a header, dropped as every other.
    assert.equal((parsed('GET /v2/user/\nX-Request-Id: <REQUEST_ID>')).placeholderKeyHeaders, undefined);
  });

  test('a {name} or :name path parameter names the notebook variable to write', () => {
    const cell = parsed(pasted);
    const missing = operationOfCell(cell, scope());
    assert.ok('kind' in missing);
    assert.equal(missing.kind, 'unknownVariable');
    assert.equal(missing.line, 1);
    assert.match(missing.message, /\{user_id\} is the API reference's placeholder for user_id, not a value: use \{\{user_id\}\}, and set user_id in the front matter or with "let"/);
    // The notebook has the variable under its own spelling: that one is named.
    const named = operationOfCell(cell, scope({ userId: 'u-1' }));
    assert.ok('kind' in named);
    assert.match(named.message, /use the notebook's variable \{\{userId\}\}/);
    // Postman's :lab_test_id; percent-encoded braces are an id's own.
    const postman = problem(`curl '{{baseUrl}}/v3/lab_tests/:lab_test_id/markers' -H 'x-vital-api-key: {{apiKey}}'`);
    assert.match(postman.message, /^:lab_test_id is the API reference's placeholder for lab_test_id, not a value: use \{\{lab_test_id\}\}/);
    assert.deepEqual(operation('GET /v2/user/resolve/%7Bp-1%7D'), { name: 'resolveUser', args: ['{p-1}'] });
    // A notebook variable in double braces is no placeholder.
    assert.deepEqual(operation('GET /v2/user/resolve/{{client_user_id}}', { client_user_id: 'p-1' }), { name: 'resolveUser', args: ['p-1'] });
  });
});

describe('request cell grammar', () => {
  test('the five operations, with and without a trailing slash, with their query arguments', () => {
    assert.deepEqual(operation('GET /v2/user/'), { name: 'listUsers', args: [{}] });
    assert.deepEqual(operation('GET /v2/user?offset=10&limit=5'), { name: 'listUsers', args: [{ offset: 10, limit: 5 }] });
    assert.deepEqual(operation('GET /v2/user/resolve/patient%200042/'), { name: 'resolveUser', args: ['patient 0042'] });
    assert.deepEqual(operation('GET /v2/timeseries/u-1/blood_pressure/grouped?start_date=2026-01-01&end_date=2026-01-31&provider=omron'), {
      name: 'getGroupedBloodPressure',
      args: ['u-1', { startDate: '2026-01-01', endDate: '2026-01-31', provider: 'omron' }],
    });
    assert.deepEqual(operation('GET /v3/lab_tests/lt-1/markers?lab_account_id=acc&page=2&size=50'), {
      name: 'listLabTestMarkers',
      args: ['lt-1', { labAccountId: 'acc', page: 2, size: 50 }],
    });
    assert.deepEqual(operation('POST /v3/lab_tests/list_order_set_markers?size=10\n\n{\n  "lab_test_ids": ["lt-1"],\n  "add_on": {"marker_ids": [3]}\n}'), {
      name: 'listOrderSetMarkers',
      args: [{ labTestIds: ['lt-1'], addOn: { markerIds: [3] } }, { size: 10 }],
    });
  });

  test('HTTP/1.1, lowercase methods, comments, headers and a pasted absolute URL (its host ignored)', () => {
    const cell = parsed('# find the user\n\nget https://api.example.com/v2/user/resolve/p-1 HTTP/1.1\nAccept: application/json\n// note\n\nexpect status 200 # must be found');
    assert.equal(cell.ignoredHost, 'api.example.com');
    assert.equal(cell.line, 3);
    assert.deepEqual(cell.assertions.map((assertion) => [assertion.line, assertion.text]), [[7, 'expect status 200']]);
    assert.deepEqual(operationOfCell(cell, scope()), { name: 'resolveUser', args: ['p-1'] });
    assert.deepEqual(operation('GET /v2/user/?limit=2 HTTP/1.1 # the first two'), { name: 'listUsers', args: [{ limit: 2 }] });
    assert.deepEqual(operation('GET /v2/user/resolve/patient 0042 // typed with a space'), { name: 'resolveUser', args: ['patient 0042'] });
  });

  test('a pasted curl command, on one line or with continuations; headers dropped', () => {
    const spec = requestOfOperation({ name: 'listOrderSetMarkers', args: [{ labTestIds: ["it's"] }, { page: 1 }] });
    const copied = buildCurlCommand('https://api.sandbox.us.junction.com', spec);
    const cell = parsed(`${copied}\n\nexpect status 200`);
    assert.equal(cell.fromCurl, true);
    assert.equal(cell.ignoredHost, 'api.sandbox.us.junction.com');
    assert.equal(cell.assertions.length, 1);
    assert.deepEqual(operationOfCell(cell, scope()), spec.operation);
    assert.deepEqual(operation(`curl -s 'http://127.0.0.1:9/v2/user/?limit=3' -H 'Accept: application/json'`), { name: 'listUsers', args: [{ limit: 3 }] });
    assert.deepEqual(operation(`curl -X POST --url http://h/v3/lab_tests/list_order_set_markers --data-raw '{"lab_test_ids":["a"]}'`), {
      name: 'listOrderSetMarkers',
      args: [{ labTestIds: ['a'] }, {}],
    });
  });

  test('a key in a cell is an error, in a header or a curl command', () => {
    for (const source of [
      'GET /v2/user/\nx-service-api-key: abc',
      'GET /v2/user/\nX-Vital-Api-Key: <sk_us_51H8aVgKz3PLr9>',
      'GET /v2/user/\nAuthorization: Bearer abc',
      'GET /v2/user/\nX-Custom: sk_live_51H8aVgKz3PLr9',
      'GET /v2/user/\nX-Token: 8f14e45fceea167a5a36dedd4bea2543',
      `curl https://h/v2/user/ -H 'x-service-api-key: real-key-123'`,
      `curl -u user:secret https://h/v2/user/`,
    ]) {
      const cell = parseRequestCell(source);
      assert.ok(isCellSyntaxError(cell), source);
      assert.equal(cell.kind, 'keyInCell', source);
      assert.match(cell.message, /never put a key in a notebook: the environment's key is sent for you/);
      assert.equal(cell.line, source.startsWith('curl') ? 1 : 2);
    }
    // A shell variable is no key: Copy as cURL writes one, and the header is dropped.
    assert.ok(!isCellSyntaxError(parseRequestCell(`curl https://h/v2/user/ --header "x-service-api-key: $SERVICE_API_KEY"`)));
    assert.ok(!isCellSyntaxError(parseRequestCell('POST /v3/lab_tests/list_order_set_markers\nContent-Type: application/json\n\n{}')));
  });

  test('directives: pages, let, expect; syntax errors carry their 1-based line', () => {
    const cell = parsed('GET /v2/user/\n\npages first\nlet firstUser = $.users[0].user_id\nexpect count users >= 1');
    assert.equal(cell.pages, 'first');
    assert.deepEqual(cell.lets.map((item) => [item.name, item.path.text, item.line]), [['firstUser', '$.users[0].user_id', 4]]);
    assert.equal(cell.assertions[0]?.assertion.kind, 'count');

    const cases: [string, number, RegExp][] = [
      ['', 1, /empty/],
      ['DELETE /v2/user/', 1, /not a method/],
      ['GET /v2/user/\n\npages some', 3, /pages all/],
      ['GET /v2/user/\n\nlet = x', 3, /let NAME = PATH/],
      ['GET /v2/user/\n\nexpect status ok', 3, /expect status 200/],
      ['GET /v2/user/\n\nexpect no deviations of kind oddKind', 3, /unknown deviation kind/],
      ['GET /v2/user/\n\n{"a": 1}', 3, /a GET has no body/],
      ['GET /v2/user/\nnot a header', 2, /header/],
      ['POST /v3/lab_tests/list_order_set_markers\nContent-Type: text/plain\n\n{}', 2, /the API takes JSON bodies/],
      ['GET /v2/user/\n\nexpect status 200\nstray words', 4, /directive/],
    ];
    for (const [source, line, message] of cases) {
      const result = parseRequestCell(source);
      assert.ok(isCellSyntaxError(result), source);
      assert.equal(result.line, line, source);
      assert.match(result.message, message, source);
    }
  });

  test('variables: the notebook’s, then date shortcuts; encoded in the path, escaped in the body', () => {
    assert.deepEqual(operation('GET /v2/user/resolve/{{who}}', { who: 'a/b c' }), { name: 'resolveUser', args: ['a/b c'] });
    assert.deepEqual(operation('GET /v2/timeseries/{{ id }}/blood_pressure/grouped?start_date={{30 days ago}}&end_date={{yesterday}}', { id: 'u' }), {
      name: 'getGroupedBloodPressure',
      args: ['u', { startDate: '2026-10-27', endDate: '2026-11-25' }],
    });
    assert.deepEqual(operation('GET /v2/timeseries/u/blood_pressure/grouped?start_date={{today}}'), {
      name: 'getGroupedBloodPressure',
      args: ['u', { startDate: '2026-11-26' }],
    });
    assert.deepEqual(operation('POST /v3/lab_tests/list_order_set_markers\n\n{"lab_test_ids": ["{{id}}"], "add_on": {"marker_ids": [{{marker}}]}}', { id: 'say "hi"', marker: '7' }), {
      name: 'listOrderSetMarkers',
      args: [{ labTestIds: ['say "hi"'], addOn: { markerIds: [7] } }, {}],
    });
    const unknown = problem('GET /v2/user/resolve/{{clientId}}', { clientUserId: 'x', other: 'y' });
    assert.equal(unknown.kind, 'unknownVariable');
    assert.match(unknown.message, /unknown variable \{\{clientId\}\}: the variables are \{\{clientUserId\}\}, \{\{other\}\}/);
  });

  test('range shortcuts give the panel presets’ windows, in the notebook’s day', () => {
    const window = (range: string): unknown => operation(`GET /v2/timeseries/u/blood_pressure/grouped?range=${range}`).args[1];
    assert.deepEqual(window('last7'), { startDate: '2026-11-20', endDate: '2026-11-26' });
    assert.deepEqual(window('last30'), { startDate: '2026-10-28', endDate: '2026-11-26' });
    assert.deepEqual(window('last90'), { startDate: '2026-08-29', endDate: '2026-11-26' });
    assert.deepEqual(window('lastYear'), { startDate: '2025-11-27', endDate: '2026-11-26' });
    assert.match(problem('GET /v2/timeseries/u/blood_pressure/grouped?range=forever').message, /one of last7, last30, last90, lastYear/);
    assert.match(problem('GET /v2/timeseries/u/blood_pressure/grouped?range=last7&start_date=2026-01-01').message, /not both/);
    assert.match(problem('GET /v2/timeseries/u/blood_pressure/grouped').message, /needs start_date/);
  });

  test('a cell run again is worked out from its filled-in text: another value, another day, another line each give their own answer', () => {
    const cell = parsedRequestCell('GET /v2/timeseries/{{id}}/blood_pressure/grouped?range=last7');
    assert.ok(!isCellSyntaxError(cell));
    const twice = [operationOfCell(cell, scope({ id: 'u-1' })), operationOfCell(cell, scope({ id: 'u-1' }))];
    assert.deepEqual(twice[1], twice[0]);
    assert.deepEqual(operationOfCell(cell, scope({ id: 'u-2' })), { name: 'getGroupedBloodPressure', args: ['u-2', { startDate: '2026-11-20', endDate: '2026-11-26' }] });
    assert.deepEqual(operationOfCell(cell, scope({ id: 'u-1' }, '2027-03-01')), { name: 'getGroupedBloodPressure', args: ['u-1', { startDate: '2027-02-23', endDate: '2027-03-01' }] });
    assert.equal((operationOfCell(cell, scope()) as CellRequestProblem).kind, 'unknownVariable');
    const body = (text: string): unknown => operationOfCell(parsed(`POST /v3/lab_tests/list_order_set_markers\n\n${text}`), scope({ id: 'a' }));
    assert.deepEqual(body('{"lab_test_ids": ["{{id}}"]}'), { name: 'listOrderSetMarkers', args: [{ labTestIds: ['a'] }, {}] });
    assert.deepEqual(body('{"lab_test_ids": ["{{id}}", "b"]}'), { name: 'listOrderSetMarkers', args: [{ labTestIds: ['a', 'b'] }, {}] });
    // The same bad text lower in another cell: the problem names its own line.
    assert.equal((operationOfCell(parsed('GET /v2/user/?limit=ten'), scope()) as CellRequestProblem).line, 1);
    assert.equal((operationOfCell(parsed('# a comment\nGET /v2/user/?limit=ten'), scope()) as CellRequestProblem).line, 2);
  });

  test('unknown operations, wrong methods, unknown parameters and malformed bodies are clear errors', () => {
    const unknown = problem('GET /v2/users/');
    assert.equal(unknown.kind, 'unknownOperation');
    for (const path of ['/v2/user/', '/v2/user/resolve/{client_user_id}', '/v2/timeseries/{user_id}/blood_pressure/grouped', '/v3/lab_tests/{lab_test_id}/markers', '/v3/lab_tests/list_order_set_markers']) {
      assert.ok(unknown.message.includes(path), path);
    }
    assert.match(problem('POST /v2/user/').message, /is a GET request, not POST/);
    assert.match(problem('GET /v2/user/?page=2').message, /unknown query parameter page: GET \/v2\/user\/ reads offset, limit/);
    assert.match(problem('GET /v2/user/?limit=ten').message, /limit is a whole number/);
    const body = problem('POST /v3/lab_tests/list_order_set_markers\n\n{\n  "lab_test_ids": ["a",]\n}');
    assert.equal(body.kind, 'badBody');
    assert.equal(body.line, 4);
    assert.match(body.message, /line 4, column \d+/);
    assert.match(problem('POST /v3/lab_tests/list_order_set_markers').message, /needs a JSON body/);
    assert.match(problem('POST /v3/lab_tests/list_order_set_markers\n\n{"lab_tests": []}').message, /unknown field lab_tests/);
  });
});

const id = fc.string({ minLength: 1, maxLength: 12 });
const day = fc.date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
const count = fc.integer({ min: 0, max: 1000 });
const opt = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> => fc.option(arbitrary, { nil: undefined });
const defined = <T extends object>(value: T): T => Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;

const anyOperation: fc.Arbitrary<RequestOperation> = fc.oneof(
  fc.record({ offset: opt(count), limit: opt(count) }).map((query) => requestOfOperation({ name: 'listUsers', args: [defined(query)] }).operation),
  id.map((clientUserId) => requestOfOperation({ name: 'resolveUser', args: [clientUserId] }).operation),
  fc
    .record({ userId: id, startDate: day, endDate: opt(day), provider: opt(id), nextCursor: opt(id) })
    .map(({ userId, ...query }) => requestOfOperation({ name: 'getGroupedBloodPressure', args: [userId, defined(query)] }).operation),
  fc
    .record({ labTestId: id, labAccountId: opt(id), page: opt(count), size: opt(count) })
    .map(({ labTestId, ...query }) => requestOfOperation({ name: 'listLabTestMarkers', args: [labTestId, defined(query)] }).operation),
  fc
    .record({
      labTestIds: opt(fc.array(id, { maxLength: 3 })),
      addOn: opt(fc.record({ providerIds: opt(fc.array(id, { maxLength: 3 })), markerIds: opt(fc.array(count, { maxLength: 3 })) }).map(defined)),
      labAccountId: opt(id),
      page: opt(count),
      size: opt(count),
    })
    .map(({ page, size, ...body }) => requestOfOperation({ name: 'listOrderSetMarkers', args: [defined(body), defined({ page, size })] }).operation),
);

describe('cell from an operation', () => {
  test('parseRequestCell of requestCellSource gives back the same operation, for all five (property)', () => {
    fc.assert(
      fc.property(anyOperation, fc.constantFrom(undefined, 'all', 'first'), fc.boolean(), (original, pages, assertNoDeviations) => {
        const source = requestCellSource(original, { ...(pages ? { pages } : {}), assertNoDeviations });
        const cell = parsed(source);
        assert.equal(cell.pages, pages ?? 'all');
        assert.equal(cell.assertions.length, assertNoDeviations ? 1 : 0);
        // Even with a {{…}} in an id: what was recorded is sent, not read as a variable.
        assert.deepEqual(operationOfCell(cell, scope()), original);
      }),
      { numRuns: 500 },
    );
  });

  test('the cell reads as the request it is', () => {
    assert.equal(
      requestCellSource({ name: 'getGroupedBloodPressure', args: ['u 1', { startDate: '2026-01-01', endDate: '2026-01-31' }] }, { pages: 'first', assertNoDeviations: true }),
      'GET /v2/timeseries/u%201/blood_pressure/grouped?start_date=2026-01-01&end_date=2026-01-31\n\npages first\nexpect no deviations',
    );
    assert.equal(
      requestCellSource({ name: 'listOrderSetMarkers', args: [{ labTestIds: ['{{x}}'] }, {}] }),
      'POST /v3/lab_tests/list_order_set_markers\n\n{\n  "lab_test_ids": [\n    "{\\u007bx}}"\n  ]\n}',
    );
  });
});

describe('JSON error place', () => {
  const parses = (text: string): boolean => {
    try {
      JSON.parse(text);
      return true;
    } catch {
      return false;
    }
  };

  test('agrees with JSON.parse on what is valid (property)', () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => jsonErrorPlace(JSON.stringify(value, null, 2)) === undefined));
    const nearJson = fc.array(fc.constantFrom('{', '}', '[', ']', '"', ':', ',', ' ', '\n', 'a', '1', '-', '.', 'e', 'true', 'null', '\\', 'u'), { maxLength: 16 }).map((parts) => parts.join(''));
    fc.assert(fc.property(nearJson, (text) => (jsonErrorPlace(text) === undefined) === parses(text)), { numRuns: 2000 });
  });

  test('points at the first character that cannot be there', () => {
    assert.deepEqual(jsonErrorPlace('{\n  "a": ["a",]\n}'), { offset: 14, line: 2, column: 13, reason: 'unexpected "]"' });
    assert.equal(jsonErrorPlace('{"a": 1')?.reason, 'the JSON ends too early');
    assert.equal(jsonErrorPlace('{a: 1}')?.column, 2);
  });
});

describe('parsedRequestCell: once per source text', () => {
  test('the same text gives the very same parse, equal to a fresh one; another text parses anew', () => {
    const source = 'GET /v2/user/?limit=5\n\nlet who = users[0].client_user_id\nexpect count users == 5';
    const first = parsedRequestCell(source);
    assert.equal(parsedRequestCell(source), first);
    assert.deepEqual(first, parseRequestCell(source));
    const other = parsedRequestCell(`${source}\nexpect status 200`);
    assert.notEqual(other, first);
    assert.ok(!isCellSyntaxError(other) && other.assertions.length === 2);
  });

  test('a syntax error is remembered as the same error', () => {
    const broken = 'GET /v2/user/\nexpect nonsense ~~ 3';
    const error = parsedRequestCell(broken);
    assert.ok(isCellSyntaxError(error));
    assert.equal(parsedRequestCell(broken), error);
  });

  test('only the most recent texts are kept: after 300 others, the first text parses anew', () => {
    const source = 'GET /v2/user/?limit=1';
    const first = parsedRequestCell(source);
    for (let n = 0; n < 300; n++) parsedRequestCell(`GET /v2/user/?limit=${n + 2}`);
    const again = parsedRequestCell(source);
    assert.notEqual(again, first);
    assert.deepEqual(again, first);
  });
});
