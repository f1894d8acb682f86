// Every request keeps the environment it was sent to (issue 22, item 1), in the real extension host:
// Sandbox US and Sandbox EU are two sandboxes (two teams, two keys) while the local sandbox is active,
// and each place that sends a request outside the tree is recorded with where it really went — the
// key check of Set API Key, Replay, a look-up, a link, a scan, a diagnosis, a panel's "Open in" — and
// Replay sends exactly that again or refuses and says why.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { HealthApiClient } from '../../src/api/client';
import type { User } from '../../src/api/schemas';
import type { RequestRecord } from '../../src/domain/requests/requestRecords';
import type { HealthDataExtensionApi, ShellTestingApi } from '../../src/extensionApi';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/server';
import { activateExtension, waitFor } from './helpers';
import { rendered, waitForPanel } from './panelsSupport';

const US_KEY = 'us-team-key-4b1d';
const EU_KEY = 'eu-team-key-9c2e';
const config = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('healthData');

let testing: ShellTestingApi;
let us: SandboxHandle;
let eu: SandboxHandle;

const records = (): readonly RequestRecord[] => testing.requestRecorder.records.all();
const newestRecord = (accept: (record: RequestRecord) => boolean): RequestRecord | undefined => [...records()].reverse().find(accept);
const replay = (id: number): Thenable<number | undefined> => vscode.commands.executeCommand<number | undefined>('healthData.requests.replay', id);

/** Records made while `work` runs. */
async function recordedDuring(work: () => PromiseLike<unknown>): Promise<RequestRecord[]> {
  const before = new Set(records().map((record) => record.id));
  await work();
  return records().filter((record) => !before.has(record.id));
}

async function firstUser(sandbox: SandboxHandle): Promise<User> {
  const client = new HealthApiClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey });
  try {
    return (await client.listUsers({ offset: 3, limit: 1 })).users[0] ?? assert.fail('a user');
  } finally {
    await client.close();
  }
}

function assertAllIn(made: readonly RequestRecord[], environment: string, sandbox: SandboxHandle, what: string): void {
  assert.ok(made.length > 0, `${what} sent requests`);
  for (const record of made) {
    assert.equal(record.environmentId, environment, `${what}: ${record.method} ${record.url} is recorded in ${environment}`);
    assert.equal(record.baseUrl, sandbox.url, `${what}: recorded under the base URL it went to`);
    assert.ok(record.url.startsWith(sandbox.url), `${what}: ${record.url} went to ${sandbox.url}`);
    assert.ok(record.operation, `${what}: the record carries its operation`);
  }
}

