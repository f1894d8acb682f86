// A user's way from sample data to their own team, in a real workbench: switch environment from
// the status bar, the welcome view's buttons, the password box with a wrong and a right key.
// A second sandbox on 127.0.0.1 plays the team's API (plain http is allowed to this machine only).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { HealthApiClient } from '../../src/api/client';
import type { UserList } from '../../src/api/schemas';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/server';
import { freePort } from '../host/codeServer.mjs';
import { openWorkbench, type Workbench } from './workbench';

const TEAM_KEY = 'e2e-team-key-0d15ea5e';
const WRONG_KEY = 'e2e-wrong-key-badc0de';
const EU_KEY = 'e2e-eu-team-key-1dea';
const BIG_TEAM = 150_001;

/** Every file under `dir` whose bytes contain `needle`. */
function filesContaining(dir: string, needle: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stats = statSync(path);
    if (stats.isDirectory()) found.push(...filesContaining(path, needle));
    else if (stats.isFile() && stats.size < 50_000_000 && readFileSync(path).includes(needle)) found.push(path);
  }
  return found;
}

describe('From sample data to a real environment', () => {
  let workbench: Workbench;
  let team: SandboxHandle;
  let teamUsers: UserList;
  /** Sandbox EU points here; nothing listens until the Retry test starts a team there. */
  let euUrl: string;
  let euTeam: SandboxHandle | undefined;
  /** Production EU points here, where nothing ever listens. */
  let unreachableUrl: string;

  before(async () => {
    team = await startSandbox({ port: 0, users: 9, seed: 77, apiKey: TEAM_KEY });
    const client = new HealthApiClient({ baseUrl: team.url, apiKey: TEAM_KEY });
    teamUsers = await client.listUsers();
    await client.close();
    euUrl = `http://127.0.0.1:${await freePort()}`;
    unreachableUrl = `http://127.0.0.1:${await freePort()}`;
    workbench = await openWorkbench({
      theme: 'Light',
      settings: { 'healthData.baseUrl.sandboxUs': team.url, 'healthData.baseUrl.sandboxEu': euUrl, 'healthData.baseUrl.productionEu': unreachableUrl },
    });
  });
  after(async () => {
    await workbench?.close();
    await team?.close();
    await euTeam?.close();
  });

  const statusItem = () => workbench.page.locator('.part.statusbar .statusbar-item').filter({ hasText: /Local sandbox|Sandbox US/ });

  test('the status bar switches environment through a quick pick', async () => {
    await workbench.openViewContainer();
    await statusItem().filter({ hasText: 'Local sandbox (sample data)' }).waitFor();
    await statusItem().click();
    await workbench.quickInput().locator('.monaco-list-row', { hasText: 'Custom' }).waitFor();
    const labels = await workbench.quickPickLabels();
    for (const name of ['Local sandbox (sample data)', 'Sandbox US', 'Sandbox EU', 'Production US', 'Production EU', 'Custom']) {
      assert.ok(labels.some((label) => label.endsWith(name)), `${name} in ${JSON.stringify(labels)}`);
    }
    await workbench.dismissHovers();
    await workbench.quickInput().locator('.monaco-list-row', { hasText: team.url }).click();
    await statusItem().filter({ hasText: 'Sandbox US: no API key' }).waitFor();
  });

  test('without a key the view offers "Set API Key" and "Use the Local Sandbox"', async () => {
    const welcome = workbench.sideBar().locator('.welcome-view');
    await welcome.getByRole('button', { name: 'Set API Key' }).waitFor();
    await welcome.getByRole('button', { name: 'Use the Local Sandbox' }).waitFor();
    assert.equal(await workbench.treeRows().count(), 0);
    await workbench.screenshot('welcome-light');
    assert.equal(team.requestCount(), 1, 'only the test itself has asked the team API so far');
  });

  test('a wrong key is refused with the reason; the right one is saved and the team appears', async () => {
    await workbench.sideBar().locator('.welcome-view').getByRole('button', { name: 'Set API Key' }).click();
    const input = workbench.quickInput().locator('.quick-input-box input');
    await input.waitFor();
    assert.equal(await input.getAttribute('type'), 'password', 'the key is typed into a password box');
    await workbench.typeIntoInput(WRONG_KEY);
    await workbench.waitForNotification(/rejected this key \(401\)/);
    await workbench.page.locator('.notifications-toasts .monaco-button', { hasText: 'Try Again' }).first().click();
    await workbench.typeIntoInput(TEAM_KEY);
    await workbench.waitForNotification(`API key saved for Sandbox US. The team has ${teamUsers.total} users.`);
    const expected = teamUsers.users.map((user) => user.client_user_id);
    await workbench.waitForTreeItems(
      (rows) => rows.length === expected.length && rows.every((row, index) => row.label === expected[index]),
      'the team users',
    );
    await statusItem().filter({ hasText: /^\s*Sandbox US\s*$/ }).waitFor();
  });

  test('the request log shows both checks, and the key is nowhere: not in the log, settings or profile files', async () => {
    await workbench.runCommand('Health Data: Show Request Log');
    const output = workbench.page.locator('.part.panel .monaco-editor .view-lines');
    await output.filter({ hasText: 'GET /v2/user/?limit=1 · 401' }).waitFor();
    await output.filter({ hasText: 'GET /v2/user/?limit=1 · 200' }).waitFor();
    const shown = await output.innerText();
    assert.ok(!shown.includes(TEAM_KEY) && !shown.includes(WRONG_KEY));
    const leaks = [...filesContaining(workbench.server.profile.root, TEAM_KEY), ...filesContaining(workbench.server.profile.root, WRONG_KEY)];
    assert.deepEqual(leaks, [], 'no file of the VS Code profile holds a key in plain text');
  });

  test('"Use the Local Sandbox" brings the sample data back', async () => {
    await workbench.runCommand('Health Data: Use the Local Sandbox (Sample Data)');
    await statusItem().filter({ hasText: 'Local sandbox (sample data)' }).waitFor();
    await workbench.sideBar().getByText('Sample data from the built-in local sandbox', { exact: false }).waitFor();
  });

  /** Set API Key from the local sandbox for `environment`, up to the dialog that says the check failed. */
  async function setKeyUntilDialog(environment: string, apiKey: string, baseUrl: string) {
    await workbench.runCommand('Health Data: Set API Key…');
    await workbench.pickQuickPickItem(new RegExp(`(^|\\s)${environment}$`));
    await workbench.typeIntoInput(apiKey);
    const dialog = workbench.page.locator('.monaco-dialog-box');
    await dialog.waitFor();
    const text = (await dialog.innerText()).replace(/\s+/g, ' ');
    assert.ok(text.includes(`The API key for ${environment} could not be checked: ${baseUrl} could not be reached.`), text);
    assert.ok(text.includes(`GET ${baseUrl}/v2/user/?limit=1 failed`), `the request that failed, in full: ${text}`);
    assert.match(text, /connection refused/);
    assert.match(text, /not known to be wrong/);
    for (const button of ['Save Anyway', 'Retry', 'Cancel']) await dialog.locator('.monaco-button', { hasText: button }).waitFor();
    return dialog;
  }

  test('Set API Key when the base URL cannot be reached: a dialog names the URL; Retry checks again once it answers', async () => {
    const dialog = await setKeyUntilDialog('Sandbox EU', EU_KEY, euUrl);
    await workbench.screenshot('set-api-key-unreachable-light');
    euTeam = await startSandbox({ port: Number(new URL(euUrl).port), users: BIG_TEAM, seed: 5, apiKey: EU_KEY });
    await dialog.locator('.monaco-button', { hasText: 'Retry' }).click();
    // Counts in the reader's language, in a toast too.
    await workbench.waitForNotification(`API key saved for Sandbox EU. The team has ${BIG_TEAM.toLocaleString('en-US')} users.`);
    await workbench.page.locator('.part.statusbar .statusbar-item', { hasText: /^\s*Sandbox EU\s*$/ }).first().waitFor();
  });

  test('Save Anyway keeps a key the API could not check, and says so', async () => {
    await workbench.runCommand('Health Data: Use the Local Sandbox (Sample Data)');
    await statusItem().filter({ hasText: 'Local sandbox (sample data)' }).waitFor();
    const dialog = await setKeyUntilDialog('Production EU', EU_KEY, unreachableUrl);
    await dialog.locator('.monaco-button', { hasText: 'Save Anyway' }).click();
    await workbench.waitForNotification(`API key saved for Production EU without a check: ${unreachableUrl} could not be reached.`);
    const production = workbench.page.locator('.part.statusbar .statusbar-item', { hasText: 'Production EU' }).first();
    await production.waitFor();
    assert.doesNotMatch(await production.innerText(), /no API key/, 'the key is stored');
  });
});
