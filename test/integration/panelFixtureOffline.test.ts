// Save as Sandbox Fixture from a blood-pressure panel, in the real extension host, then offline: the
// fixture holds the user it belongs to and every cursor page, so the local sandbox resolves the
// pseudonymised user (the tree's way to the readings) and pages through every saved page.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { HealthApiClient } from '../../src/api/client';
import { iterateBloodPressurePages } from '../../src/api/paging';
import type { User } from '../../src/api/schemas';
import type { HealthDataExtensionApi, ShellTestingApi } from '../../src/extensionApi';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/server';
import { activateExtension } from './helpers';
import { rendered, waitForPanel } from './panelsSupport';

const config = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('healthData');

suite('A blood-pressure fixture saved from a panel, offline', () => {
  let testing: ShellTestingApi;
  let remote: SandboxHandle;
  let user: User;

  suiteSetup(async function () {
    this.timeout(120_000);
    const api = await activateExtension<HealthDataExtensionApi>();
    if (!api.testing) throw new Error('the extension exposes no testing API in this host');
    testing = api.testing;
    // Small pages, so a year of readings comes in several.
    remote = await startSandbox({ port: 0, users: 2, seed: 21, bloodPressurePageSize: 40 });
    const client = new HealthApiClient({ baseUrl: remote.url, apiKey: remote.apiKey });
    user = (await client.listUsers({ limit: 1 })).users[0] ?? assert.fail('a sample user');
    await client.close();
    await config().update('baseUrl.productionUs', remote.url, vscode.ConfigurationTarget.Global);
    await testing.connection.selectEnvironment('productionUs');
    assert.equal((await testing.setApiKey(remote.apiKey)).ok, true, 'the stand-in takes its key');
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await testing?.clearApiKey();
    await vscode.commands.executeCommand('healthData.useLocalSandbox');
    await config().update('baseUrl.productionUs', undefined, vscode.ConfigurationTarget.Global);
    await remote?.close();
    const workspace = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    if (workspace) rmSync(join(workspace, '.health-data'), { recursive: true, force: true });
  });

  test('the saved user resolves by its pseudonym and its blood pressure pages through every saved page', async function () {
    this.timeout(120_000);
    await vscode.commands.executeCommand('healthData.showBloodPressure', user, { startDate: '2000-01-01', endDate: '', provider: '' });
    await waitForPanel("the user's blood pressure", (report) => report.viewType === 'healthData.bloodPressure' && report.active && rendered<string>(report, 'phase') === 'data', 60_000);
    const written = await vscode.commands.executeCommand<vscode.Uri | undefined>('healthData.savePanelAsFixture');
    assert.ok(written, 'the fixtures were written');
    const folder = join(written.fsPath, '..');
    const read = (name: string) => JSON.parse(readFileSync(join(folder, name), 'utf8')) as { operation: string; args: unknown[]; body: Record<string, unknown> };
    const names = readdirSync(folder);
    const pages = names.filter((name) => name.startsWith('getGroupedBloodPressure-'));
    const users = names.filter((name) => name.startsWith('resolveUser-')).map(read);
    assert.ok(pages.length > 1, `every page saved: ${names.join(', ')}`);
    assert.equal(users.length, 1, 'the user the readings belong to is saved beside them');
    const [pseudonym] = users[0]!.args as [string];
    assert.notEqual(pseudonym, user.client_user_id);
    for (const text of names.map((name) => readFileSync(join(folder, name), 'utf8'))) {
      assert.ok(!text.includes(user.user_id) && !text.includes(user.client_user_id), 'no real id in a fixture');
    }

    await vscode.commands.executeCommand('healthData.useLocalSandbox');
    const local = await testing.connection.client();
    const resolved = await local.resolveUser(pseudonym);
    assert.equal(resolved.user_id, read(pages[0]!).args[0], 'the pseudonymised user leads to the readings');
    let served = 0;
    for await (const page of iterateBloodPressurePages(local, resolved.user_id, { startDate: '1990-01-01' })) {
      assert.ok(page.groups);
      served++;
    }
    assert.equal(served, pages.length, 'every saved page, each cursor leading to the next');
  });
});
