import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { HealthApiClient, type RequestLogEntry } from '../../src/api/client';
import { parseOperation, sendOperation } from '../../src/api/replay';
import { requestOfOperation, requestUrl, type RequestOperation } from '../../src/api/requests';
import { planReplay, sameBaseUrl } from '../../src/domain/requests/replayPlan';
import { requestRecordInput } from '../../src/domain/requests/requestRecordInput';
import { parseSavedRecords, RequestRecords } from '../../src/domain/requests/requestRecords';
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

  /** Makes the call, then sends the operation its log entry carries: same URL, same body, same answer. */
  async function assertReplays(original: () => Promise<unknown>, name: RequestOperation['name']): Promise<void> {
    entries.length = 0;
    const first = await original();
    const sent = entries.at(-1) ?? assert.fail('the call was logged');
    const operation = sent.operation ?? assert.fail(`the entry of ${sent.url} carries its operation`);
    assert.equal(operation.name, name);
    assert.equal(requestUrl(sandbox.url, requestOfOperation(operation)), sent.url, 'the operation makes the very URL that was sent');
    // What is recorded is kept as JSON (workspace state): it must survive the round trip.
    const saved = parseOperation(JSON.parse(JSON.stringify(operation)));
    assert.deepEqual(saved, operation);
    entries.length = 0;
    const second = await sendOperation(client, saved!);
    const resent = entries.at(-1);
    assert.equal(resent?.url, sent.url);
    assert.equal(resent?.method, sent.method);
    assert.equal(resent?.requestBody, sent.requestBody);
    assert.deepEqual(resent?.operation, operation);
    assert.deepEqual(second, first);
  }

  test('each operation of the spec is sent again to the same URL, with the same answer', async () => {
    const users = await client.listUsers({ offset: 5, limit: 3 });
    const user = users.users[0];
    assert.ok(user);
    await assertReplays(() => client.listUsers({ offset: 5, limit: 3 }), 'listUsers');
    await assertReplays(() => client.listUsers(), 'listUsers');
    await assertReplays(() => client.resolveUser(user.client_user_id), 'resolveUser');
    await assertReplays(
      () => client.getGroupedBloodPressure(user.user_id, { startDate: '2026-10-01', endDate: '2026-11-22', provider: 'omron' }),
      'getGroupedBloodPressure',
    );
    const labTest = sandbox.labTests[0];
    assert.ok(labTest);
    await assertReplays(() => client.listLabTestMarkers(labTest.id, { page: 2, size: 3 }), 'listLabTestMarkers');
    const other = sandbox.labTests[1];
    assert.ok(other);
    const providerId = (await client.listLabTestMarkers(other.id, { size: 1 })).markers[0]?.provider_id;
    assert.ok(providerId);
    await assertReplays(
      () => client.listOrderSetMarkers({ labTestIds: [labTest.id], addOn: { providerIds: [providerId] } }, { page: 1, size: 5 }),
      'listOrderSetMarkers',
    );
    await assertReplays(
      () => client.listOrderSetMarkers({ addOn: { markerIds: [1101, 1702] }, labAccountId: '0b7e3f52-61a4-4c1e-8d2b-3f9a5c7e1d01' }, { size: 5 }),
      'listOrderSetMarkers',
    );
  });

  test('a cursor page and an id with reserved characters: the arguments are kept as given, not as encoded', () => {
    const page = requestOfOperation({ name: 'getGroupedBloodPressure', args: ['u-1', { startDate: '2026-01-01', nextCursor: 'a b/c' }] });
    assert.equal(page.query.next_cursor, 'a b/c');
    const resolve = requestOfOperation({ name: 'resolveUser', args: ['a/b c'] });
    assert.equal(resolve.path, '/v2/user/resolve/a%2Fb%20c');
    assert.deepEqual(resolve.operation, { name: 'resolveUser', args: ['a/b c'] });
  });

  test('the arguments recorded are a copy: changing the caller\'s arrays afterwards changes nothing', () => {
    const ids = ['lab-1'];
    const spec = requestOfOperation({ name: 'listOrderSetMarkers', args: [{ labTestIds: ids }, {}] });
    ids.push('lab-2');
    assert.deepEqual(spec.operation.args[0], { labTestIds: ['lab-1'] });
  });

  test('a saved operation of the wrong shape is not an operation', () => {
    for (const bad of [
      undefined,
      'resolveUser',
      { name: 'deleteEverything', args: [] },
      { name: 'resolveUser', args: [42] },
      { name: 'resolveUser' },
      { name: 'getGroupedBloodPressure', args: ['u', { endDate: '2026-01-01' }] },
      { name: 'listLabTestMarkers', args: ['lab', { page: 'two' }] },
      { name: 'listOrderSetMarkers', args: [{ labTestIds: [1] }, {}] },
      { name: 'listOrderSetMarkers', args: [{ addOn: { providerIds: 'x' } }, {}] },
      { name: 'listOrderSetMarkers', args: [{ addOn: { markerIds: ['1101'] } }, {}] },
      { name: 'listUsers', args: [{ limit: '5' }] },
    ]) {
      assert.equal(parseOperation(bad), undefined, JSON.stringify(bad));
    }
    assert.deepEqual(parseOperation({ name: 'listUsers', args: [] }), { name: 'listUsers', args: [{}] });
    const addOnByMarker = { name: 'listOrderSetMarkers', args: [{ addOn: { markerIds: [1101] }, labAccountId: 'acc' }, {}] };
    assert.deepEqual(parseOperation(addOnByMarker), addOnByMarker);
  });
});

