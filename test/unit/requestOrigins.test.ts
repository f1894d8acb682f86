// Where a row of the Requests view came from (issue 28): each row names its origin, a scan's and a
// diagnosis's requests are one row per run saying how many failed, and the filter narrows by origin
// and to the responses that deviate from the spec.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Deviation } from '../../src/api/contract/deviations';
import type { RequestOrigin } from '../../src/domain/requests/requestOrigin';
import { loadResponseText, loadTooltipLines, rowText, runOriginOf, tooltipLines, type RequestWords } from '../../src/domain/requests/requestPresentation';
import { isFiltered, parseSavedRecords, requestRows, RequestRecords, type RequestRecordInput, type RequestRow } from '../../src/domain/requests/requestRecords';
import { testRequestWords } from '../support/requestWords';

const words: RequestWords = {
  ...testRequestWords,
  forAgent: (tool) => `for agent (${tool})`,
  origin: (origin) => `via ${origin}`,
  madeBy: 'Made by',
  runLabel: (origin, requests) => `${origin === 'scan' ? 'Coverage scan' : 'Diagnosis'}: ${requests} requests`,
  failed: (count) => `${count} failed`,
};

const DEVIATION: Deviation = { kind: 'missingRequired', path: 'user_id', pattern: 'user_id', count: 1, of: 1, paths: ['user_id'], spec: 'required', section: '2.1' };

function input(overrides: Partial<RequestRecordInput> = {}): RequestRecordInput {
  return {
    environmentId: 'sandboxUs',
    environmentLabel: 'Sandbox US',
    baseUrl: 'https://api.example.com',
    method: 'GET',
    url: 'https://api.example.com/v2/user/resolve/alice',
    requestHeaders: {},
    status: 200,
    responseBody: '{"user_id":"u1"}',
    attempts: [{ ms: 10, status: 200 }],
    startedAt: Date.UTC(2026, 10, 26, 5, 0, 0),
    ...overrides,
  };
}

function store(...inputs: RequestRecordInput[]): RequestRecords {
  const records = new RequestRecords();
  for (const each of inputs) records.add(each, 'x-key', 'secret');
  return records;
}

function loadRow(rows: RequestRow[]): Extract<RequestRow, { kind: 'load' }> {
  const load = rows.find((row) => row.kind === 'load');
  assert.ok(load && load.kind === 'load', 'a load row');
  return load;
}

