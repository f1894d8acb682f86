// "Why is data missing?" in a real workbench driven by a real browser: Diagnose Data from a user's
// context menu (findings in plain words, the window picker, a link to the blood-pressure panel at
// the finding's range), screenshots in Light, Dark and High Contrast. A sandbox started here plays
// the team's API; its documented story users are at known list positions.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FrameLocator } from 'playwright-core';
import { HealthApiClient } from '../../src/api/client';
import type { User } from '../../src/api/schemas';
import { SAMPLE_STORIES, type StoryKind } from '../../src/sandbox/data/sampleStories';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/server';
import { openWorkbench, type ThemeName, type Workbench } from './workbench';

const API_KEY = 'e2e-coverage-team-key';
const THEME_FILE_NAMES: Record<ThemeName, string> = { Light: 'light', Dark: 'dark', 'High Contrast': 'highcontrast' };
const BODY_CLASSES: Record<ThemeName, string> = { Light: 'vscode-light', Dark: 'vscode-dark', 'High Contrast': 'vscode-high-contrast' };

describe('Why is data missing? in a real workbench', () => {
  let sandbox: SandboxHandle;
  let client: HealthApiClient;
  let workbench: Workbench;
  let users: User[];
  const story = (kind: StoryKind): User => users[SAMPLE_STORIES.find((s) => s.kind === kind)?.position ?? -1] ?? assert.fail(kind);

  /** Moves the keyboard focus out of a webview, so F1 reaches the workbench. */
  const focusWorkbench = (): Promise<void> => workbench.sideBar().locator('.composite.title h2').click();

  async function contextMenu(label: string, item: string): Promise<void> {
    const row = workbench.treeRow(label).first();
    await row.scrollIntoViewIfNeeded();
    await row.click({ button: 'right' });
    const entry = workbench.page.getByRole('menuitem', { name: item });
    await entry.waitFor();
    // A menu item runs on mouse up after a mouse down on it: hover first, as a hand would.
    await entry.hover();
    await entry.click();
  }

  before(async () => {
    sandbox = await startSandbox({ port: 0, users: 24, seed: 7, apiKey: API_KEY });
    client = new HealthApiClient({ baseUrl: sandbox.url, apiKey: API_KEY });
    users = (await client.listUsers({ limit: 24 })).users;
    workbench = await openWorkbench({ theme: 'Dark', settings: { 'healthData.baseUrl.sandboxUs': sandbox.url } });
    await workbench.openViewContainer();
    await workbench.switchEnvironmentAndSetKey('Sandbox US', API_KEY);
    await workbench.openViewContainer();
    await workbench.waitForTreeItems((items) => items.some((item) => item.label === story('longGap').client_user_id), "the team's users");
  });

  after(async () => {
    await workbench?.close();
    await client?.close();
    await sandbox?.close();
  });

  const diagnosis = (user: User): Promise<FrameLocator> => workbench.webview(`Diagnose: ${user.client_user_id}`);

  test('Diagnose Data from the tree: the stopped source in plain words, its evidence and a next step, the environment in the header', async () => {
    const user = story('stoppedSyncing');
    await contextMenu(user.client_user_id, 'Diagnose Data…');
    const frame = await diagnosis(user);
    const stopped = frame.locator('.finding[data-kind="sourceStopped"]');
    await stopped.waitFor();
    assert.match(await stopped.locator('h3').innerText(), /Withings connected on \d{4}-\d{2}-\d{2}, no readings since \d{4}-\d{2}-\d{2} \(4[89] days\)/);
    assert.match(await stopped.innerText(), /Evidence[\s\S]*Next step[\s\S]*sync/);
    assert.match(await frame.locator('.subtitle').innerText(), /Environment: Sandbox US/);
    assert.equal(await frame.locator('vscode-button.preset[aria-pressed="true"]').innerText(), 'Last 30 days');
  });

  test('the window picker re-diagnoses; "Show blood pressure" opens the panel at the finding\'s range', async () => {
    const user = story('ingestionStartsInWindow');
    await focusWorkbench();
    await contextMenu(user.client_user_id, 'Diagnose Data…');
    let frame = await diagnosis(user);
    await frame.locator('.finding[data-kind="windowStartsBeforeIngestion"]').waitFor();
    await frame.locator('vscode-button.preset', { hasText: 'Last 7 days' }).click();
    await frame.locator('vscode-button.preset[aria-pressed="true"]', { hasText: 'Last 7 days' }).waitFor();
    await frame.locator('.status-text', { hasText: /readings in the window/ }).waitFor();
    assert.equal(await frame.locator('.finding[data-kind="windowStartsBeforeIngestion"]').count(), 0, '7 days start after ingestion_start');

    const stopped = story('stoppedSyncing');
    frame = await diagnosis(stopped);
    const link = frame.locator('.finding[data-kind="sourceStopped"] vscode-button', { hasText: 'Show blood pressure' });
    const hint = (await link.getAttribute('title')) ?? '';
    const [, from, to] = /from (\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2})/.exec(hint) ?? assert.fail(hint);
    await link.click();
    const bp = await workbench.webview(`Blood Pressure: ${stopped.client_user_id}`);
    const start = bp.locator('vscode-text-field').first();
    await bp.locator('.status-line', { hasText: /pages loaded/ }).waitFor();
    assert.equal(await start.evaluate((el) => (el as unknown as { value: string }).value), from);
    assert.equal(await bp.locator('vscode-text-field').nth(1).evaluate((el) => (el as unknown as { value: string }).value), to);
    assert.equal(await bp.locator('vscode-dropdown').evaluate((el) => (el as unknown as { value: string }).value), 'withings');
    await workbench.activateEditorTab(`Diagnose: ${stopped.client_user_id}`);
  });

  test('screenshots of the diagnosis in Light, Dark and High Contrast', async () => {
    const user = story('stoppedSyncing');
    for (const theme of ['Light', 'Dark', 'High Contrast'] as ThemeName[]) {
      await focusWorkbench();
      await workbench.setTheme(theme);
      const frame = await diagnosis(user);
      await frame.locator(`body.${BODY_CLASSES[theme]} .finding[data-kind="sourceStopped"]`).waitFor();
      await workbench.screenshot(`diagnosis-${THEME_FILE_NAMES[theme]}`);
    }
  });
});