suite('Requests keep the environment they were sent to', function () {
  this.timeout(120_000);

  suiteSetup(async () => {
    const api = await activateExtension<HealthDataExtensionApi>();
    testing = api.testing ?? assert.fail('the testing API');
    us = await startSandbox({ port: 0, users: 30, seed: 41, apiKey: US_KEY });
    eu = await startSandbox({ port: 0, users: 30, seed: 42, apiKey: EU_KEY });
    await config().update('baseUrl.sandboxUs', us.url, vscode.ConfigurationTarget.Global);
    await config().update('baseUrl.sandboxEu', eu.url, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('healthData.useLocalSandbox');
    // A Users view left open by an earlier suite reloads for the local sandbox now: that load is
    // the local sandbox's own, so it is let finish before the requests below are counted.
    await waitFor(async () => {
      await testing.usersView.provider.getChildren();
      return testing.usersView.provider.summary().total !== undefined;
    }, 'the local sandbox listed in the Users view');
    await vscode.commands.executeCommand('healthData.requests.clear');
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const environment of ['sandboxUs', 'sandboxEu'] as const) {
      await testing.connection.selectEnvironment(environment);
      await testing.clearApiKey();
    }
    await vscode.commands.executeCommand('healthData.useLocalSandbox');
    await config().update('baseUrl.sandboxUs', undefined, vscode.ConfigurationTarget.Global);
    await config().update('baseUrl.sandboxEu', undefined, vscode.ConfigurationTarget.Global);
    await us?.close();
    await eu?.close();
  });

  test('Set API Key for Sandbox US while the local sandbox is active: the key check is a request of Sandbox US', async () => {
    assert.equal(testing.connection.environment().id, 'local');
    const made = await recordedDuring(async () => assert.equal((await testing.setApiKeyFor('sandboxUs', US_KEY)).ok, true));
    assertAllIn(made, 'sandboxUs', us, 'the key check');
    assert.equal(made[0]?.environmentLabel, 'Sandbox US');
    assert.deepEqual(made[0]?.operation, { name: 'listUsers', args: [{ limit: 1 }] });
    assert.equal(testing.connection.environment().id, 'local', 'checking a key for another environment does not switch');
    assert.equal((await testing.setApiKeyFor('sandboxEu', EU_KEY)).ok, true);
  });

  test('Replay of that row goes to Sandbox US with its key, never to the active local sandbox', async () => {
    const check = newestRecord((record) => record.environmentId === 'sandboxUs') ?? assert.fail('the key check row');
    const served = us.requestCount();
    const replayedId = (await replay(check.id)) ?? assert.fail('the replay was sent');
    const replayed = testing.requestRecorder.records.get(replayedId) ?? assert.fail('its row');
    assert.equal(us.requestCount(), served + 1, 'Sandbox US answered it');
    assert.equal(replayed.status, 200, 'with the stored key of Sandbox US');
    assert.equal(replayed.url, check.url);
    assert.equal(replayed.environmentId, 'sandboxUs');
    assert.deepEqual(replayed.operation, check.operation);
  });

  test('Replay refuses when the base URL of the environment changed since, and sends nothing anywhere', async () => {
    const check = newestRecord((record) => record.environmentId === 'sandboxUs') ?? assert.fail('a Sandbox US row');
    await config().update('baseUrl.sandboxUs', eu.url, vscode.ConfigurationTarget.Global);
    try {
      const [usServed, euServed, rows] = [us.requestCount(), eu.requestCount(), records().length];
      assert.equal(await replay(check.id), undefined, 'nothing was sent');
      assert.equal(us.requestCount(), usServed);
      assert.equal(eu.requestCount(), euServed, 'not to the new base URL either');
      assert.equal(records().length, rows, 'no new row');
    } finally {
      await config().update('baseUrl.sandboxUs', us.url, vscode.ConfigurationTarget.Global);
    }
  });

  test('Replay refuses when the environment has no key any more; a saved row without its operation is shown, not replayed', async () => {
    const made = await recordedDuring(async () => (await testing.connection.forEnvironment('sandboxEu').client()).listUsers({ limit: 2 }));
    const euRow = made.find((record) => record.environmentId === 'sandboxEu') ?? assert.fail('the Sandbox EU row');
    await testing.connection.selectEnvironment('sandboxEu');
    await testing.clearApiKey();
    await vscode.commands.executeCommand('healthData.useLocalSandbox');
    const served = eu.requestCount();
    assert.equal(await replay(euRow.id), undefined);
    assert.equal(eu.requestCount(), served, 'no request without a key');
    assert.equal((await testing.setApiKeyFor('sandboxEu', EU_KEY)).ok, true);

    // A row restored from an older version has no operation: readable, not sent.
    const { operation: _none, ...older } = euRow;
    const restored = testing.requestRecorder.records;
    restored.restore([{ ...older, id: 100_000 }]);
    const shown = restored.get(100_000) ?? assert.fail('the restored row');
    assert.equal(shown.url, euRow.url);
    const before = eu.requestCount();
    assert.equal(await replay(shown.id), undefined);
    assert.equal(eu.requestCount(), before);
    await vscode.commands.executeCommand('healthData.requests.copyAsCurl', shown.id);
    const curl = await vscode.env.clipboard.readText();
    assert.ok(curl.includes(`'${euRow.url}'`), 'it can still be copied as cURL, to where it was sent');
  });

  test('Copy Request as cURL of a Sandbox US row names Sandbox US\'s URL while the local sandbox is active', async () => {
    const row = newestRecord((record) => record.environmentId === 'sandboxUs' && record.status === 200) ?? assert.fail('a Sandbox US row');
    await vscode.commands.executeCommand('healthData.requests.copyAsCurl', row.id);
    const curl = await vscode.env.clipboard.readText();
    assert.ok(curl.startsWith(`curl --request GET '${us.url}/v2/user/`), curl);
    assert.ok(!curl.includes(US_KEY));
  });

  test('a look-up and a link are recorded in the environment they ran in', async () => {
    const euUser = await firstUser(eu);
    await testing.connection.selectEnvironment('sandboxEu');
    const lookUp = await recordedDuring(() => vscode.commands.executeCommand('healthData.lookUp', euUser.client_user_id));
    assertAllIn(lookUp.filter((record) => record.url.includes('/resolve/')), 'sandboxEu', eu, 'the look-up');

    await vscode.commands.executeCommand('healthData.useLocalSandbox');
    const usUser = await firstUser(us);
    const link = `vscode://health-data-tools.health-data-explorer/user?client_user_id=${usUser.client_user_id}&env=sandboxUs`;
    const opened = await recordedDuring(() => vscode.commands.executeCommand('healthData.openLink', link));
    assertAllIn(opened.filter((record) => record.url.includes('/resolve/')), 'sandboxUs', us, 'the link');
  });

  test('a diagnosis and a scan opened in Sandbox EU stay Sandbox EU requests after the local sandbox becomes active', async () => {
    await testing.connection.selectEnvironment('sandboxEu');
    const euUser = await firstUser(eu);
    // Slow answers, so the switch happens while they are still being read.
    eu.injectFaults(...Array.from({ length: 4 }, () => ({ kind: 'delay' as const, ms: 300, path: '/v2/timeseries/' })));
    const diagnosis = await recordedDuring(async () => {
      await vscode.commands.executeCommand('healthData.diagnoseData', euUser, { days: 30 });
      await vscode.commands.executeCommand('healthData.useLocalSandbox');
      await waitForPanel('the diagnosis', (r) => r.viewType === 'healthData.diagnosis' && rendered<string>(r, 'phase') === 'result', 60_000);
    });
    // The Users view reloads the local sandbox's first page meanwhile: that row is the local sandbox's.
    const panelRows = (made: RequestRecord[]) => made.filter((record) => record.url.startsWith(eu.url) || record.url.includes('/timeseries/'));
    assertAllIn(panelRows(diagnosis), 'sandboxEu', eu, 'the diagnosis');

    await testing.connection.selectEnvironment('sandboxEu');
    eu.injectFaults(...Array.from({ length: 4 }, () => ({ kind: 'delay' as const, ms: 300, path: '/v2/timeseries/' })));
    const scan = await recordedDuring(async () => {
      await vscode.commands.executeCommand('healthData.scanDataCoverage', { days: 7, scope: { kind: 'first', count: 4 }, provider: '' });
      await vscode.commands.executeCommand('healthData.useLocalSandbox');
      await waitForPanel('the scan', (r) => r.viewType === 'healthData.coverageScan' && rendered<string>(r, 'phase') === 'done', 60_000);
    });
    assertAllIn(panelRows(scan), 'sandboxEu', eu, 'the scan');
    assert.ok(panelRows(scan).some((record) => record.url.includes('/timeseries/')), 'the scan read blood pressure');
  });

  test('a panel\'s "Open in" the active environment resolves the user there, recorded there', async () => {
    await vscode.commands.executeCommand('healthData.useLocalSandbox');
    const sample = (await (await testing.connection.client()).listUsers({ limit: 1 })).users[0] ?? assert.fail('a sample user');
    const local = await recordedDuring(() => vscode.commands.executeCommand('healthData.showBloodPressure', sample.client_user_id));
    const resolve = local.filter((record) => record.url.includes('/resolve/'));
    assert.ok(resolve.length > 0, 'the user was resolved');
    assert.ok(resolve.every((record) => record.environmentId === 'local' && record.operation?.name === 'resolveUser'));
  });
});
