// Compare with… on a load row offers only loads that make the same kind of requests (issue 34 §3):
// two blood-pressure loads match; a diagnosis (resolve, then pages) does not match either. The
// requests are real ones against the sandbox, recorded as the Requests view records them.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { HealthApiClient, type RequestLogEntry } from '../../src/api/client';
import { iterateBloodPressurePages } from '../../src/api/paging';
import { diagnoseUser } from '../../src/domain/coverage/diagnoseUser';
import { requestRecordInput } from '../../src/domain/requests/requestRecordInput';
import { loadKind, requestRows, RequestRecords, type RequestRow } from '../../src/domain/requests/requestRecords';
import type { SandboxHandle } from '../../src/sandbox/server';
import { start, TODAY } from './sandboxTestKit';

describe('which loads a load compares with (real sandbox)', () => {
  let sandbox: SandboxHandle;
  let client: HealthApiClient;
  const entries: RequestLogEntry[] = [];
  const records = new RequestRecords();
  const environment = { id: 'sandboxUs', label: 'Sandbox US', baseUrl: '' };

  before(async () => {
    sandbox = await start({ users: 6, seed: 5, heavyUserReadings: 3000 });
    environment.baseUrl = sandbox.url;
    client = new HealthApiClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, onRequest: (entry) => entries.push(entry) });
  });
  after(async () => {
    await client.close();
    await sandbox.close();
  });

  async function recordAs(loadId: string, work: () => Promise<unknown>): Promise<void> {
    entries.length = 0;
    await work();
    for (const entry of entries) records.addAttempt(requestRecordInput(entry, environment, Date.parse(`${TODAY}T12:00:00Z`), loadId), entry.attempt, 'x-service-api-key', sandbox.apiKey);
  }

  test('two blood-pressure loads are of one kind; a diagnosis is of another', async () => {
    const { users } = await client.listUsers({ limit: 6 });
    const [heavy] = users;
    assert.ok(heavy);
    const year = { startDate: '2025-11-23', endDate: TODAY };
    await recordAs('bp-1', async () => {
      for await (const _page of iterateBloodPressurePages(client, heavy.user_id, year, {})) void _page;
    });
    await recordAs('bp-2', async () => {
      for await (const _page of iterateBloodPressurePages(client, heavy.user_id, year, {})) void _page;
    });
    await recordAs('diagnosis', () => diagnoseUser(client, heavy.client_user_id, { days: 30, nowMs: Date.parse(`${TODAY}T12:00:00Z`) }));
    const loads = requestRows(records.all()).filter((row): row is Extract<RequestRow, { kind: 'load' }> => row.kind === 'load');
    const byId = new Map(loads.map((load) => [load.loadId, load.pages]));
    const [first, second, diagnosis] = ['bp-1', 'bp-2', 'diagnosis'].map((id) => byId.get(id) ?? assert.fail(`the ${id} row has several pages`));
    assert.equal(loadKind(first!), 'getGroupedBloodPressure');
    assert.equal(loadKind(first!), loadKind(second!), 'two blood-pressure loads compare');
    assert.notEqual(loadKind(diagnosis!), loadKind(first!), 'a diagnosis is not offered for a blood-pressure load');
    assert.match(loadKind(diagnosis!), /resolveUser/);
  });
});
