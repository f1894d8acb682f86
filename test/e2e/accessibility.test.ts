// Issue 28.3: axe-core inside every panel's webview (blood pressure, lab markers, order set,
// diagnosis, coverage scan), in Light, Dark and High Contrast. One workbench, each panel opened
// once, the theme switched in place; the test fails on any serious or critical violation and names
// its rule, impact and target. axe runs by evaluating its source in the webview's inner frame
// (/work/shared/testing.md: the panel's CSP refuses an injected <script>, the DevTools protocol
// does not).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Frame, FrameLocator } from 'playwright-core';
import { HealthApiClient } from '../../src/api/client';
import type { User } from '../../src/api/schemas';
import { SAMPLE_STORIES } from '../../src/sandbox/data/sampleStories';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/server';
import { REPO_ROOT } from '../host/provision.mjs';
import { openWorkbench, type ThemeName, type Workbench } from './workbench';

const API_KEY = 'e2e-accessibility-team-key';
const AXE_SOURCE = readFileSync(join(REPO_ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
const THEMES: readonly ThemeName[] = ['Light', 'Dark', 'High Contrast'];
const BODY_CLASSES: Record<ThemeName, string> = { Light: 'vscode-light', Dark: 'vscode-dark', 'High Contrast': 'vscode-high-contrast' };

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

interface Panel {
  name: string;
  /** The editor tab's title (a prefix is enough). */
  tab: string;
  /** Something the panel shows once its data arrived. */
  ready: string;
}

/** The serious and critical violations axe finds in the webview's document. */
async function seriousViolations(frame: Frame): Promise<Violation[]> {
  const loaded = await frame.evaluate('typeof axe !== "undefined"');
  if (!loaded) await frame.evaluate(AXE_SOURCE);
  const found = (await frame.evaluate(`axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => JSON.stringify(n.target)),
  })))`)) as Violation[];
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** The inner frame (where the extension's HTML lives) of a FrameLocator. */
async function innerFrame(locator: FrameLocator): Promise<Frame> {
  const body = await locator.locator('body').elementHandle();
  const frame = await body?.ownerFrame();
  return frame ?? assert.fail('the webview has a document');
}

describe('Accessibility of every panel (axe-core) in Light, Dark and High Contrast', () => {
  let sandbox: SandboxHandle;
  let client: HealthApiClient;
  let workbench: Workbench;
  let users: User[];
  const opened: Panel[] = [];

  const focusWorkbench = (): Promise<void> => workbench.sideBar().locator('.composite.title h2').click();

  async function contextMenu(label: string, item: string): Promise<void> {
    const row = workbench.treeRow(label).first();
    await row.scrollIntoViewIfNeeded();
    await row.click({ button: 'right' });
    const entry = workbench.page.getByRole('menuitem', { name: item });
    await entry.waitFor();
    await entry.hover();
    await entry.click();
  }

  async function waitForPanel(panel: Panel): Promise<FrameLocator> {
    const frame = await workbench.webview(panel.tab);
    await frame.locator(panel.ready).first().waitFor({ timeout: 60_000 });
    return frame;
  }

  before(async () => {
    sandbox = await startSandbox({ port: 0, users: 12, seed: 7, apiKey: API_KEY });
    client = new HealthApiClient({ baseUrl: sandbox.url, apiKey: API_KEY });
    users = (await client.listUsers({ limit: 12 })).users;
    workbench = await openWorkbench({ theme: 'Light', settings: { 'healthData.baseUrl.sandboxUs': sandbox.url } });
    await workbench.openViewContainer();
    await workbench.switchEnvironmentAndSetKey('Sandbox US', API_KEY);
    await workbench.openViewContainer();
    const stopped = users[SAMPLE_STORIES.find((s) => s.kind === 'stoppedSyncing')?.position ?? -1] ?? assert.fail('a story user');
    await workbench.waitForTreeItems((items) => items.some((item) => item.label === stopped.client_user_id), "the team's users");

    // Blood pressure, from the user's row.
    const regular = users[0] ?? assert.fail('a user');
    await workbench.clickInlineAction(workbench.treeRow(regular.client_user_id).first(), 'Show Blood Pressure');
    opened.push({ name: 'blood pressure', tab: `Blood Pressure: ${regular.client_user_id}`, ready: '.status-line:has-text("pages loaded")' });
    await waitForPanel(opened.at(-1)!);

    // Diagnosis, from the context menu of a user whose source stopped (warnings and problems shown).
    await focusWorkbench();
    await contextMenu(stopped.client_user_id, 'Diagnose Data…');
    opened.push({ name: 'diagnosis', tab: `Diagnose: ${stopped.client_user_id}`, ready: '.finding' });
    await waitForPanel(opened.at(-1)!);

    // Lab test markers.
    const labTest = sandbox.labTests[0] ?? assert.fail('the sandbox has lab tests');
    await focusWorkbench();
    await workbench.runCommand('Health Data: Show Lab Test Markers…');
    await workbench.quickInput().filter({ hasText: 'lab_test_id' }).waitFor();
    await workbench.typeIntoInput(labTest.id);
    await workbench.quickInput().filter({ hasText: 'lab_account_id (optional)' }).waitFor();
    await workbench.typeIntoInput('');
    opened.push({ name: 'lab markers', tab: 'Markers: ', ready: 'tr.marker-row' });
    await waitForPanel(opened.at(-1)!);

    // Order set: ids typed (a trailing comma: taken as ids, not as a filter of the samples).
    await focusWorkbench();
    await workbench.runCommand('Health Data: Show Order Set Markers…');
    await workbench.quickInput().filter({ hasText: 'lab_test_ids' }).waitFor();
    await workbench.typeIntoInput(`${labTest.id},`);
    await workbench.quickInput().filter({ hasText: 'add-on provider_ids' }).waitFor();
    await workbench.typeIntoInput('');
    opened.push({ name: 'order set', tab: 'Order Set Markers', ready: 'tr.marker-row' });
    await waitForPanel(opened.at(-1)!);

    // Coverage scan, from the Users view's title.
    await focusWorkbench();
    const header = workbench.viewPane('Users').locator('.pane-header').first();
    await header.hover();
    await header.locator('.action-label[aria-label="Scan Data Coverage…"]').click();
    await workbench.pickQuickPickItem('Last 30 days');
    await workbench.pickQuickPickItem('All users');
    await workbench.quickInput().locator('.quick-input-title', { hasText: '(3/3)' }).waitFor();
    await workbench.pickQuickPickItem('Any provider');
    opened.push({ name: 'coverage scan', tab: 'Data Coverage: 30 days', ready: '.status-text:has-text("scanned")' });
    await waitForPanel(opened.at(-1)!);
  });

  after(async () => {
    await workbench?.close();
    await client?.close();
    await sandbox?.close();
  });

  for (const theme of THEMES) {
    test(`${theme}: no serious or critical violation in any panel`, async () => {
      if (theme !== 'Light') {
        await focusWorkbench();
        await workbench.setTheme(theme);
      }
      const report: string[] = [];
      for (const panel of opened) {
        const locator = await waitForPanel(panel);
        await locator.locator(`body.${BODY_CLASSES[theme]}`).waitFor();
        const frame = await innerFrame(locator);
        const title = await frame.title();
        assert.ok(title.trim() !== '', `${panel.name}: the page has a title`);
        for (const v of await seriousViolations(frame)) report.push(`${panel.name}: ${v.id} (${v.impact}) ${v.help} at ${v.targets.join(' ')}`);
      }
      assert.deepEqual(report, [], `axe in ${theme}:\n${report.join('\n')}`);
    });
  }
});
