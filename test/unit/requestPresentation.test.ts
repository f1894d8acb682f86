import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  compactPath,
  compareSideLabel,
  pickItemText,
  requestCurl,
  requestDocumentName,
  requestDocumentText,
  responseBodyText,
  rowText,
  tooltipLines,
} from '../../src/domain/requests/requestPresentation';
import { RequestRecords, type RequestRecordInput } from '../../src/domain/requests/requestRecords';
import { testRequestWordsWithoutLens } from '../support/requestWords';

const words = testRequestWordsWithoutLens;
const KEY = 'sk_live_presentation_0123456789';
const USER = 'd30465a1-2326-4679-9a13-a196e5281c0a';

function record(overrides: Partial<RequestRecordInput> = {}) {
  const records = new RequestRecords();
  return records.add(
    {
      environmentId: 'productionUs',
      environmentLabel: 'Production US',
      baseUrl: 'https://api.example.com/base',
      method: 'GET',
      url: `https://api.example.com/base/v2/timeseries/${USER}/blood_pressure/grouped?start_date=2026-10-01&provider=withings`,
      requestHeaders: { 'x-service-api-key': KEY, accept: 'application/json' },
      status: 200,
      responseHeaders: { 'x-request-id': 'req-42' },
      responseBody: '{"groups":{"withings":[]},"next_cursor":null}',
      requestId: 'req-42',
      attempts: [
        { ms: 20, status: 503, waitMs: 500 },
        { ms: 12, status: 200 },
      ],
      startedAt: Date.UTC(2026, 10, 23, 1, 2, 3),
      ...overrides,
    },
    'x-service-api-key',
    KEY,
  );
}

