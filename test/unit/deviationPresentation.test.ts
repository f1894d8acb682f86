import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Deviation } from '../../src/api/contract/deviations';
import { deviationLines, panelDeviationDocument } from '../../src/domain/requests/deviationPresentation';
import { loadTooltipLines, requestDocumentText, rowText, tooltipLines } from '../../src/domain/requests/requestPresentation';
import { parseSavedRecords, RequestRecords, requestRows, type RequestRecordInput } from '../../src/domain/requests/requestRecords';
import { requestRecordInput } from '../../src/domain/requests/requestRecordInput';
import { testDeviationWords, testRequestWords, testRequestWordsWithoutLens } from '../support/requestWords';

const lens = testDeviationWords;
const words = testRequestWords;
const KEY = 'sk_test_deviations_0123456789';

const missingLabId: Deviation = {
  kind: 'missingRequired',
  path: 'markers[0].lab_id',
  pattern: 'markers[*].lab_id',
  count: 40,
  of: 50,
  paths: ['markers[0].lab_id', 'markers[1].lab_id', 'markers[3].lab_id', 'markers[4].lab_id', 'markers[6].lab_id'],
  spec: 'lab_id: integer, lab the marker belongs to',
  section: '2.3',
};
const panelType: Deviation = {
  kind: 'unknownValue',
  path: 'markers[2].type',
  pattern: 'markers[*].type',
  count: 1,
  of: 50,
  paths: ['markers[2].type'],
  value: 'panel',
  spec: 'type: biomarker',
  section: '2.3',
};
const redirect: Deviation = { kind: 'redirectFollowed', path: '', pattern: '', count: 1, of: 1, paths: [''], value: '307 → /v2/user', spec: 'GET /v2/user/', section: '4.2' };

function input(overrides: Partial<RequestRecordInput> = {}): RequestRecordInput {
  return {
    environmentId: 'local',
    environmentLabel: 'Local sandbox',
    baseUrl: 'http://127.0.0.1:8787',
    method: 'GET',
    url: 'http://127.0.0.1:8787/v3/lab_tests/lt-1/markers?page=1&size=50',
    requestHeaders: { 'x-service-api-key': KEY },
    status: 200,
    responseBody: '{"markers":[]}',
    attempts: [{ ms: 12, status: 200 }],
    startedAt: 1_700_000_000_000,
    ...overrides,
  };
}

