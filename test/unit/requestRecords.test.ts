import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  REDACTED_HEADER,
  parseSavedRecords,
  RequestRecords,
  requestRows,
  type RequestRecordInput,
  type RequestRow,
} from '../../src/domain/requests/requestRecords';
import { requestRecordInput } from '../../src/domain/requests/requestRecordInput';

function nth<T>(items: readonly T[], index: number): T {
  const item = items[index];
  assert.ok(item !== undefined, `no item ${index}`);
  return item;
}

function rowLabel(row: RequestRow): string | number | undefined {
  return row.kind === 'request' ? (row.record.status ?? row.record.failure) : `load of ${row.pages.length}`;
}

const KEY = 'sk_test_0123456789abcdef';
const HEADER = 'x-service-api-key';

function input(overrides: Partial<RequestRecordInput> = {}): RequestRecordInput {
  return {
    environmentId: 'sandbox',
    environmentLabel: 'Local sandbox',
    baseUrl: 'http://127.0.0.1:8787',
    method: 'GET',
    url: 'http://127.0.0.1:8787/v2/user/',
    requestHeaders: { [HEADER]: KEY, accept: 'application/json' },
    status: 200,
    responseHeaders: { 'x-request-id': 'req-1' },
    responseBody: '{"users":[]}',
    attempts: [{ ms: 12, status: 200 }],
    startedAt: 1_700_000_000_000,
    ...overrides,
  };
}

