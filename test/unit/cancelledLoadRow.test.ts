// A cancelled load says so in its Requests row however the cancel fell (issue 34 §3): with a page
// cut in flight, and with Cancel pressed between pages while none was in flight (every page came
// back 200). Its tooltip says how many pages it loaded and that Cancel ended it, not only the first
// request's "200 after 8 ms". Real pages from the sandbox, recorded as the Requests view records them.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { HealthApiClient, type RequestLogEntry } from '../../src/api/client';
import { iterateBloodPressurePages } from '../../src/api/paging';
import { loadTooltipLines, rowText } from '../../src/domain/requests/requestPresentation';
import { requestRecordInput } from '../../src/domain/requests/requestRecordInput';
import { parseSavedRecords, requestRows, RequestRecords, type RequestRow } from '../../src/domain/requests/requestRecords';
import type { SandboxHandle } from '../../src/sandbox/server';
import { testRequestWords } from '../support/requestWords';
import { start, TODAY } from './sandboxTestKit';

describe('a cancelled load in the Requests view (real sandbox)', () => {
  let sandbox: SandboxHandle;
  let client: HealthApiClient;
  const entries: RequestLogEntry[] = [];
  const environment = { id: 'sandboxUs', label: 'Sandbox US', baseUrl: '' };
  const year = { startDate: '2025-11-23', endDate: TODAY };

  before(async () => {
    sandbox = await start({ users: 3, seed: 9, heavyUserReadings: 3000, bloodPressurePageSize: 200 });
    environment.baseUrl = sandbox.url;
    client = new HealthApiClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, onRequest: (entry) => entries.push(entry) });
  });
  after(async () => {
    await client.close();
    await sandbox.close();
  });

  /** The heavy reader's year, stopped by Cancel after `pages` pages came back (between two pages). */
  async function loadCancelledBetweenPages(records: RequestRecords, loadId: string, pages: number): Promise<Extract<RequestRow, { kind: 'load' }>> {
    const { users } = await client.listUsers({ limit: 1 });
    const heavy = users[0] ?? assert.fail('the heavy reader');
    entries.length = 0;
    const controller = new AbortController();
    let seen = 0;
    for await (const _page of iterateBloodPressurePages(client, heavy.user_id, year, { signal: controller.signal })) {
      if (++seen === pages) {
        controller.abort();
        break;
      }
    }
    for (const entry of entries) records.addAttempt(requestRecordInput(entry, environment, Date.parse(`${TODAY}T12:00:00Z`), loadId), entry.attempt, 'x-service-api-key', sandbox.apiKey);
    assert.ok(entries.every((entry) => entry.status === 200), 'no request was in flight to cut: every page came back 200');
    if (controller.signal.aborted) records.markLoadCancelled(loadId);
    const row = requestRows(records.all()).find((candidate) => candidate.kind === 'load' && candidate.loadId === loadId);
    assert.ok(row?.kind === 'load', 'the load is one row');
    return row;
  }

  test('Cancel between pages: the row leads with "cancelled", counts the pages that came back, and the tooltip says Cancel ended it', async () => {
    const records = new RequestRecords();
    const row = await loadCancelledBetweenPages(records, 'cut', 3);
    assert.equal(row.pages.length, 3);
    const text = rowText(row, testRequestWords);
    assert.match(text.label, /^cancelled GET \/v2\/timeseries\//, text.label);
    assert.match(text.description, /^3 pages · /, 'the pages that came back, as the panel counts them');
    assert.equal(text.isError, false, 'a cancel is the user\'s own doing');
    const tooltip = loadTooltipLines(row.pages, testRequestWords);
    assert.ok(tooltip.some((line) => /^3 pages in /.test(line)), tooltip.join('\n'));
    assert.ok(tooltip.includes('Cancelled after 3 pages'), tooltip.join('\n'));
  });

  test('a load that ran to its end reads as its last answer, and says how many pages it read', async () => {
    const records = new RequestRecords();
    const { users } = await client.listUsers({ limit: 1 });
    entries.length = 0;
    for await (const _page of iterateBloodPressurePages(client, users[0]!.user_id, year, {})) void _page;
    for (const entry of entries) records.addAttempt(requestRecordInput(entry, environment, Date.parse(`${TODAY}T12:00:00Z`), 'whole'), entry.attempt, 'x-service-api-key', sandbox.apiKey);
    const row = requestRows(records.all()).find((candidate) => candidate.kind === 'load');
    assert.ok(row?.kind === 'load' && row.pages.length > 3, 'several pages');
    assert.match(rowText(row, testRequestWords).label, /^200 GET /);
    const tooltip = loadTooltipLines(row.pages, testRequestWords);
    assert.ok(tooltip.some((line) => line.startsWith(`${row.pages.length} pages in `)), tooltip.join('\n'));
    assert.ok(!tooltip.some((line) => line.startsWith('Cancelled')), 'not cancelled');
  });

  test('the mark survives a window reload (saved with the rows\' metadata)', async () => {
    const records = new RequestRecords();
    await loadCancelledBetweenPages(records, 'saved', 2);
    const restored = new RequestRecords();
    restored.restore(parseSavedRecords(JSON.parse(JSON.stringify(records.snapshot()))));
    const row = requestRows(restored.all()).find((candidate) => candidate.kind === 'load');
    assert.ok(row?.kind === 'load');
    assert.match(rowText(row, testRequestWords).label, /^cancelled /);
  });
});