describe('contract lens in the Requests view', () => {
  test('a row counts its deviations; none, or the lens off, adds nothing', () => {
    const records = new RequestRecords();
    const two = records.add(input({ deviations: [missingLabId, panelType] }), 'x-service-api-key', KEY);
    const one = records.add(input({ deviations: [panelType] }), 'x-service-api-key', KEY);
    const none = records.add(input({ deviations: [] }), 'x-service-api-key', KEY);
    const off = records.add(input(), 'x-service-api-key', KEY);
    assert.equal(rowText({ kind: 'request', record: two }, words).description, '12 ms · 2 deviations in 41 places · Local sandbox');
    assert.equal(rowText({ kind: 'request', record: one }, words).description, '12 ms · 1 deviation · Local sandbox');
    assert.equal(rowText({ kind: 'request', record: none }, words).description, '12 ms · Local sandbox');
    assert.equal(rowText({ kind: 'request', record: off }, words).description, '12 ms · Local sandbox');
    assert.ok(tooltipLines(two, words).includes('Differs from the spec: 2 deviations in 41 places'));
    assert.ok(!tooltipLines(none, words).some((line) => line.includes('Differs')));
    assert.equal(rowText({ kind: 'request', record: two }, testRequestWordsWithoutLens).description, '12 ms · Local sandbox');
  });

  test('a paged load row sums the deviations of its pages, in the description and the tooltip', () => {
    const records = new RequestRecords();
    records.add(input({ loadId: 'l1', deviations: [missingLabId, panelType] }), 'x-service-api-key', KEY);
    records.add(input({ loadId: 'l1', deviations: [] }), 'x-service-api-key', KEY);
    records.add(input({ loadId: 'l1', deviations: [panelType] }), 'x-service-api-key', KEY);
    const [row] = requestRows(records.all());
    assert.ok(row?.kind === 'load');
    assert.equal(rowText(row, words).description, '3 pages · 36 ms · 3 deviations in 42 places · Local sandbox');
    const tooltip = loadTooltipLines(row.pages, words);
    assert.equal(tooltip.filter((line) => line.startsWith('Differs')).length, 1);
    assert.ok(tooltip.includes('Differs from the spec: 3 deviations in 42 places'));
  });

  test('the request document lists each deviation: what, where, how often, the value sent, the spec and its section', () => {
    const records = new RequestRecords();
    const record = records.add(input({ deviations: [missingLabId, panelType, redirect] }), 'x-service-api-key', KEY);
    const text = requestDocumentText(record, words);
    const section = text.slice(text.indexOf('HTTP 200'), text.indexOf('{'));
    assert.equal(
      section,
      [
        'HTTP 200',
        '# Differs from the spec: 3 deviations in 42 places',
        '# 1. <missingRequired>: markers[*].lab_id, in 40 of 50',
        '#     markers[0].lab_id, markers[1].lab_id, markers[3].lab_id, markers[4].lab_id, markers[6].lab_id, …',
        '#     spec 2.3: lab_id: integer, lab the marker belongs to',
        '# 2. <unknownValue>: markers[*].type, in 1 of 50',
        '#     markers[2].type',
        '#     sent: panel',
        '#     spec 2.3: type: biomarker',
        '# 3. <redirectFollowed>: the request itself',
        '#     sent: 307 → /v2/user',
        '#     spec 4.2: GET /v2/user/',
        '',
        '',
      ].join('\n'),
    );
    const clean = records.add(input({ deviations: [] }), 'x-service-api-key', KEY);
    assert.doesNotMatch(requestDocumentText(clean, words), /Differs/);
  });

  test('deviations come from the client log, join a retried call, and lose every echo of the key', () => {
    const records = new RequestRecords();
    const first = records.addAttempt(
      requestRecordInput({ attempt: 1, method: 'GET', url: 'http://127.0.0.1:8787/v2/user', ms: 5, status: 503 }, { id: 'local', label: 'Local', baseUrl: 'http://127.0.0.1:8787' }, 10),
      1,
      'x-service-api-key',
      KEY,
    );
    assert.equal(first.deviations, undefined);
    const echoed: Deviation = { ...panelType, value: `panel-${KEY}`, path: `groups["${KEY}"]`, paths: [`groups["${KEY}"]`] };
    const joined = records.addAttempt(
      requestRecordInput(
        { attempt: 2, method: 'GET', url: 'http://127.0.0.1:8787/v2/user', ms: 5, status: 200, deviations: [echoed] },
        { id: 'local', label: 'Local', baseUrl: 'http://127.0.0.1:8787' },
        20,
      ),
      2,
      'x-service-api-key',
      KEY,
    );
    assert.equal(joined, first);
    assert.equal(joined.deviations?.length, 1);
    assert.doesNotMatch(JSON.stringify(joined.deviations), new RegExp(KEY));
  });

  test('saved deviations survive a reload; malformed ones are dropped, the row is kept', () => {
    const records = new RequestRecords();
    records.add(input({ deviations: [missingLabId] }), 'x-service-api-key', KEY);
    const saved = JSON.parse(JSON.stringify(records.snapshot())) as Record<string, unknown>[];
    const restored = parseSavedRecords(saved);
    assert.deepEqual(restored[0]?.deviations, [missingLabId]);
    const broken = parseSavedRecords([
      { ...saved[0], deviations: [missingLabId, null, { ...missingLabId, kind: 'nonsense' }, { ...missingLabId, count: -1 }, { ...missingLabId, paths: [3] }] },
      { ...saved[0], id: 2, deviations: 'lots' },
    ]);
    assert.equal(broken.length, 2);
    assert.deepEqual(broken[0]?.deviations, [missingLabId]);
    assert.equal(broken[1]?.deviations, undefined);
    assert.equal(rowText({ kind: 'request', record: broken[1]! }, words).description, '12 ms · Local sandbox');
  });

  test("a panel's deviation document lists the responses that differ, each with its request", () => {
    const text = panelDeviationDocument(
      'Spec deviations: Lab test',
      [
        { request: 'GET /v3/lab_tests/lt-1/markers · page 1', deviations: [panelType] },
        { request: 'GET /v3/lab_tests/lt-1/markers · page 2', deviations: [] },
      ],
      lens,
      'Bodies: the Requests view.',
    );
    assert.match(text, /^# Spec deviations: Lab test\n# Bodies: the Requests view.\n\nGET \/v3\/lab_tests\/lt-1\/markers · page 1\n {2}Differs/);
    assert.doesNotMatch(text, /page 2/);
    assert.deepEqual(deviationLines(panelType, lens), ['<unknownValue>: markers[*].type, in 1 of 50', '  markers[2].type', '  sent: panel', '  spec 2.3: type: biomarker']);
  });
});
