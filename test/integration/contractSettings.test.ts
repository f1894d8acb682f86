// The contract lens's settings in the real extension host: healthData.localSandbox.shape restarts
// the embedded sandbox in the vendor's shape (and back), and healthData.contractLens.enabled turns
// the lens off for every client the connection makes.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Deviation } from '../../src/api/contract/deviations';
import type { HealthDataExtensionApi, ShellTestingApi } from '../../src/extensionApi';
import { activateExtension, waitFor } from './helpers';

let testing: ShellTestingApi;
const config = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('healthData');

/** The deviations of one user page from the local sandbox, or undefined when the lens did not run. */
async function deviationsOfUserPage(): Promise<Deviation[] | undefined> {
  const client = await testing.connection.client('local');
  let found: Deviation[] | undefined;
  await client.listUsers({ limit: 3 }, { onDeviations: (deviations) => (found = deviations) });
  return found;
}

suite('Contract lens settings', () => {
  suiteSetup(async () => {
    const api = await activateExtension<HealthDataExtensionApi>();
    assert.ok(api.testing);
    testing = api.testing;
    await vscode.commands.executeCommand('healthData.useLocalSandbox');
  });

  suiteTeardown(async () => {
    await config().update('localSandbox.shape', undefined, vscode.ConfigurationTarget.Global);
    await config().update('contractLens.enabled', undefined, vscode.ConfigurationTarget.Global);
  });

  test('the local sandbox answers in the spec shape by default: no deviation', async () => {
    assert.deepEqual(await deviationsOfUserPage(), []);
  });

  test('localSandbox.shape = vendor restarts the local sandbox, which then answers as the vendor does', async () => {
    const before = testing.connection.environment('local').baseUrl;
    await config().update('localSandbox.shape', 'vendor', vscode.ConfigurationTarget.Global);
    const deviations = await waitFor(async () => {
      const found = await deviationsOfUserPage();
      return found && found.length > 0 ? found : undefined;
    }, 'deviations from the vendor-shaped sandbox');
    const kinds = new Set(deviations.map((d) => `${d.kind} ${d.pattern}`));
    assert.ok(kinds.has('redirectFollowed '), 'the 307 from /v2/user/ to /v2/user was followed and reported');
    assert.ok(kinds.has('unknownField users[*].connected_sources[*].provider'), [...kinds].join('; '));
    assert.notEqual(testing.connection.environment('local').baseUrl, before, 'a new sandbox');
    assert.ok(testing.requestLogLines().some((line) => line.includes('/v2/user')));

    await config().update('localSandbox.shape', 'spec', vscode.ConfigurationTarget.Global);
    await waitFor(async () => ((await deviationsOfUserPage())?.length === 0 ? true : undefined), 'the spec shape again');
  });

  test('contractLens.enabled = false: the clients run no lens', async () => {
    await config().update('localSandbox.shape', 'vendor', vscode.ConfigurationTarget.Global);
    await config().update('contractLens.enabled', false, vscode.ConfigurationTarget.Global);
    await waitFor(async () => ((await deviationsOfUserPage()) === undefined ? true : undefined), 'no lens');
    await config().update('contractLens.enabled', undefined, vscode.ConfigurationTarget.Global);
    await waitFor(async () => ((await deviationsOfUserPage())?.length ? true : undefined), 'the lens again');
  });
});
