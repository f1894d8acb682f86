// The request inspector and environment-bound panels as a person sees them: a panel names its
// environment (production with its own badge) and stays on it after a switch, and the Requests
// view lists what was sent, replays a row from its inline button and opens one from the keyboard.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { HealthApiClient } from '../../src/api/client';
import type { UserList } from '../../src/api/schemas';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/server';
import { openWorkbench, type ThemeName, type Workbench } from './workbench';

const TEAM_KEY = 'e2e-requests-key-5eed1e55';
const ROW = /^200 GET \/v2\/timeseries\/[^/]+…\/blood_pressure\/grouped$/;

describe('Requests view and environment-bound panels in a real workbench', () => {
  let workbench: Workbench;
  let team: SandboxHandle;
  let teamUsers: UserList;

  before(async () => {
    team = await startSandbox({ port: 0, users: 9, seed: 21, apiKey: TEAM_KEY });
    const client = new HealthApiClient({ baseUrl: team.url, apiKey: TEAM_KEY });
    teamUsers = await client.listUsers();
    await client.close();
    // Production US and Sandbox US both point at the team's server: Compare Environments has two sides.
    workbench = await openWorkbench({
      theme: 'Dark',
      settings: { 'healthData.baseUrl.productionUs': team.url, 'healthData.baseUrl.sandboxUs': team.url },
    });
    await workbench.openViewContainer();
    await workbench.switchEnvironmentAndSetKey('Production US', TEAM_KEY);
    await workbench.treeRow(teamUsers.users[0]!.client_user_id).waitFor();
  });
  after(async () => {
    await workbench?.close();
    await team?.close();
  });

  test('a panel names its environment in the tab and a bar; production has its own badge', async () => {
    const user = teamUsers.users[0]!;
    const row = workbench.treeRow(user.client_user_id).first();
    await row.hover();
    await row.locator('.action-label[aria-label="Show Blood Pressure"]').click();
    const title = `Blood Pressure: ${user.client_user_id} · Production US`;
    await workbench.page.locator('.part.editor .tab .label-name', { hasText: title }).first().waitFor();
    const frame = await workbench.webview(title);
    const bar = frame.locator('.environment-bar');
    await bar.filter({ hasText: 'Production US' }).waitFor();
    assert.equal(await bar.locator('.environment-badge').innerText(), 'PRODUCTION');
    assert.equal(await bar.locator('vscode-button', { hasText: /^Open in/ }).isVisible(), false, 'nothing to open elsewhere yet');
    await frame.locator('.status-line', { hasText: /pages? loaded/ }).waitFor();
    await workbench.screenshot('bp-production-dark');
  });

  test('after switching to the local sandbox the panel stays on production and offers "Open in"', async () => {
    const user = teamUsers.users[0]!;
    const served = team.requestCount();
    await workbench.sideBar().locator('.composite.title h2').click(); // F1 from the workbench, not the webview
    await workbench.runCommand('Health Data: Use the Local Sandbox (Sample Data)');
    await workbench.page.locator('.part.statusbar .statusbar-item', { hasText: 'Local sandbox (sample data)' }).first().waitFor();
    const frame = await workbench.webview(`Blood Pressure: ${user.client_user_id} · Production US`);
    const bar = frame.locator('.environment-bar');
    await bar.locator('vscode-button', { hasText: 'Open in Local sandbox (sample data)' }).waitFor();
    assert.match(await bar.innerText(), /Production US/);
    assert.equal(team.requestCount(), served, 'the switch sent the panel nowhere');
  });

  test('the Requests view lists the load; Replay from the row\'s button adds a row; Enter opens one', async () => {
    // Collapsed by default (the Users view keeps the side bar); its header opens it.
    await workbench.expandView('Requests');
    const rows = workbench.treeRow(ROW, 'Requests');
    await rows.first().waitFor();
    const before = await rows.count();
    const first = rows.first();
    await first.hover();
    await first.locator('.action-label[aria-label="Replay Request"]').click();
    await rows.nth(before).waitFor();
    assert.equal(await rows.count(), before + 1, 'one more row for the same request');
    const description = await rows.first().locator('.label-description').innerText();
    assert.match(description, /^\d+ ms · Production US/);

    // Keyboard only: focus the view, move to the newest row, Enter opens it.
    await workbench.runCommand('Health Data: Focus on Requests View');
    await workbench.page.keyboard.press('Home');
    await workbench.page.keyboard.press('Enter');
    // The tab's name, without its ".http": VS Code 1.139 renders a tab's extension apart from the
    // name (the tab's aria-label still carries the whole file name).
    await workbench.page.locator('.part.editor .tab .label-name', { hasText: /^Request \d+ · GET / }).first().waitFor();
    const editorText = await workbench.page.locator('.part.editor .monaco-editor .view-lines').first().innerText();
    assert.match(editorText.replace(/\u00a0/g, ' '), /x-service-api-key: <redacted>/);
    assert.ok(!editorText.includes(TEAM_KEY));
    await workbench.dismissHovers();
    await workbench.screenshot('requests-document-dark');
  });

  test('Compare Environments from the panel opens the diff of the same query in both', async () => {
    const user = teamUsers.users[0]!;
    await workbench.sideBar().locator('.composite.title h2').click();
    await workbench.switchEnvironmentAndSetKey('Sandbox US', TEAM_KEY);
    const frame = await workbench.webview(`Blood Pressure: ${user.client_user_id} · Production US`);
    await frame.locator('.environment-bar vscode-button', { hasText: 'Open in Sandbox US' }).waitFor();
    await frame.locator('.environment-bar vscode-button', { hasText: 'Compare Environments…' }).click();
    await workbench.dismissHovers();
    await workbench.quickInput().locator('.monaco-list-row', { hasText: 'Sandbox US' }).first().click();
    const diffTab = workbench.page.locator('.part.editor .tab .label-name', { hasText: /Production US ↔ #\d+ Sandbox US/ });
    await diffTab.first().waitFor();
    await workbench.page.locator('.part.editor .monaco-diff-editor').first().waitFor();
  });

  test('after a window reload the panel is back in production and the rows are kept without bodies', async () => {
    const user = teamUsers.users[0]!;
    const rowsBefore = await workbench.treeRow(ROW, 'Requests').count();
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // the rows are saved a second after the last request
    await workbench.sideBar().locator('.composite.title h2').click();
    await workbench.runCommand('Developer: Reload Window');
    await workbench.page.waitForEvent('load');
    await workbench.page.locator('.monaco-workbench .part.statusbar').waitFor();
    const frame = await workbench.webview(`Blood Pressure: ${user.client_user_id} · Production US`);
    await frame.locator('.environment-bar .environment-badge', { hasText: 'PRODUCTION' }).waitFor({ timeout: 60_000 });
    await frame.locator('.status-line', { hasText: /pages? loaded/ }).waitFor({ timeout: 60_000 });
    await workbench.openViewContainer();
    await workbench.expandView('Requests');
    const kept = workbench.treeRows('Requests').filter({ has: workbench.page.locator('.label-description', { hasText: 'body not kept' }) });
    await kept.first().waitFor();
    assert.ok((await workbench.treeRow(ROW, 'Requests').count()) >= rowsBefore, 'the earlier rows are back (and the restored panel\'s new one)');
  });

  test('the Requests view in three themes', async () => {
    const view = workbench.sideBar();
    for (const theme of ['Dark', 'Light', 'High Contrast'] as ThemeName[]) {
      if (theme !== 'Dark') await workbench.setTheme(theme);
      await workbench.dismissHovers();
      await workbench.screenshot(`requests-${theme.toLowerCase().replace(' ', '-')}`, view);
    }
  });
});
