// The request inspector and environment-bound panels as a person sees them: a panel names its
// environment (production with its own badge) and stays on it after a switch, and the Requests
// view lists what was sent, replays a row from its inline button and opens one from the keyboard.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { HealthApiClient } from '../../src/api/client';
import type { User, UserList } from '../../src/api/schemas';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/server';
import { embeddedSampleUsers } from './embeddedSample';
import { openWorkbench, type ThemeName, type Workbench } from './workbench';

const TEAM_KEY = 'e2e-requests-key-5eed1e55';
const ROW = /^200 GET \/v2\/timeseries\/[^/]+…\/blood_pressure\/grouped$/;

describe('Requests view and environment-bound panels in a real workbench', () => {
  let workbench: Workbench;
  let team: SandboxHandle;
  let teamUsers: UserList;
  /** The team's user the panel shows: one the local sandbox's sample data does not have. */
  let shown: User;

  before(async () => {
    team = await startSandbox({ port: 0, users: 9, seed: 21, apiKey: TEAM_KEY });
    const client = new HealthApiClient({ baseUrl: team.url, apiKey: TEAM_KEY });
    teamUsers = await client.listUsers();
    await client.close();
    const sample = new Set((await embeddedSampleUsers()).users.map((user) => user.client_user_id));
    shown = teamUsers.users.find((user) => !sample.has(user.client_user_id)) ?? assert.fail('a team user the sample data does not have');
    // Production US and Sandbox US both point at the team's server: Compare Environments has two sides.
    workbench = await openWorkbench({
      theme: 'Dark',
      settings: { 'healthData.baseUrl.productionUs': team.url, 'healthData.baseUrl.sandboxUs': team.url },
    });
    await workbench.openViewContainer();
    await workbench.switchEnvironmentAndSetKey('Production US', TEAM_KEY);
    await workbench.treeRow(shown.client_user_id).waitFor();
  });
  after(async () => {
    await workbench?.close();
    await team?.close();
  });

  test('a panel names its environment in the tab and a bar; production has its own badge', async () => {
    const user = shown;
    const row = workbench.treeRow(user.client_user_id).first();
    await workbench.clickInlineAction(row, 'Show Blood Pressure');
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

  test('the panel\'s Copy as cURL completes the walkthrough\'s cURL step', async () => {
    const frame = await workbench.webview(`Blood Pressure: ${shown.client_user_id} · Production US`);
    await frame.locator('vscode-button', { hasText: 'Copy as cURL' }).first().click();
    await workbench.waitForNotification('cURL command copied');
    await workbench.sideBar().locator('.composite.title h2').click();
    await workbench.runCommand('Health Data: Get Started');
    const step = workbench.page.locator('button.getting-started-step[data-step-id$="#copyAsCurl"]');
    await step.waitFor();
    await workbench.page.waitForFunction((element) => element?.getAttribute('aria-checked') === 'true', await step.elementHandle());
    await workbench.activateEditorTab(`Blood Pressure: ${shown.client_user_id} · Production US`);
  });

  test('after switching to the local sandbox the panel stays on production and offers "Open in"', async () => {
    const user = shown;
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

  test('"Open in Local sandbox" for a user only production has: says so in words, with next steps', async () => {
    const frame = await workbench.webview(`Blood Pressure: ${shown.client_user_id} · Production US`);
    await frame.locator('.environment-bar vscode-button', { hasText: 'Open in Local sandbox (sample data)' }).click();
    const message = await workbench.waitForNotification(`client_user_id "${shown.client_user_id}"`);
    assert.match(message, new RegExp(`no user with client_user_id "${shown.client_user_id}" in Local sandbox \\(sample data\\): it exists in Production US`));
    assert.doesNotMatch(message, /404|\/resolve\//, 'no raw status or URL');
    const toast = workbench.page.locator('.notifications-toasts .notification-list-item', { hasText: shown.client_user_id }).first();
    await toast.locator('.monaco-button', { hasText: 'Choose a User…' }).waitFor();
    await toast.locator('.monaco-button', { hasText: 'Switch Environment…' }).waitFor();
    await workbench.screenshot('open-in-user-not-there-dark');
    await toast.hover();
    await toast.locator('.codicon-notifications-clear').first().click().catch(() => undefined);
  });

  test('the Requests view lists the load; Replay from the row\'s button adds a row; Enter opens one', async () => {
    // Collapsed by default (the Users view keeps the side bar); its header opens it.
    await workbench.expandView('Requests');
    const rows = workbench.treeRow(ROW, 'Requests');
    await rows.first().waitFor();
    const before = await rows.count();
    const first = rows.first();
    await workbench.clickInlineAction(first, 'Replay Request');
    // A production row: production asks first, in the same modal dialog as a production link.
    const dialog = workbench.page.locator('.monaco-dialog-box');
    await dialog.waitFor();
    assert.match(await dialog.innerText(), /Send this request again in Production US, a production environment\?/);
    await dialog.locator('.monaco-button', { hasText: 'Send in Production' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await rows.nth(before).waitFor();
    assert.equal(await rows.count(), before + 1, 'one more row for the same request');
    const description = await rows.first().locator('.label-description').innerText();
    assert.match(description, /^\d+ ms · Production US · replay$/, 'the new row says it is a replay');

    // Keyboard only: focus the view, move to the newest row, Enter opens it.
    await workbench.runCommand('Health Data: Focus on Requests View');
    await workbench.page.keyboard.press('Home');
    await workbench.page.keyboard.press('Enter');
    // The tab's name: VS Code 1.139 renders a tab's ".http" apart from the name (the tab's
    // aria-label still carries the whole file name); 1.100 shows it in the name.
    await workbench.page.locator('.part.editor .tab .label-name', { hasText: /^GET .*\(Production US, [\d.]+\)(\.http)?$/ }).first().waitFor();
    const editorText = await workbench.page.locator('.part.editor .monaco-editor .view-lines').first().innerText();
    assert.match(editorText.replace(/\u00a0/g, ' '), /x-service-api-key: <redacted>/);
    assert.ok(!editorText.includes(TEAM_KEY));
    await workbench.dismissHovers();
    await workbench.screenshot('requests-document-dark');
  });

  test('a row\'s tooltip is plain text: the full URL and the base URL in parentheses, no stray escapes', async () => {
    const row = workbench.treeRow(ROW, 'Requests').first();
    const hover = workbench.page.locator('.workbench-hover-container .hover-contents, .monaco-hover .hover-contents').filter({ hasText: 'Environment' }).first();
    // The row's own tooltip: a row arriving above it can move another one under the mouse, whose tooltip then shows.
    const deadline = Date.now() + 30_000;
    for (;;) {
      await row.hover();
      const shown = await hover.waitFor({ timeout: 3_000 }).then(() => hover.innerText(), () => '');
      if (/blood_pressure\/grouped/.test(shown) || Date.now() > deadline) break;
      await workbench.dismissHovers();
    }
    const text = (await hover.innerText()).replace(/\u00a0/g, ' ');
    assert.ok(text.includes(`Environment: Production US (${team.url})`), text);
    assert.match(text, new RegExp(`GET ${team.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/v2/timeseries/[^/]+/blood_pressure/grouped\\?start_date=`));
    assert.ok(!text.includes('\\'), `no backslash in ${text}`);
    await workbench.dismissHovers();
  });

  test('the view title\'s "Show Requests of One Environment…" shows the picker; the filter names the environment', async () => {
    const header = workbench.viewPane('Requests').locator('.pane-header');
    await header.hover();
    await header.locator('.action-label[aria-label^="Show Requests of One Environment"]').click();
    await workbench.quickInput().locator('.monaco-list-row', { hasText: 'All environments' }).first().waitFor();
    await workbench.pickQuickPickItem('Production US');
    await workbench.viewPane('Requests').locator('.pane-header .description', { hasText: /^Production US$/ }).waitFor();
    assert.doesNotMatch(await workbench.sideBar().innerText(), /object Object|No request matches/);
    assert.ok((await workbench.treeRow(ROW, 'Requests').count()) > 0, 'the rows of that environment are shown');
    await header.hover();
    await header.locator('.action-label[aria-label^="Clear Requests Filter"]').click();
    await workbench.viewPane('Requests').locator('.pane-header .description', { hasText: 'Production US' }).waitFor({ state: 'detached' });
  });

  test('Compare Response with… lists the candidates with status, method, path and query, time and environment', async () => {
    const row = workbench.treeRow(ROW, 'Requests').first();
    await row.click({ button: 'right' });
    const item = workbench.page.getByRole('menuitem', { name: 'Compare Response with…' });
    await item.hover();
    await item.click();
    const labels = workbench.quickInput().locator('.quick-input-list .monaco-list-row');
    await labels.first().waitFor();
    const candidates = await labels.evaluateAll((rows) => rows.map((r) => ((r as { innerText?: string }).innerText ?? '').replace(/\s+/g, ' ')));
    const bloodPressure = candidates.filter((text) => text.includes('/blood_pressure/grouped?start_date='));
    assert.ok(bloodPressure.length > 0, candidates.join('\n'));
    for (const text of candidates) {
      assert.doesNotMatch(text, /#\d/, 'no row number the tree does not show');
      assert.match(text, /^(\d{3}|[a-z ]+) (GET|POST) \//, text);
      assert.match(text, /\d\d:\d\d:\d\d · (Production US|Local sandbox \(sample data\)|Sandbox US)/, text);
    }
    await workbench.page.keyboard.press('Escape');
  });

  test('Set API Key from the local sandbox for Sandbox US: its key check is a Sandbox US row; Compare Environments says which environments have a key', async () => {
    const user = shown;
    await workbench.sideBar().locator('.composite.title h2').click();
    await workbench.runCommand('Health Data: Set API Key…');
    await workbench.pickQuickPickItem(/Sandbox US$/);
    await workbench.typeIntoInput(TEAM_KEY);
    await workbench.page.locator('.part.statusbar .statusbar-item', { hasText: 'Sandbox US' }).first().waitFor();
    // The Users view lists the same path right after: the row's origin tells the key check apart.
    const check = workbench
      .treeRow(/^200 GET \/v2\/user\/$/, 'Requests')
      .filter({ has: workbench.page.locator('.label-description', { hasText: /Sandbox US · key check$/ }) })
      .first();
    // (Production US's own key check, from the start, is a row too: this one is the new one.)
    await check.waitFor();
    assert.match(await check.locator('.label-description').innerText(), /· Sandbox US · key check$/, 'recorded in the environment it went to, as a key check');

    const frame = await workbench.webview(`Blood Pressure: ${user.client_user_id} · Production US`);
    await frame.locator('.environment-bar vscode-button', { hasText: 'Open in Sandbox US' }).waitFor();
    await frame.locator('.environment-bar vscode-button', { hasText: 'Compare Environments…' }).click();
    await workbench.dismissHovers();
    const option = (name: string) => workbench.quickInput().locator('.monaco-list-row', { hasText: name }).first();
    await option('Sandbox US').waitFor();
    assert.match(await option('Sandbox US').innerText(), /API key set/);
    assert.match(await option('Sandbox EU').innerText(), /No API key yet/);
    assert.match(await option('Local sandbox').innerText(), /no key needed/);
    await workbench.screenshot('compare-environments-picker-dark');
    await option('Sandbox US').click();
    // The panel's own side is production: reading it again asks first, like any other production read.
    const ask = workbench.page.locator('.monaco-dialog-box');
    await ask.waitFor();
    assert.match(await ask.innerText(), /Compare Environments reads the same data from Production US, a production environment\. Read it\?/);
    await ask.locator('.monaco-button', { hasText: 'Read Production' }).click();
    await ask.waitFor({ state: 'hidden' });
    const diffTab = workbench.page.locator('.part.editor .tab .label-name', { hasText: /\(Production US, [\d:]+\) ↔ GET .*\(Sandbox US, [\d:]+\)/ });
    await diffTab.first().waitFor();
    await workbench.page.locator('.part.editor .monaco-diff-editor').first().waitFor();
    // Each side is a row of the environment it was sent to.
    // The Sandbox US side's row appears once its request is recorded, which may follow the diff.
    const sides = workbench.treeRows('Requests').filter({ hasText: '/blood_pressure/grouped' });
    let descriptions: string[] = [];
    for (const deadline = Date.now() + 15_000; Date.now() < deadline; await workbench.page.waitForTimeout(250)) {
      descriptions = await sides.locator('.label-description').allInnerTexts();
      if (descriptions.some((text) => text.endsWith('Sandbox US · Compare Environments')) && descriptions.some((text) => text.endsWith('Production US · Compare Environments'))) break;
    }
    assert.ok(
      descriptions.some((text) => text.endsWith('Sandbox US · Compare Environments')) && descriptions.some((text) => text.endsWith('Production US · Compare Environments')),
      descriptions.join(' | '),
    );
  });

  test('Compare Environments reading production asks first, in the same dialog as a link; Cancel reads nothing', async () => {
    const user = shown;
    const production = await workbench.webview(`Blood Pressure: ${user.client_user_id} · Production US`);
    await production.locator('.environment-bar vscode-button', { hasText: 'Open in Sandbox US' }).click();
    const sandboxPanel = await workbench.webview(`Blood Pressure: ${user.client_user_id} · Sandbox US`);
    await sandboxPanel.locator('.status-line', { hasText: /pages? loaded/ }).waitFor();
    const served = team.requestCount();
    await sandboxPanel.locator('.environment-bar vscode-button', { hasText: 'Compare Environments…' }).click();
    await workbench.dismissHovers();
    await workbench.quickInput().locator('.monaco-list-row', { hasText: 'Production US' }).first().click();
    const dialog = workbench.page.locator('.monaco-dialog-box');
    await dialog.waitFor();
    assert.match(await dialog.innerText(), /Compare Environments reads the same data from Production US, a production environment\. Read it\?/);
    await workbench.screenshot('compare-production-confirm-dark');
    await dialog.locator('.monaco-button', { hasText: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await workbench.page.waitForTimeout(1_000);
    assert.equal(team.requestCount(), served, 'nothing was read after Cancel');
    await workbench.activateEditorTab(`Blood Pressure: ${user.client_user_id} · Production US`);
  });

  test('after a window reload the panel is back in production and the rows are kept without bodies', async () => {
    const user = shown;
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