describe('records carry what was sent; a replay goes exactly there or not at all', () => {
  const operation: RequestOperation = { name: 'resolveUser', args: ['patient-0011'] };
  const entry: RequestLogEntry = {
    method: 'GET',
    url: 'https://api.sandbox.us.example.com/v2/user/resolve/patient-0011',
    ms: 12,
    attempt: 1,
    status: 200,
    requestHeaders: { 'x-service-api-key': '<redacted>' },
    operation,
  };
  const sandboxUs = { id: 'sandboxUs', label: 'Sandbox US', baseUrl: 'https://api.sandbox.us.example.com' };

  test('the record keeps the operation, the base URL and the environment it was sent in, across a reload', () => {
    const records = new RequestRecords();
    const record = records.add(requestRecordInput(entry, sandboxUs, 1_000), 'x-service-api-key', 'secret-key-123');
    assert.deepEqual(record.operation, operation);
    assert.equal(record.environmentId, 'sandboxUs');
    assert.equal(record.baseUrl, 'https://api.sandbox.us.example.com');
    const [restored] = parseSavedRecords(JSON.parse(JSON.stringify(records.snapshot())));
    assert.deepEqual(restored?.operation, operation);
  });

  test('an operation holding the key is not kept (it cannot be redacted without changing the call)', () => {
    const records = new RequestRecords();
    const leaky = { ...entry, operation: { name: 'resolveUser', args: ['secret-key-123'] } as RequestOperation };
    const record = records.add(requestRecordInput(leaky, sandboxUs, 1_000), 'x-service-api-key', 'secret-key-123');
    assert.equal(record.operation, undefined);
    assert.ok(!JSON.stringify(records.snapshot()).includes('secret-key-123'));
  });

  test('a saved row without an operation (an older version) is still shown; a malformed one loses only its operation', () => {
    const records = new RequestRecords();
    const record = records.add(requestRecordInput(entry, sandboxUs, 1_000), 'x-service-api-key', 'k');
    const { operation: _dropped, ...older } = record;
    const [old, broken] = parseSavedRecords([older, { ...record, id: 2, operation: { name: 'resolveUser', args: [7] } }]);
    assert.equal(old?.url, entry.url);
    assert.equal(old?.operation, undefined);
    assert.equal(broken?.id, 2);
    assert.equal(broken?.operation, undefined);
  });

  test('planReplay: the same environment at the same base URL with a key sends the recorded operation', () => {
    const record = { operation, baseUrl: 'https://api.sandbox.us.example.com' };
    assert.deepEqual(planReplay(record, { kind: 'remote', baseUrl: 'https://API.sandbox.us.example.com/', hasKey: true }), { ok: true, operation });
    assert.deepEqual(planReplay(record, { kind: 'localSandbox' }), { ok: true, operation }, 'the embedded sandbox moves ports, not data');
  });

  test('planReplay refuses, with the reason, whatever would send it elsewhere or cannot send it', () => {
    const record = { operation, baseUrl: 'https://api.sandbox.us.example.com' };
    const refusal = (plan: ReturnType<typeof planReplay>) => (plan.ok ? 'sent' : plan.refusal);
    assert.deepEqual(refusal(planReplay({ baseUrl: record.baseUrl }, { kind: 'remote', baseUrl: record.baseUrl, hasKey: true })), { reason: 'noOperation' });
    assert.deepEqual(refusal(planReplay(record, { kind: 'gone' })), { reason: 'environmentGone' });
    assert.deepEqual(refusal(planReplay(record, { kind: 'misconfigured' })), { reason: 'misconfigured' });
    assert.deepEqual(refusal(planReplay(record, { kind: 'remote', baseUrl: 'https://api.sandbox.eu.example.com', hasKey: true })), {
      reason: 'baseUrlChanged',
      sentTo: 'https://api.sandbox.us.example.com',
      now: 'https://api.sandbox.eu.example.com',
    });
    assert.deepEqual(refusal(planReplay(record, { kind: 'remote', baseUrl: record.baseUrl, hasKey: false })), { reason: 'noKey' });
  });

  test('sameBaseUrl ignores trailing slashes and case of scheme and host, not the path or port', () => {
    assert.ok(sameBaseUrl('https://API.example.com/', 'https://api.example.com'));
    assert.ok(sameBaseUrl('https://api.example.com:443/base/', 'https://api.example.com/base'));
    assert.ok(!sameBaseUrl('https://api.example.com/base', 'https://api.example.com'));
    assert.ok(!sameBaseUrl('http://127.0.0.1:4010', 'http://127.0.0.1:4011'));
  });
});
