// "Why is data missing?" in a real workbench driven by a real browser: Diagnose Data from a user's
// context menu (findings in plain words, the window picker, a link to the blood-pressure panel at
// the finding's range), Save Investigation from a diagnosis replayed offline with the same failure,
// Scan Data Coverage from the Users view title (picks, filters, a row to its diagnosis, progress and
// Cancel), screenshots in Light, Dark and High Contrast. A sandbox started here plays the team's
// API; its documented story users are at known list positions.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { FrameLocator } from 'playwright-core';
import { HealthApiClient } from '../../src/api/client';
import type { User } from '../../src/api/schemas';
import { contrastRatio, parseColor, type Rgb } from '../../src/domain/coverage/heatMapScale';
import { timeZoneIdOf } from '../../src/api/wireValues';
import { SAMPLE_STORIES, STORY_DAYS, type StoryKind } from '../../src/sandbox/data/sampleStories';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/server';
import { daysSinceBetween, localDaysOfUtcDay, utcDayBefore } from '../support/storyClock';
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
    const askedAt = Date.now();
    await contextMenu(user.client_user_id, 'Diagnose Data…');
    const frame = await diagnosis(user);
    const stopped = frame.locator('.finding[data-kind="sourceStopped"]');
    await stopped.waitFor();
    const heading = await stopped.locator('h3').innerText();
    const shownAt = Date.now();
    const [, lastDay = '', days = ''] = /Withings connected on \d{4}-\d{2}-\d{2}, no readings since (\d{4}-\d{2}-\d{2}) \((\d+) days\)/.exec(heading) ?? assert.fail(heading);
    // The count the same clock gives in the user's zone (see test/support/storyClock.ts), not the calendar's.
    const zone = timeZoneIdOf(user) ?? 'UTC';
    const lastUtcDay = utcDayBefore(Date.parse(`${sandbox.today}T00:00:00Z`), STORY_DAYS.stoppedSyncing);
    assert.ok(localDaysOfUtcDay(zone, lastUtcDay).includes(lastDay), `${lastDay} is ${lastUtcDay} (UTC) in ${zone}`);
    assert.ok(daysSinceBetween(zone, lastDay, askedAt, shownAt).includes(Number(days)), `${days} days from ${lastDay} to today in ${zone}`);
    assert.match(await stopped.innerText(), /Evidence[\s\S]*Next step[\s\S]*sync/);
    assert.match(await frame.locator('.subtitle').innerText(), /Environment: Sandbox US/);
    assert.equal(await frame.locator('vscode-button.preset[aria-pressed="true"]').innerText(), 'Last 30 days');
    // In the words the scan's Findings column uses for the same user.
    assert.equal(await frame.locator('.in-short').innerText(), 'In short: stopped syncing');
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

  test('Save Investigation from a diagnosis: saved beside the workspace, replayed offline, the same failure', async () => {
    const user = story('stoppedSyncing');
    await focusWorkbench();
    await contextMenu(user.client_user_id, 'Diagnose Data…');
    const frame = await diagnosis(user);
    await frame.locator('.finding[data-kind="sourceStopped"]').waitFor();
    await workbench.activateEditorTab(`Diagnose: ${user.client_user_id}`);
    await workbench.runCommand('Health Data: Save Investigation…');
    // The save dialog offers investigation.hdnb.md in the workspace folder: take it.
    await workbench.typeIntoInput(`${workbench.server.folder}/investigation.hdnb.md`);
    await workbench.waitForNotification(/Saved the investigation .*investigation\.hdnb\.md: \d+ fixtures in investigation\.fixtures/);
    const saved = readFileSync(join(workbench.server.folder, 'investigation.hdnb.md'), 'utf8');
    assert.match(saved, /^fixtures: investigation\.fixtures$/m);
    assert.match(saved, /^expect readings every day$/m, 'the stopped source left days without a reading');
    assert.ok(!saved.includes(user.client_user_id) && !saved.includes(user.user_id), 'the saved notebook names no one');

    // Offline: the notebook runs against the recording beside it, and the finding fails as it did.
    const notebook = workbench.page.locator('.notebookOverlay').first();
    await notebook.locator('.cell-list-container .monaco-list-row.code-cell-row').first().waitFor();
    await workbench.runCommand('Notebook: Run All');
    await workbench.pickNotebookControllerIfAsked(notebook);
    await notebook.locator('.monaco-list-row.code-cell-row .codicon-notebook-state-error').first().waitFor({ timeout: 90_000 });
    const outputs = workbench.page.locator('.notebookOverlay iframe.webview').first().contentFrame().locator('iframe#active-frame').contentFrame();
    await outputs.getByText(/days without a reading/).first().waitFor({ timeout: 30_000 });
    await outputs.getByText(/the recording in investigation\.fixtures/).first().waitFor({ timeout: 10_000 });
    // As the next test expects the workbench: the notebook (whose output webview would stay in front of
    // the next panel's) closed without keeping its run.
    await workbench.runCommand('View: Revert and Close Editor');
    await workbench.page.locator('.notebookOverlay').first().waitFor({ state: 'hidden' });
  });

  const scanPanel = (days = 30): Promise<FrameLocator> => workbench.webview(`Data Coverage: ${days} days`);

  test('Scan Data Coverage from the Users view title: three picks, every user scanned, filters, a row opens its diagnosis', async () => {
    await focusWorkbench();
    await workbench.openViewContainer();
    // The view's title actions show while the pointer is over the view.
    // Two views in the container: the Users view's title actions are in its own header.
    const header = workbench.viewPane('Users').locator('.pane-header').first();
    await header.hover();
    await header.locator('.action-label[aria-label="Scan Data Coverage…"]').click();
    await workbench.pickQuickPickItem('Last 30 days');
    await workbench.pickQuickPickItem('All users');
    // The provider step leaves out the providers that report no blood pressure, and says which.
    await workbench.quickInput().locator('.quick-input-title', { hasText: '(3/3)' }).waitFor();
    const providers = await workbench.quickPickLabels();
    assert.ok(['Any provider', 'Omron', 'Withings', 'iHealth', 'Apple HealthKit', 'Garmin'].every((name) => providers.includes(name)), providers.join());
    for (const none of ['Fitbit', 'Oura', 'Freestyle Libre', 'Dexcom']) assert.ok(!providers.includes(none), `${none} is not offered`);
    const placeholder = (await workbench.quickInput().locator('input').first().getAttribute('placeholder')) ?? '';
    assert.match(placeholder, /Fitbit, Oura, Freestyle Libre, Dexcom.* report no blood pressure/);
    await workbench.pickQuickPickItem('Any provider');
    const frame = await scanPanel();
    await frame.locator('.status-text', { hasText: '24 users: 24 scanned, 0 failed' }).waitFor();
    assert.match(await frame.locator('h1').innerText(), /last 30 days, all users, any provider/);
    assert.match(await frame.locator('.subtitle').innerText(), /Environment: Sandbox US/);
    assert.equal(Number(await frame.locator('#scan-rows').getAttribute('aria-rowcount')) - 1, 24);
    // Nothing in the table is cut off: headers, dates, "none in the window", findings.
    const clipped = await frame
      .locator('#scan-rows .vhead > *, #scan-rows .vspacer .vrow:not([hidden]) > *')
      .evaluateAll((cells) => cells.filter((cell) => cell.scrollWidth > cell.clientWidth).map((cell) => String(cell.textContent)));
    assert.deepEqual(clipped, []);

    await frame.locator('vscode-button[data-filter="neverDelivered"]').click();
    await frame.locator('.shown-rows', { hasText: /^1 of 24/ }).waitFor();
    const never = story('neverDelivered');
    assert.match(await frame.locator('#scan-rows-row-0').innerText(), new RegExp(never.client_user_id));

    await frame.locator('vscode-button[data-filter="stoppedSyncing"]').click();
    await frame.locator('#scan-rows-row-0').waitFor();
    const stoppedRows = await frame.locator('#scan-rows .vspacer .vrow:not([hidden]) > div:first-child').allInnerTexts();
    assert.ok(stoppedRows.includes(story('stoppedSyncing').client_user_id), stoppedRows.join());
    // Its last reading is the one found before the window, and its findings are the diagnosis's.
    const stoppedRow = frame.locator('#scan-rows .vspacer .vrow:not([hidden])', { hasText: story('stoppedSyncing').client_user_id });
    const cells = await stoppedRow.locator('> div').allInnerTexts();
    assert.match(cells[1] ?? '', /^\d{4}-\d{2}-\d{2}$/, `last reading: ${cells.join(' | ')}`);
    assert.equal(cells[5], 'stopped syncing');

    // Keyboard: focus the grid, End then Enter opens the last row's diagnosis.
    await frame.locator('vscode-button[data-filter="all"]').click();
    await frame.locator('.shown-rows', { hasText: /^24 of 24/ }).waitFor();
    const grid = frame.locator('#scan-rows[role="grid"]');
    await grid.focus();
    await grid.press('Home');
    const firstUser = await frame.locator('#scan-rows-row-0 > div').first().innerText();
    await grid.press('Enter');
    const firstDiagnosed = users.find((u) => u.client_user_id === firstUser) ?? assert.fail(firstUser);
    await (await diagnosis(firstDiagnosed)).locator('.finding').first().waitFor();

    // The heat map draws the same rows in the same order; a click on its third row diagnoses that user.
    const scan = await scanPanel();
    const thirdUser = await scan.locator('#scan-rows-row-2 > div').first().innerText();
    const heat = scan.locator('.heat-viewport');
    await heat.scrollIntoViewIfNeeded();
    const rowHeight = Number(await scan.locator('.heat-map').getAttribute('data-row-height'));
    await heat.click({ position: { x: 300, y: 2.5 * rowHeight } });
    await (await diagnosis(users.find((u) => u.client_user_id === thirdUser) ?? assert.fail(thirdUser))).locator('.finding').first().waitFor();
    await workbench.activateEditorTab('Data Coverage: 30 days');
  });

  test('a slow user: progress counts users, Cancel (by mouse) keeps the rows done and lists the user not scanned', async () => {
    const slow = story('longGap');
    sandbox.injectFaults({ kind: 'delay', ms: 60_000, path: `/v2/timeseries/${slow.user_id}/` });
    try {
      let frame = await scanPanel();
      await frame.locator('vscode-button', { hasText: 'Scan Again' }).click();
      frame = await scanPanel();
      await frame.locator('.status-text', { hasText: /Scanning: 23 of 24 users done, \d+ requests, 0 errors/ }).waitFor();
      await frame.locator('.status-line vscode-button', { hasText: 'Cancel' }).click();
      await frame.locator('.status-text', { hasText: /^Cancelled: 23 of 24 users scanned/ }).waitFor();
      assert.deepEqual(await frame.locator('.not-scanned-list li').allInnerTexts(), [slow.client_user_id]);
      assert.equal(Number(await frame.locator('#scan-rows').getAttribute('aria-rowcount')) - 1, 23);
      await workbench.screenshot('scan-cancelled');
    } finally {
      sandbox.clearFaults();
    }
    const frame = await scanPanel();
    await frame.locator('vscode-button', { hasText: 'Scan Again' }).click();
    await frame.locator('.status-text', { hasText: '24 users: 24 scanned, 0 failed' }).waitFor();
  });

  test('screenshots of the diagnosis and the scan in Light, Dark and High Contrast', async () => {
    const user = story('stoppedSyncing');
    for (const theme of ['Light', 'Dark', 'High Contrast'] as ThemeName[]) {
      await focusWorkbench();
      await workbench.setTheme(theme);
      const frame = await diagnosis(user);
      await frame.locator(`body.${BODY_CLASSES[theme]} .finding[data-kind="sourceStopped"]`).waitFor();
      // The chosen window looks pressed too, also after the page was rebuilt for a tab shown again.
      assert.equal(await frame.locator('vscode-button.preset[aria-pressed="true"]').getAttribute('appearance'), 'primary');
      await workbench.screenshot(`diagnosis-${THEME_FILE_NAMES[theme]}`);
      const scan = await scanPanel();
      await scan.locator(`body.${BODY_CLASSES[theme]} #scan-rows-row-0`).waitFor();
      await scan.locator('h1').evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await workbench.screenshot(`scan-${THEME_FILE_NAMES[theme]}`);
      await scan.locator('.heat-frame').evaluate((el) => el.scrollIntoView({ block: 'end' }));
      // From its first row (the check below scrolls it), as a person opening the scan sees it.
      await scan.locator('.heat-viewport').evaluate((viewport) => (viewport.scrollTop = 0));
      await workbench.page.waitForTimeout(100);
      await workbench.screenshot(`scan-heatmap-${THEME_FILE_NAMES[theme]}`);
      await checkHeatMap(scan, theme);
    }
  });

  /**
   * The heat map as drawn in `theme`: labels at least the UI font size (11 px at the least), the
   * four steps standing out more and more from the background, an empty row drawn in the empty
   * step only and a delivering user's row in fuller ones (pixels read back from the canvas).
   */
  async function checkHeatMap(scan: FrameLocator, theme: ThemeName): Promise<void> {
    // Page-side code: the element is untyped here (these tests compile without the DOM library).
    const look = await scan.locator('.heat-map').evaluate((map) => {
      const view = map.ownerDocument.defaultView;
      const body = view.getComputedStyle(map.ownerDocument.body);
      return {
        fontPx: Number(map.dataset.fontPx),
        rowHeight: Number(map.dataset.rowHeight),
        levels: String(map.dataset.levels ?? '').split(';'),
        uiFontPx: Number.parseFloat(body.getPropertyValue('--vscode-font-size')),
        background: String(body.backgroundColor),
        swatches: Array.from(map.querySelectorAll('.heat-swatch'), (swatch) => String(view.getComputedStyle(swatch).backgroundColor)),
      };
    });
    assert.ok(look.fontPx >= 11 && look.fontPx >= look.uiFontPx, `${theme}: labels ${look.fontPx} px, UI ${look.uiFontPx} px`);
    const background = parseColor(look.background) ?? assert.fail(look.background);
    const steps = look.levels.map((level) => parseColor(level) ?? assert.fail(level));
    const against = steps.map((step) => contrastRatio(step, background));
    for (let level = 1; level < 4; level++) assert.ok(against[level]! > against[level - 1]!, `${theme}: ${against.map((c) => c.toFixed(2)).join(' < ')}`);
    assert.deepEqual(look.swatches.map((swatch) => parseColor(swatch)), steps, `${theme}: the legend shows the same steps`);

    const rowCells = async (clientUserId: string): Promise<Rgb[]> => {
      // The heat map's rows are the table's, in its order: find the user's index in the table.
      // (No named functions in page code: the test runner's transform would wrap them in a helper the page lacks.)
      const index = await scan.locator('#scan-rows').evaluate(async (grid, id) => {
        const viewport = grid; // the grid is its own scroller
        const view = grid.ownerDocument.defaultView;
        const total = Number(grid.getAttribute('aria-rowcount')) - 1;
        for (let i = 0; i < total; i++) {
          viewport.scrollTop = i * 22;
          await new Promise((resolve) => view.requestAnimationFrame(() => view.requestAnimationFrame(resolve)));
          if (grid.ownerDocument.getElementById(`scan-rows-row-${i}`)?.firstElementChild?.textContent === id) return i;
        }
        return -1;
      }, clientUserId);
      assert.ok(index >= 0, `${clientUserId} is a row of the table`);
      return scan.locator('.heat-frame').evaluate(
        (frame, { index, rowHeight }) => {
          const viewport = frame.querySelector('.heat-viewport');
          const canvas = frame.querySelector('canvas');
          const view = frame.ownerDocument.defaultView;
          viewport.scrollTop = index * rowHeight;
          return new Promise<Rgb[]>((resolve) =>
            view.requestAnimationFrame(() =>
              view.requestAnimationFrame(() => {
                const ratio = canvas.width / viewport.clientWidth;
                const context = canvas.getContext('2d');
                const cellWidth = (viewport.clientWidth - 150) / 30;
                const y = Math.round((index * rowHeight - viewport.scrollTop + rowHeight / 2) * ratio);
                resolve(
                  Array.from({ length: 30 }, (_, day) => {
                    const [r = 0, g = 0, b = 0] = context.getImageData(Math.round((150 + (day + 0.5) * cellWidth) * ratio), y, 1, 1).data as number[];
                    return { r, g, b };
                  }),
                );
              }),
            ),
          );
        },
        { index, rowHeight: look.rowHeight },
      );
    };
    const near = (a: Rgb, b: Rgb): boolean => Math.abs(a.r - b.r) <= 2 && Math.abs(a.g - b.g) <= 2 && Math.abs(a.b - b.b) <= 2;
    const stopped = await rowCells(story('stoppedSyncing').client_user_id);
    assert.ok(stopped.every((cell) => near(cell, steps[0]!)), `${theme}: the stopped user's row is empty: ${JSON.stringify(stopped)}`);
    const rich = await rowCells(users[0]!.client_user_id);
    assert.ok(rich.some((cell) => steps.slice(1).some((step) => near(cell, step))), `${theme}: a delivering user's row has readings: ${JSON.stringify(rich)}`);
    assert.ok(rich.every((cell) => steps.some((step) => near(cell, step))), `${theme}: every cell is one of the four steps`);
  }
});
