import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { HealthApiClient, type RequestLogEntry } from '../../src/api/client';
import { replayOf, specOfRecordedRequest } from '../../src/api/replay';
import { start } from './sandboxTestKit';
import type { SandboxHandle } from '../../src/sandbox/server';

describe('replay of a recorded request (real sandbox)', () => {
  let sandbox: SandboxHandle;
  let client: HealthApiClient;
  const entries: RequestLogEntry[] = [];

  before(async () => {
    sandbox = await start({ users: 40, seed: 3 });
    client = new HealthApiClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, onRequest: (entry) => entries.push(entry) });
  });
  after(async () => {
    await client.close();
    await sandbox.close();
  });

  /** Makes the call, then replays what was recorded of it: same URL, same body, same answer. */
  async function assertReplays(original: () => Promise<unknown>): Promise<void> {
    entries.length = 0;
    const first = await original();
    const sent = entries.at(-1);
    assert.ok(sent);
    const spec = specOfRecordedRequest({ method: sent.method, url: sent.url, baseUrl: sandbox.url, requestBody: sent.requestBody });
    assert.ok(spec, `a spec for ${sent.url}`);
    const replay = replayOf(spec);
    assert.ok(replay, `an operation for ${spec.method} ${spec.path}`);
    entries.length = 0;
    const second = await replay(client, {});
    const resent = entries.at(-1);
    assert.equal(resent?.url, sent.url);
    assert.equal(resent?.method, sent.method);
    assert.equal(resent?.requestBody, sent.requestBody);
    assert.deepEqual(second, first);
  }

  test('each operation of the spec replays to the same URL and the same response', async () => {
    const users = await client.listUsers({ offset: 5, limit: 3 });
    const user = users.users[0];
    assert.ok(user);
    await assertReplays(() => client.listUsers({ offset: 5, limit: 3 }));
    await assertReplays(() => client.resolveUser(user.client_user_id));
    await assertReplays(() => client.getGroupedBloodPressure(user.user_id, { startDate: '2026-10-01', endDate: '2026-11-22', provider: 'omron' }));
    const labTest = sandbox.labTests[0];
    assert.ok(labTest);
    await assertReplays(() => client.listLabTestMarkers(labTest.id, { page: 2, size: 3 }));
    const other = sandbox.labTests[1];
    assert.ok(other);
    const providerId = (await client.listLabTestMarkers(other.id, { size: 1 })).markers[0]?.provider_id;
    assert.ok(providerId);
    await assertReplays(() => client.listOrderSetMarkers({ labTestIds: [labTest.id], addOn: { providerIds: [providerId] } }, { page: 1, size: 5 }));
    await assertReplays(() => client.listOrderSetMarkers({ addOn: { markerIds: [1101, 1702] }, labAccountId: '0b7e3f52-61a4-4c1e-8d2b-3f9a5c7e1d01' }, { size: 5 }));
  });

  test('a cursor page replays with its cursor; ids with reserved characters survive the round trip', () => {
    const spec = specOfRecordedRequest({
      method: 'GET',
      url: 'https://api.example.com/base/v2/user/resolve/a%2Fb%20c?x=1',
      baseUrl: 'https://api.example.com/base',
    });
    assert.equal(spec?.path, '/v2/user/resolve/a%2Fb%20c');
    const cursor = specOfRecordedRequest({
      method: 'GET',
      url: 'https://api.example.com/v2/timeseries/u-1/blood_pressure/grouped?start_date=2026-01-01&next_cursor=abc',
      baseUrl: 'https://api.example.com',
    });
    assert.equal(cursor?.query.next_cursor, 'abc');
    assert.ok(cursor && replayOf(cursor));
  });

  test('what no operation makes is not replayed', () => {
    const foreign = specOfRecordedRequest({ method: 'GET', url: 'https://other.example.com/v2/user/', baseUrl: 'https://api.example.com' });
    assert.equal(foreign, undefined, 'another origin');
    const unknownPath = specOfRecordedRequest({ method: 'GET', url: 'https://api.example.com/v9/nothing', baseUrl: 'https://api.example.com' });
    assert.ok(unknownPath);
    assert.equal(replayOf(unknownPath), undefined);
    assert.equal(specOfRecordedRequest({ method: 'POST', url: 'https://api.example.com/v3/lab_tests/list_order_set_markers', baseUrl: 'https://api.example.com', requestBody: '{not json' }), undefined);
    const badBody = specOfRecordedRequest({ method: 'POST', url: 'https://api.example.com/v3/lab_tests/list_order_set_markers', baseUrl: 'https://api.example.com', requestBody: '{"lab_test_ids":[1]}' });
    assert.ok(badBody);
    assert.equal(replayOf(badBody), undefined);
  });
});