describe('request presentation', () => {
  test('ids are cut to 8 characters; snake_case segments stay whole', () => {
    assert.equal(compactPath(`/v2/timeseries/${USER}/blood_pressure/grouped`), '/v2/timeseries/d30465a1…/blood_pressure/grouped');
    assert.equal(compactPath('/v3/lab_tests/list_order_set_markers'), '/v3/lab_tests/list_order_set_markers');
  });

  test('a row leads with the outcome, then method and path under the base URL; the description has time, attempts, environment', () => {
    const text = rowText({ kind: 'request', record: record() }, words);
    assert.equal(text.label, '200 GET /v2/timeseries/d30465a1…/blood_pressure/grouped');
    assert.equal(text.description, '532 ms · 2 attempts · Production US');
    assert.equal(text.isError, false);
    const refused = rowText({ kind: 'request', record: record({ status: undefined, failure: 'connection refused', attempts: [{ ms: 3 }] }) }, words);
    assert.equal(refused.label, 'connection refused GET /v2/timeseries/d30465a1…/blood_pressure/grouped');
    assert.equal(refused.isError, true);
  });

  test('a load row counts its pages and shows a failed page\'s outcome', () => {
    const pages = [record(), record({ status: 500, attempts: [{ ms: 5, status: 500 }] })];
    const text = rowText({ kind: 'load', loadId: 'l', pages }, words);
    assert.equal(text.label, '500 GET /v2/timeseries/d30465a1…/blood_pressure/grouped');
    assert.match(text.description, /^2 pages · .* · Production US$/);
    assert.equal(text.isError, true);
  });

  test('a load cut by Cancel counts the pages that came back, and the request cut apart (the panel shows as many pages)', () => {
    const cut = record({ status: undefined, failure: 'cancelled', attempts: [{ ms: 4 }] });
    const text = rowText({ kind: 'load', loadId: 'l', pages: [record(), record(), cut] }, words);
    assert.equal(text.label, 'cancelled GET /v2/timeseries/d30465a1…/blood_pressure/grouped');
    assert.match(text.description, /^2 pages · 1 cancelled · .* · Production US$/);
    assert.equal(text.isError, false, 'a Cancel is the user\'s own doing');
    const { cancelled: _, ...olderWords } = words;
    assert.match(rowText({ kind: 'load', loadId: 'l', pages: [record(), cut] }, olderWords).description, /^2 pages · /, 'callers without the word are unchanged');
  });

  test('the tooltip has the full URL, environment and base URL, request id, time and each attempt with its wait', () => {
    const lines = tooltipLines(record(), words);
    assert.equal(lines[0], `GET https://api.example.com/base/v2/timeseries/${USER}/blood_pressure/grouped?start_date=2026-10-01&provider=withings`);
    assert.ok(lines.includes('Environment: Production US (https://api.example.com/base)'));
    assert.ok(lines.includes('Request id: req-42'));
    assert.ok(lines.includes('Sent: 2026-11-23T01:02:03.000Z'));
    assert.ok(lines.includes('503 after 20 ms, waited 500 ms'));
    assert.ok(lines.includes('200 after 12 ms'));
  });

  test('the document: request line, environment, redacted key header, status line, headers, pretty body; no key', () => {
    const text = requestDocumentText(record(), words);
    assert.ok(text.startsWith(`GET https://api.example.com/base/v2/timeseries/${USER}/`));
    assert.match(text, /^# Environment: Production US$/m);
    assert.match(text, /^# Base URL: https:\/\/api\.example\.com\/base$/m);
    assert.match(text, /^x-service-api-key: <redacted>$/m);
    assert.match(text, /^HTTP 200 · Request id req-42$/m);
    assert.match(text, /^ {2}"groups": \{$/m, 'the body is pretty-printed');
    assert.ok(!text.includes(KEY));
    const failed = requestDocumentText(record({ status: undefined, failure: 'timeout after 30 s', responseBody: undefined }), words);
    assert.match(failed, /^No response: timeout after 30 s$/m);
  });

  test('a POST document shows its body; a dropped body says so', () => {
    const post = record({ method: 'POST', url: 'https://api.example.com/base/v3/lab_tests/list_order_set_markers', requestBody: '{"lab_test_ids":["a"]}' });
    assert.match(requestDocumentText(post, words), /"lab_test_ids": \[/);
    assert.equal(responseBodyText({ ...post, responseBody: undefined, bodyDropped: true }, words), '(Body not kept)\n');
    assert.equal(responseBodyText({ ...post, responseBody: '' }, words), '(Empty body)\n');
    assert.equal(responseBodyText({ ...post, responseBody: 'not json' }, words), 'not json\n');
  });

  test('the document name keeps the query, the environment and the time sent, and no row number', () => {
    const name = requestDocumentName(record(), 'http', words);
    const time = words.sentTime(record().startedAt).replace(/:/g, '.');
    assert.match(name, /^GET v2 timeseries .* start_date=2026-10-01&provider=withings \(Production US, [\d.]+\)\.http$/);
    assert.ok(name.includes(time), `${name} names the time ${time}`);
    assert.match(requestDocumentName(record(), 'json', words), /\.json$/);
  });

  test('a picker item: status, method, path and query in full; time, environment and duration; no row number', () => {
    const item = pickItemText(record(), words);
    assert.equal(item.label, `200 GET /v2/timeseries/${USER}/blood_pressure/grouped?start_date=2026-10-01&provider=withings`);
    assert.equal(item.description, `${words.sentTime(record().startedAt)} · Production US · 532 ms`, "the attempts and the wait between them");
    assert.doesNotMatch(`${item.label} ${item.description}`, /#\d/);
    const other = pickItemText(record({ url: `https://api.example.com/base/v2/timeseries/${USER}/blood_pressure/grouped?start_date=2026-09-01` }), words);
    assert.notEqual(other.label, item.label, 'two blood-pressure requests of one user differ by their query');
    assert.match(compareSideLabel(record(), words), /^GET \/v2\/timeseries\/d30465a1…\/blood_pressure\/grouped \(Production US, \d\d:\d\d:\d\d\)$/);
  });

  test('cURL of a POST whose body was dropped: rebuilt from its operation; without one, none', () => {
    const url = 'https://api.example.com/base/v3/lab_tests/list_order_set_markers?page=1';
    const operation = { name: 'listOrderSetMarkers' as const, args: [{ labTestIds: ['lab-1'] }, { page: 1 }] as [{ labTestIds: string[] }, { page: number }] };
    const dropped = { ...record({ method: 'POST', url, operation }), requestBody: undefined, bodyDropped: true };
    const curl = requestCurl(dropped, 'x-service-api-key') ?? assert.fail('a curl line');
    assert.match(curl, /--data '\{"lab_test_ids":\["lab-1"\]\}'/);
    assert.ok(curl.includes(`'${url}'`), 'to the URL it was sent to');
    assert.equal(requestCurl({ ...dropped, operation: undefined }, 'x-service-api-key'), undefined);
  });

  test('cURL of a recorded request: the key from the environment variable, under the header that carried it', () => {
    const curl = requestCurl(record(), 'x-my-key') ?? assert.fail('a curl line');
    assert.match(curl, /--header "x-my-key: \$SERVICE_API_KEY"/);
    assert.match(curl, /provider=withings/);
    assert.ok(!curl.includes(KEY));
  });
});