describe('request records', () => {
  test('the key header reads <redacted>, whatever its name and case', () => {
    const records = new RequestRecords();
    const custom = records.add(input({ requestHeaders: { 'X-My-Key': KEY, accept: 'application/json' } }), 'x-my-key', KEY);
    assert.equal(custom.requestHeaders['X-My-Key'], REDACTED_HEADER);
    assert.equal(custom.requestHeaders.accept, 'application/json');
    const standard = records.add(input(), HEADER, KEY);
    assert.equal(standard.requestHeaders[HEADER], REDACTED_HEADER);
  });

  test('bodies, URLs, response headers and request ids that echo the key are redacted', () => {
    const records = new RequestRecords();
    const record = records.add(
      input({
        url: `http://127.0.0.1:8787/v2/user/?q=${KEY}`,
        requestBody: `{"echo":"${KEY}"}`,
        responseBody: `{"detail":"bad key ${KEY}"}`,
        responseHeaders: { location: `/x?k=${KEY}` },
        requestId: `id-${KEY}`,
      }),
      HEADER,
      KEY,
    );
    assert.ok(!JSON.stringify(record).includes(KEY));
    assert.ok(!JSON.stringify(records.snapshot()).includes(KEY));
    assert.match(record.responseBody ?? '', /bad key \[redacted\]/);
  });

  test('the pages of one paged load are one row, newest load first, pages in order', () => {
    const records = new RequestRecords();
    records.add(input({ url: 'http://h/a' }), HEADER, KEY);
    for (let page = 1; page <= 50; page++) records.add(input({ url: `http://h/bp?cursor=${page}`, loadId: 'load-1' }), HEADER, KEY);
    records.add(input({ url: 'http://h/b' }), HEADER, KEY);
    records.add(input({ url: 'http://h/single', loadId: 'load-2' }), HEADER, KEY);
    const [single, ...rest] = requestRows(records.all());
    assert.equal(single?.kind, 'request', 'a load of one request reads as that request');
    const rows = rest;
    assert.equal(rows.length, 3);
    const first = nth(rows, 0);
    assert.equal(first.kind === 'request' && first.record.url, 'http://h/b');
    const load = nth(rows, 1);
    assert.ok(load.kind === 'load');
    assert.equal(load.pages.length, 50);
    assert.equal(nth(load.pages, 0).url, 'http://h/bp?cursor=1');
    assert.equal(nth(load.pages, 49).url, 'http://h/bp?cursor=50');
    const last = nth(rows, 2);
    assert.equal(last.kind === 'request' && last.record.url, 'http://h/a');
  });

  test('filters: errors only (a cancel is not an error) and one environment', () => {
    const records = new RequestRecords();
    records.add(input({ status: 200 }), HEADER, KEY);
    records.add(input({ status: 404 }), HEADER, KEY);
    records.add(input({ status: undefined, failure: 'connection refused', environmentId: 'prod' }), HEADER, KEY);
    records.add(input({ status: undefined, failure: 'cancelled' }), HEADER, KEY);
    const errors = requestRows(records.all(), { errorsOnly: true });
    assert.deepEqual(
      errors.map(rowLabel),
      ['connection refused', 404],
    );
    assert.equal(requestRows(records.all(), { environmentId: 'prod' }).length, 1);
    assert.equal(requestRows(records.all(), { environmentId: 'prod', errorsOnly: true }).length, 1);
    assert.equal(requestRows(records.all()).length, 4);
  });

  test('past the request cap the oldest bodies are dropped first and marked', () => {
    const records = new RequestRecords({ maxBodies: 3 });
    for (let n = 1; n <= 5; n++) records.add(input({ responseBody: `{"n":${n}}` }), HEADER, KEY);
    const all = records.all();
    assert.equal(all.length, 5, 'rows stay');
    assert.deepEqual(all.map((record) => record.bodyDropped), [true, true, false, false, false]);
    assert.equal(nth(all, 0).responseBody, undefined);
    assert.equal(nth(all, 4).responseBody, '{"n":5}');
  });

  test('past the byte cap the oldest bodies are dropped until the rest fit', () => {
    const body = 'x'.repeat(400);
    const records = new RequestRecords({ maxBodyBytes: 1000 });
    for (let n = 0; n < 4; n++) records.add(input({ responseBody: body }), HEADER, KEY);
    assert.deepEqual(records.all().map((record) => record.bodyDropped), [true, true, false, false]);
    assert.equal(records.bodyBytes, 800);
    records.add(input({ responseBody: 'y'.repeat(5000) }), HEADER, KEY);
    assert.ok(records.all().every((record) => record.bodyDropped), 'a body larger than the cap is not kept either');
    assert.equal(records.bodyBytes, 0);
  });

  test('the row cap drops the oldest rows', () => {
    const records = new RequestRecords({ maxRecords: 3 });
    for (let n = 1; n <= 5; n++) records.add(input({ url: `http://h/${n}` }), HEADER, KEY);
    assert.deepEqual(records.all().map((record) => record.url), ['http://h/3', 'http://h/4', 'http://h/5']);
  });

  test('the snapshot keeps metadata without bodies; restore marks them dropped and ids continue', () => {
    const records = new RequestRecords();
    records.add(input({ requestBody: '{"a":1}', loadId: 'l' }), HEADER, KEY);
    const saved = JSON.parse(JSON.stringify(records.snapshot()));
    assert.equal(saved[0].responseBody, undefined);
    assert.equal(saved[0].requestBody, undefined);
    assert.equal(saved[0].requestHeaders[HEADER], REDACTED_HEADER);

    const reloaded = new RequestRecords();
    reloaded.restore(saved);
    assert.equal(nth(reloaded.all(), 0).bodyDropped, true);
    assert.equal(nth(reloaded.all(), 0).loadId, 'l');
    const next = reloaded.add(input(), HEADER, KEY);
    assert.ok(next.id > saved[0].id);
    assert.equal(nth(records.all(), 0).responseBody, '{"users":[]}', 'the live store keeps its bodies');
  });

  test('a retry joins its call: one row, every attempt, the wait between them, the final outcome', () => {
    const records = new RequestRecords();
    const environment = { id: 'local', label: 'Local sandbox', baseUrl: 'http://127.0.0.1:8787' };
    const url = 'http://127.0.0.1:8787/v2/user/?offset=0';
    const sent = { method: 'GET', url, requestHeaders: { [HEADER]: REDACTED_HEADER }, keyHeader: HEADER };
    records.addAttempt(
      requestRecordInput({ ...sent, status: 503, ms: 20, attempt: 1, responseBody: '{"detail":"busy"}' }, environment, 1_000),
      1,
      HEADER,
      KEY,
    );
    records.addAttempt(requestRecordInput({ ...sent, ms: 30_000, attempt: 2, error: 'timeout', failure: 'timeout after 30 s' }, environment, 31_500), 2, HEADER, KEY);
    const last = records.addAttempt(
      requestRecordInput({ ...sent, status: 200, ms: 10, attempt: 3, responseBody: '{"users":[]}', requestId: 'r-3' }, environment, 32_510),
      3,
      HEADER,
      KEY,
    );
    assert.equal(records.all().length, 1);
    assert.equal(last.status, 200);
    assert.equal(last.failure, undefined, 'the final outcome replaces an earlier failure');
    assert.equal(last.responseBody, '{"users":[]}');
    assert.equal(last.requestId, 'r-3');
    assert.deepEqual(
      last.attempts.map((attempt) => [attempt.status ?? attempt.failure, attempt.waitMs]),
      [[503, 500], ['timeout after 30 s', 1000], [200, undefined]],
    );
    assert.equal(records.bodyBytes, Buffer.byteLength('{"users":[]}'), 'the replaced body no longer counts');
  });

  test('a retry without its first attempt (or of another environment) starts its own row', () => {
    const records = new RequestRecords();
    records.addAttempt(input({ environmentId: 'a' }), 1, HEADER, KEY);
    records.addAttempt(input({ environmentId: 'b' }), 2, HEADER, KEY);
    records.addAttempt(input({ environmentId: 'a', url: 'http://127.0.0.1:8787/other' }), 2, HEADER, KEY);
    assert.equal(records.all().length, 3);
    records.addAttempt(input({ environmentId: 'a', status: 500 }), 2, HEADER, KEY);
    assert.equal(records.all().length, 3, 'the matching call took it');
    assert.equal(nth(records.all(), 0).attempts.length, 2);
  });

  test('an attempt the client reports carries where it went, its failure cause and its load', () => {
    const entry = requestRecordInput(
      { method: 'GET', url: 'http://h/x', ms: 5, attempt: 1, error: 'network', failure: 'connection refused' },
      { id: 'custom', label: 'Custom', baseUrl: 'http://h' },
      10_005,
      'load-7',
    );
    assert.equal(entry.failure, 'connection refused');
    assert.equal(entry.status, undefined);
    assert.equal(entry.environmentLabel, 'Custom');
    assert.equal(entry.startedAt, 10_000);
    assert.equal(entry.loadId, 'load-7');
  });

  test('saved rows from a tampered state are left out, well-formed ones kept', () => {
    const records = new RequestRecords();
    records.add(input(), HEADER, KEY);
    const good = JSON.parse(JSON.stringify(records.snapshot()));
    const parsed = parseSavedRecords([...good, null, 7, { ...good[0], id: 'x' }, { ...good[0], requestHeaders: { a: 1 } }, { ...good[0], attempts: 'no' }]);
    assert.equal(parsed.length, 1);
    assert.deepEqual(parseSavedRecords('nonsense'), []);
    assert.deepEqual(parseSavedRecords(undefined), []);
  });

  test('a row keeps its origin across a reload; an unknown origin is dropped, the row kept', () => {
    const records = new RequestRecords();
    records.add({ ...input(), origin: 'notebook' }, HEADER, KEY);
    const saved = JSON.parse(JSON.stringify(records.snapshot()));
    assert.equal(parseSavedRecords(saved)[0]?.origin, 'notebook');
    const tampered = parseSavedRecords([{ ...saved[0], origin: 'somewhere' }]);
    assert.equal(tampered.length, 1);
    assert.equal(tampered[0]?.origin, undefined);
  });
});