describe('request origins in the Requests view', () => {
  test('a single request names its origin in its description and tooltip; an agent tool by its name', () => {
    const records = store(input({ origin: 'lookup' }), input({ origin: 'agentTool', agentTool: 'resolve_user' }), input());
    const [plain, agent, lookup] = requestRows(records.all());
    assert.ok(lookup?.kind === 'request' && agent?.kind === 'request' && plain?.kind === 'request');
    assert.match(rowText(lookup, words).description, / · Sandbox US · via lookup$/);
    assert.ok(tooltipLines(lookup.record, words).includes('Made by: via lookup'));
    assert.match(rowText(agent, words).description, /for agent \(resolve_user\)$/);
    assert.doesNotMatch(rowText(agent, words).description, /via agentTool/, 'the tool name says it, once');
    assert.doesNotMatch(rowText(plain, words).description, /via/, 'no origin recorded: none claimed');
  });

  test('a scan run is one row: how many requests, how many failed, where; its children read as themselves', () => {
    const scan: Partial<RequestRecordInput> = { origin: 'scan', loadId: 'run-1' };
    const records = store(
      input({ ...scan, url: 'https://api.example.com/v2/users?limit=50' }),
      input({ ...scan, url: 'https://api.example.com/v2/timeseries/u1/blood_pressure/grouped' }),
      input({ ...scan, url: 'https://api.example.com/v2/timeseries/u2/blood_pressure/grouped', status: 500, attempts: [{ ms: 5, status: 500 }] }),
      input({ ...scan, url: 'https://api.example.com/v2/timeseries/u3/blood_pressure/grouped', status: undefined, failure: 'timeout after 30 s' }),
      input({ origin: 'panel' }),
    );
    const rows = requestRows(records.all());
    assert.equal(rows.length, 2, 'the scan is one row beside the panel request');
    const run = loadRow(rows);
    assert.equal(runOriginOf(run.pages), 'scan');
    const text = rowText(run, words);
    assert.equal(text.label, 'Coverage scan: 4 requests');
    assert.match(text.description, /^2 failed · \d+ ms · Sandbox US$/);
    assert.equal(text.isError, true);
    const tooltip = loadTooltipLines(run.pages, words);
    assert.equal(tooltip[0], 'Coverage scan: 4 requests');
    assert.ok(tooltip.includes('2 failed'));
  });

  test('a scan run counts every request it sent, one number for the row, its tooltip and the panel (the store\'s), also past dropped rows and under a filter', () => {
    const records = new RequestRecords({ maxRecords: 4 });
    const scan: Partial<RequestRecordInput> = { origin: 'scan', loadId: 'run-2' };
    records.add(input({ ...scan, url: 'https://api.example.com/v2/users?limit=50' }), 'x-vital-api-key', '');
    for (let user = 1; user <= 6; user++) {
      const failed = user >= 5 ? { status: 500, attempts: [{ ms: 5, status: 500 }] } : {};
      records.add(input({ ...scan, url: `https://api.example.com/v2/timeseries/u${user}/blood_pressure/grouped`, ...failed }), 'x-vital-api-key', '');
    }
    // Seven sent (the listing, six reads): the store keeps the last four rows, and counts seven.
    assert.equal(records.all().length, 4);
    assert.equal(records.requestsOfLoad('run-2'), 7, 'what the panel says');
    const run = loadRow(requestRows(records.all()));
    assert.equal(rowText(run, words).label, 'Coverage scan: 7 requests');
    assert.equal(loadTooltipLines(run.pages, words, run.requests)[0], 'Coverage scan: 7 requests');
    // Errors only: its two failed requests shown, and the run still says what it sent.
    const errorsOnly = loadRow(requestRows(records.all(), { errorsOnly: true }));
    assert.equal(errorsOnly.pages.length, 2);
    assert.equal(rowText(errorsOnly, words).label, 'Coverage scan: 7 requests');
    assert.match(rowText(errorsOnly, words).description, /^2 failed · /);
    // A saved row from a version without the number: its rows are its count.
    const [restored] = requestRows(parseSavedRecords(records.snapshot().map(({ loadRequest: _, ...rest }) => rest)));
    assert.ok(restored?.kind === 'load');
    assert.equal(rowText(restored, words).label, 'Coverage scan: 4 requests');
    assert.equal(records.requestsOfLoad('another'), 0);
  });

  test('a diagnosis without failures says nothing about failures; a plain paged load keeps its pages wording', () => {
    const records = store(
      input({ origin: 'diagnosis', loadId: 'd' }),
      input({ origin: 'diagnosis', loadId: 'd', url: 'https://api.example.com/v2/timeseries/u1/blood_pressure/grouped' }),
      input({ origin: 'panel', loadId: 'p', url: 'https://api.example.com/v2/timeseries/u1/blood_pressure/grouped?cursor=1' }),
      input({ origin: 'panel', loadId: 'p', url: 'https://api.example.com/v2/timeseries/u1/blood_pressure/grouped?cursor=2' }),
    );
    const [paged, diagnosis] = requestRows(records.all());
    assert.ok(diagnosis?.kind === 'load' && paged?.kind === 'load');
    assert.equal(rowText(diagnosis, words).label, 'Diagnosis: 2 requests');
    assert.doesNotMatch(rowText(diagnosis, words).description, /failed/);
    assert.equal(runOriginOf(paged.pages), undefined);
    assert.match(rowText(paged, words).description, /^2 pages · .* · Sandbox US · via panel$/);
  });

  test('the filter narrows by origin and to deviating responses, alone or with the others', () => {
    const records = store(
      input({ origin: 'compare', deviations: [DEVIATION] }),
      input({ origin: 'compare', deviations: [] }),
      input({ origin: 'replay', status: 404, attempts: [{ ms: 3, status: 404 }], deviations: [DEVIATION] }),
      input({ origin: 'keyCheck', environmentId: 'custom', environmentLabel: 'Custom' }),
    );
    const origins = (filterRows: RequestRow[]): (RequestOrigin | undefined)[] =>
      filterRows.map((row) => (row.kind === 'request' ? row.record.origin : undefined));
    assert.deepEqual(origins(requestRows(records.all(), { origin: 'compare' })), ['compare', 'compare']);
    assert.deepEqual(origins(requestRows(records.all(), { deviationsOnly: true })), ['replay', 'compare']);
    assert.deepEqual(origins(requestRows(records.all(), { deviationsOnly: true, errorsOnly: true })), ['replay']);
    assert.deepEqual(origins(requestRows(records.all(), { origin: 'keyCheck', environmentId: 'sandboxUs' })), []);
    assert.deepEqual(origins(requestRows(records.all(), { origin: 'keyCheck', environmentId: 'custom' })), ['keyCheck']);
    assert.equal(isFiltered({}), false);
    assert.equal(isFiltered({ deviationsOnly: true }), true);
    assert.equal(isFiltered({ origin: 'scan' }), true);
  });

  test('a saved origin survives a reload; an unknown one is dropped, the row kept', () => {
    const records = store(input({ origin: 'scan', loadId: 'r' }), input({ origin: 'scan', loadId: 'r' }));
    const saved = JSON.parse(JSON.stringify(records.snapshot())) as Record<string, unknown>[];
    saved[1]!.origin = 'somethingElse';
    const restored = parseSavedRecords(saved);
    assert.equal(restored.length, 2);
    assert.equal(restored[0]!.origin, 'scan');
    assert.equal(restored[1]!.origin, undefined);
  });

  test("a load's Compare side lists each request's response under its method and path, in order", () => {
    const records = store(
      input({ loadId: 'l', url: 'https://api.example.com/v2/users?offset=0', responseBody: '{"a":1}' }),
      input({ loadId: 'l', url: 'https://api.example.com/v2/users?offset=50', status: 500, responseBody: '{"error":"x"}' }),
    );
    const text = loadResponseText(records.all(), words);
    assert.equal(text, '# 200 GET /v2/users?offset=0\n{\n  "a": 1\n}\n\n# 500 GET /v2/users?offset=50\n{\n  "error": "x"\n}\n');
  });
});
