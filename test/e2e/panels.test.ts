// The two panels in a real VS Code workbench driven by a real browser, as a user would use them:
// tree node → chart and table; palette → user picker; query bar; window reload; lab markers with
// LOINC codes; screenshots in Light, Dark and High Contrast. A sandbox started here plays the
// team's API, so the expected numbers come from our own client against that very server.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { FrameLocator, Locator } from 'playwright-core';
import { HealthApiClient } from '../../src/api/client';
import { iterateBloodPressurePages } from '../../src/api/paging';
import type { User } from '../../src/api/schemas';
import { readingsIn } from '../../src/domain/bloodPressure/bloodPressureGroups';
import { bloodPressureQueryOf, type BloodPressureForm } from '../../src/domain/bloodPressure/bloodPressureQuery';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/server';
import { openWorkbench, type ThemeName, type Workbench } from './workbench';

const API_KEY = 'e2e-panels-team-key';
const HEAVY_READINGS = 20_000;
const THEME_FILE_NAMES: Record<ThemeName, string> = { Light: 'light', Dark: 'dark', 'High Contrast': 'highcontrast' };

interface Expected {
  readings: number;
  /** (provider, source type) groups: one header row each in the table. */
  groups: number;
}

async function expectedFor(client: HealthApiClient, user: User, form: BloodPressureForm): Promise<Expected> {
  let readings = 0;
  const groups = new Set<string>();
  for await (const page of iterateBloodPressurePages(client, user.user_id, bloodPressureQueryOf(form))) {
    readings += readingsIn(page.groups);
    for (const list of Object.values(page.groups)) for (const g of list) if (g.data.length > 0) groups.add(`${g.source.provider}|${g.source.type}`);
  }
  return { readings, groups: groups.size };
}

/** Moves the keyboard focus out of a webview, so F1 reaches the workbench. */
async function focusWorkbench(workbench: Workbench): Promise<void> {
  await workbench.sideBar().locator('.composite.title h2').click();
}

/** A toolkit button that is not disabled (actions are disabled while a query loads). */
function enabledButton(frame: FrameLocator, label: string) {
  return frame.locator('vscode-button:not([disabled])', { hasText: label });
}

async function waitForCondition(condition: () => Promise<boolean> | boolean): Promise<void> {
  for (let attempt = 0; attempt < 300 && !(await condition()); attempt++) await new Promise((r) => setTimeout(r, 100));
}

const waitForFile = (path: string): Promise<void> => waitForCondition(() => existsSync(path));

/** The query the panel's query bar shows. */
async function formShown(frame: FrameLocator): Promise<BloodPressureForm> {
  const fields = frame.locator('vscode-text-field');
  const value = (index: number): Promise<string> => fields.nth(index).evaluate((el) => (el as unknown as { value: string }).value);
  const provider = await frame.locator('vscode-dropdown').evaluate((el) => (el as unknown as { value: string }).value);
  return { startDate: await value(0), endDate: await value(1), provider };
}

/**
 * What a text field shows a person, read at the next animation frame: the toolkit's fields render a
 * new value into their inner input at the next frame (FAST's update queue), not at once.
 */
async function shownAtNextFrame(input: Locator): Promise<string> {
  return input.evaluate(
    (element) =>
      new Promise<string>((resolve) =>
        (globalThis as unknown as { requestAnimationFrame(callback: () => void): void }).requestAnimationFrame(() =>
          resolve((element as unknown as { value: string }).value),
        ),
      ),
  );
}

/**
 * Waits for the load of a query over `days` days to finish: the coverage strip counts the new
 * range from `loading` on, so a "pages loaded" after that is this load's and not the one before.
 */
async function waitForLoadOfDays(frame: FrameLocator, days: number): Promise<void> {
  await frame.locator('.coverage-row', { hasText: new RegExp(`of ${days} days`) }).first().waitFor();
  await frame.locator('.status-line', { hasText: /pages loaded/ }).waitFor();
}

/** Rows of the virtual table (aria-rowcount counts its header row too). */
async function tableRowCount(frame: FrameLocator): Promise<number> {
  return Number(await frame.locator('#readings[role="treegrid"]').getAttribute('aria-rowcount')) - 1;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Pixels of the coverage strips painted in the colour of days with readings, along each strip's
 * middle row: the strips are canvases, so what a person sees is read from their pixels.
 */
async function coverageDaysWithReadingsPixels(frame: FrameLocator): Promise<number> {
  return frame.locator('body').evaluate(() => {
    // This runs in the page; this file's types (no DOM) know only what is written here.
    interface Pixels2d {
      fillStyle: string;
      fillRect(x: number, y: number, w: number, h: number): void;
      getImageData(x: number, y: number, w: number, h: number): { data: ArrayLike<number> };
    }
    interface PageCanvas {
      width: number;
      height: number;
      getContext(kind: '2d', options?: object): Pixels2d | null;
    }
    const page = globalThis as unknown as {
      document: { documentElement: object; createElement(tag: 'canvas'): PageCanvas; querySelectorAll(selector: string): Iterable<PageCanvas> };
      getComputedStyle(element: object): { getPropertyValue(name: string): string };
    };
    const probe = page.document.createElement('canvas').getContext('2d', { willReadFrequently: true });
    if (!probe) return 0;
    probe.fillStyle = page.getComputedStyle(page.document.documentElement).getPropertyValue('--vscode-charts-blue').trim();
    probe.fillRect(0, 0, 1, 1);
    const [r, g, b] = Array.from(probe.getImageData(0, 0, 1, 1).data);
    let pixels = 0;
    for (const canvas of page.document.querySelectorAll('.coverage-canvas')) {
      const row = canvas.getContext('2d')?.getImageData(0, canvas.height >> 1, canvas.width, 1).data ?? [];
      for (let i = 0; i < row.length; i += 4) if (row[i] === r && row[i + 1] === g && row[i + 2] === b && row[i + 3] === 255) pixels++;
    }
    return pixels;
  });
}

/** The "N readings (pages loaded: P)." status, as numbers. */
async function statusCounts(frame: FrameLocator): Promise<{ readings: number; pages: number }> {
  const text = await frame.locator('.status-line', { hasText: /pages loaded/ }).innerText();
  const match = /([\d,]+) readings \(pages loaded: (\d+)\)/.exec(text) ?? assert.fail(`unexpected status: ${text}`);
  return { readings: Number(match[1]?.replace(/,/g, '')), pages: Number(match[2]) };
}

describe('Panels in a real workbench', () => {
  let sandbox: SandboxHandle;
  let client: HealthApiClient;
  let workbench: Workbench;
  let regular: User;
  let heavy: User;
  const cspViolations: string[] = [];

  before(async () => {
    sandbox = await startSandbox({ port: 0, users: 6, seed: 11, apiKey: API_KEY, heavyUserReadings: HEAVY_READINGS, bloodPressurePageSize: 500 });
    client = new HealthApiClient({ baseUrl: sandbox.url, apiKey: API_KEY });
    const { users } = await client.listUsers();
    heavy = users.find((u) => u.client_user_id === 'sample-heavy-reader') ?? assert.fail('the heavy reader is listed');
    const since = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10);
    for (const user of users.filter((u) => u !== heavy)) {
      if ((await expectedFor(client, user, { startDate: since, endDate: '', provider: '' })).readings > 0) {
        regular = user;
        break;
      }
    }
    assert.ok(regular, 'a sample user has readings in the last weeks');

    workbench = await openWorkbench({ settings: { 'healthData.baseUrl.sandboxUs': sandbox.url } });
    workbench.page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(`${message.location().url}: ${message.text()}`);
    });
    await workbench.openViewContainer(); // also waits until the extension's contributions are loaded
    await workbench.runCommand('Health Data: Switch Environment…');
    await workbench.pickQuickPickItem(/(^|\s)Sandbox US$/);
    // As a user would: the "No API key" notification's own link leads to the key prompt.
    const noKey = workbench.page.locator('.notifications-toasts .notification-list-item', { hasText: 'No API key for Sandbox US' });
    await noKey.locator('a', { hasText: 'Set API key' }).waitFor();
    assert.equal(await noKey.locator('.monaco-button', { hasText: 'Cancel' }).count(), 0, 'no Cancel that would only close it');
    await noKey.locator('a', { hasText: 'Set API key' }).click();
    await workbench.quickInput().filter({ hasText: 'Sandbox US' }).waitFor();
    await workbench.typeIntoInput(API_KEY);
    await workbench.openViewContainer();
    await workbench.waitForTreeItems((items) => items.some((item) => item.label === regular.client_user_id), 'the team\'s users');
    await noKey.waitFor({ state: 'detached' }); // the notice closes itself once the key is saved
  });

  after(async () => {
    await workbench?.close();
    await client?.close();
    await sandbox?.close();
  });

  test('from a user in the tree: a chart and a table with every reading of the last 30 days', async () => {
    const frame = await workbench.showBloodPressure(regular.client_user_id);

    const form = await formShown(frame);
    assert.match(form.startDate, /^\d{4}-\d{2}-\d{2}$/);
    assert.equal(form.provider, '', 'all providers by default');
    const expected = await expectedFor(client, regular, form);
    assert.ok(expected.readings > 0);
    assert.equal((await statusCounts(frame)).readings, expected.readings);
    assert.equal(await tableRowCount(frame), expected.readings + expected.groups, 'every reading plus one header row per source');
    assert.ok((await frame.locator('.chart-canvas canvas').count()) > 0, 'the chart is drawn on a canvas');
    // The strip draws at the frame after its width is known (a ResizeObserver).
    let painted = await coverageDaysWithReadingsPixels(frame);
    for (const started = Date.now(); painted === 0 && Date.now() - started < 10_000; painted = await coverageDaysWithReadingsPixels(frame)) await sleep(100);
    assert.ok(painted > 0, 'the coverage strip paints the days with readings');
  });

  test('bad dates in the query bar are caught before any request', async () => {
    const frame = await workbench.webview(`Blood Pressure: ${regular.client_user_id}`);
    const before = sandbox.requestCount();
    await frame.locator('vscode-text-field').nth(1).locator('input').fill('2001-01-01');
    await frame.locator('vscode-button', { hasText: 'Apply' }).click();
    const message = await frame.locator('#query-message').innerText();
    assert.match(message, /before the start date/);
    assert.equal(sandbox.requestCount(), before);
    // Back to a valid range (the screenshots below show this panel).
    await frame.locator('vscode-text-field').nth(1).locator('input').fill('');
    await frame.locator('vscode-button', { hasText: 'Apply' }).click();
    await frame.locator('#query-message', { hasText: /^$/ }).waitFor({ state: 'attached' });
    await enabledButton(frame, 'Export CSV').waitFor();
  });

  test('Export CSV writes every reading through the save dialog; Open Raw Response opens the JSON', async () => {
    const title = `Blood Pressure: ${regular.client_user_id}`;
    const frame = await workbench.webview(title);
    const expected = await expectedFor(client, regular, await formShown(frame));
    const target = join(workbench.server.folder, 'readings.csv');
    await enabledButton(frame, 'Export CSV').click();
    // The save dialog (VS Code's own, in the browser) first fills in the suggested file name.
    const pathBox = workbench.quickInput().locator('.quick-input-box input');
    await waitForCondition(async () => /blood-pressure-.+\.csv$/.test(await pathBox.inputValue().catch(() => '')));
    await workbench.typeIntoInput(target);
    await workbench.waitForNotification(/Exported \d+ rows/);
    await waitForFile(target);
    const lines = readFileSync(target, 'utf8').trimEnd().split('\r\n');
    assert.equal(lines[0], 'provider,source_type,timestamp,local_time,time_zone,timezone_offset,systolic,diastolic,unit,category,implausible,device_id,app_id');
    assert.equal(lines.length - 1, expected.readings);

    await (await workbench.webview(title)).locator('vscode-button', { hasText: 'Open Raw Response' }).click();
    await workbench.page.locator('.part.editor .tabs-container .tab', { hasText: /^GET v2 timeseries / }).first().waitFor();
    await workbench.activateEditorTab(title);
  });

  test('the readings table works from the keyboard: Home/End move, Enter folds a source group', async () => {
    const frame = await workbench.webview(`Blood Pressure: ${regular.client_user_id}`);
    const grid = frame.locator('#readings[role="treegrid"]');
    const rows = await tableRowCount(frame);
    await grid.focus();
    await grid.press('End');
    assert.equal(await grid.getAttribute('aria-activedescendant'), `readings-row-${rows - 1}`);
    await grid.press('Home');
    assert.equal(await grid.getAttribute('aria-activedescendant'), 'readings-row-0');
    assert.equal(await frame.locator('#readings-row-0').getAttribute('aria-expanded'), 'true', 'row 0 is a group header');
    await grid.press('Enter');
    await frame.locator('#readings-row-0[aria-expanded="false"]').waitFor();
    assert.ok((await tableRowCount(frame)) < rows, 'the group\'s readings are folded away');
    await grid.press('Enter');
    await frame.locator('#readings-row-0[aria-expanded="true"]').waitFor();
    assert.equal(await tableRowCount(frame), rows);
  });

  test('a slow load shows progress and Cancel stops it, keeping what arrived', async () => {
    const frame = await workbench.webview(`Blood Pressure: ${regular.client_user_id}`);
    sandbox.injectFaults({ kind: 'delay', ms: 60_000, path: '/v2/timeseries/' });
    await enabledButton(frame, 'Apply').click();
    const cancel = frame.locator('.status-line vscode-button', { hasText: 'Cancel' });
    await cancel.waitFor();
    assert.equal(await frame.locator('.status-line vscode-progress-ring').count(), 1);
    await cancel.click();
    await frame.locator('.status-line .status-text', { hasText: /^Cancelled/ }).waitFor();
    sandbox.clearFaults();
    await enabledButton(frame, 'Apply').click();
    await frame.locator('.status-line', { hasText: /pages loaded/ }).waitFor();
  });

  test('from the palette: pick a user, widen the range, and all of a heavy reader\'s readings load', async () => {
    await focusWorkbench(workbench);
    await workbench.runCommand('Health Data: Show Blood Pressure');
    await workbench.dismissHovers();
    await workbench.quickInput().locator('.monaco-list-row', { hasText: heavy.client_user_id }).first().click();
    const frame = await workbench.webview(`Blood Pressure: ${heavy.client_user_id}`);
    await frame.locator('.status-line', { hasText: /pages loaded/ }).waitFor();
    await frame.locator('vscode-text-field').nth(0).locator('input').fill('2000-01-01');
    await frame.locator('vscode-text-field').nth(1).locator('input').fill('');
    await frame.locator('vscode-button', { hasText: 'Apply' }).click();
    await frame.locator('.status-line', { hasText: new RegExp(`${HEAVY_READINGS.toLocaleString('en-US')} readings`) }).waitFor();
    const expected = await expectedFor(client, heavy, await formShown(frame));
    assert.equal(expected.readings, HEAVY_READINGS);
    const status = await statusCounts(frame);
    assert.equal(status.readings, HEAVY_READINGS);
    assert.ok(status.pages > 1, 'the readings came over several cursor pages');
    assert.equal(await tableRowCount(frame), HEAVY_READINGS + expected.groups);
  });

  test('after a window reload the panels come back with their query and re-fetch', async () => {
    const frame = await workbench.webview(`Blood Pressure: ${heavy.client_user_id}`);
    const form = await formShown(frame);
    // The workbench's own reload: VS Code saves the panels' state on the way out, as on a real reload.
    await focusWorkbench(workbench);
    await workbench.runCommand('Developer: Reload Window');
    await workbench.page.waitForEvent('load');
    await workbench.page.locator('.monaco-workbench .part.statusbar').waitFor();
    const restored = await workbench.webview(`Blood Pressure: ${heavy.client_user_id}`);
    await restored.locator('.status-line', { hasText: /pages loaded/ }).waitFor({ timeout: 60_000 });
    assert.deepEqual(await formShown(restored), form);
    assert.equal((await statusCounts(restored)).readings, HEAVY_READINGS);
  });

  test('Cancel pressed like a person (down, 100 ms, up) mid-load stops it, keeping the pages so far', async () => {
    const frame = await workbench.webview(`Blood Pressure: ${heavy.client_user_id}`);
    // 40 pages of 500 readings, each held back a little: a load of several seconds.
    sandbox.injectFaults(...Array.from({ length: 40 }, () => ({ kind: 'delay' as const, ms: 120, path: '/v2/timeseries/' })));
    await enabledButton(frame, 'Apply').click();
    const progress = frame.locator('.status-line .status-text', { hasText: /^Loading… ([2-9]|\d\d) pages/ });
    await progress.waitFor();
    const cancel = frame.locator('.status-line vscode-button', { hasText: 'Cancel' });
    await cancel.evaluate((el) => el.setAttribute('data-probe', 'same-node'));
    const box = await cancel.boundingBox();
    const textBefore = await progress.innerText();
    await waitForCondition(async () => (await frame.locator('.status-line .status-text').innerText()) !== textBefore);
    assert.equal(await frame.locator('.status-line vscode-button[data-probe="same-node"]').count(), 1, 'Cancel is the same element on the next page');
    assert.deepEqual(await cancel.boundingBox(), box, 'and it has not moved');

    await cancel.hover();
    await workbench.page.mouse.down();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await workbench.page.mouse.up();
    const cancelled = frame.locator('.status-line .status-text', { hasText: /^Cancelled: showing the [\d,]+ readings/ });
    await cancelled.waitFor();
    sandbox.clearFaults();
    const kept = Number(/the ([\d,]+) readings/.exec(await cancelled.innerText())?.[1]?.replace(/,/g, ''));
    assert.ok(kept > 0 && kept < HEAVY_READINGS, `some pages were kept, not all: ${kept}`);
    assert.ok((await tableRowCount(frame)) >= kept, 'the table shows what arrived');
    await workbench.screenshot('bp-cancelled');
  });

  test('a long load paints the chart and the first rows with the first page, grows while the rest streams in, and ends with the client\'s counts', async () => {
    const frame = await workbench.webview(`Blood Pressure: ${heavy.client_user_id}`);
    // 40 pages of 500 readings, each held back 400 ms: a load of 16 s or more to look at, longer
    // than the steps below take on a loaded machine (at 150 ms a page, the load was over before them).
    sandbox.injectFaults(...Array.from({ length: 40 }, () => ({ kind: 'delay' as const, ms: 400, path: '/v2/timeseries/' })));
    await enabledButton(frame, 'Apply').click();
    const loadingText = frame.locator('.status-line .status-text', { hasText: /^Loading… [1-9]\d* pages/ });
    await loadingText.waitFor();
    const grid = frame.locator('#readings[role="treegrid"]');
    await waitForCondition(async () => (await grid.isVisible()) && (await tableRowCount(frame)) > 0);
    const stillLoading = async (): Promise<boolean> => /^Loading…/.test(await frame.locator('.status-line .status-text').innerText());
    assert.ok(await stillLoading(), 'rows are on screen before the load has finished');
    const early = await tableRowCount(frame);
    assert.ok(early < HEAVY_READINGS, `only part of the readings so far: ${early}`);
    assert.ok((await frame.locator('.chart-canvas canvas').count()) > 0, 'the chart is drawn while loading');
    assert.ok((await frame.locator('#readings .vrow:not(.vhead):not([hidden])').count()) > 0, 'table rows are painted');
    assert.ok((await frame.locator('.summary tbody tr').count()) > 0, 'the summary is there');
    assert.ok((await frame.locator('.coverage-row .coverage-canvas').count()) > 0, 'the coverage strip is there');
    await workbench.screenshot('bp-streaming');

    // The user can read and move through the table meanwhile; the rows keep coming under it.
    await grid.focus();
    await grid.press('PageDown');
    await grid.press('ArrowDown');
    const active = await grid.getAttribute('aria-activedescendant');
    assert.match(active ?? '', /^readings-row-\d+$/);
    await waitForCondition(async () => (await tableRowCount(frame)) > early);
    assert.ok((await tableRowCount(frame)) > early, 'the table grew with later pages');
    assert.ok(await stillLoading(), 'and the load was still running');
    assert.equal(await grid.getAttribute('aria-activedescendant'), active, 'the keyboard position stayed where the user put it');

    await frame.locator('.status-line', { hasText: /pages loaded/ }).waitFor({ timeout: 60_000 });
    sandbox.clearFaults();
    const expected = await expectedFor(client, heavy, await formShown(frame));
    const status = await statusCounts(frame);
    assert.equal(status.readings, expected.readings);
    assert.equal(await tableRowCount(frame), expected.readings + expected.groups);
    assert.equal(await frame.locator('.status-line vscode-button', { hasText: 'Cancel' }).isVisible(), false, 'Cancel is gone once everything arrived');
  });

  test('presets beside the date fields, and dates typed and stepped from the keyboard', async () => {
    const frame = await workbench.webview(`Blood Pressure: ${regular.client_user_id}`);
    const presets = frame.locator('[role="group"][aria-label="Date range presets"] vscode-button');
    await presets.first().waitFor();
    assert.deepEqual(await presets.allInnerTexts(), ['7 days', '30 days', '90 days', '1 year', 'Since ingestion start']);
    await frame.locator('vscode-button[data-preset="last7"]').click();
    await frame.locator('vscode-button[data-preset="last7"][aria-pressed="true"]').waitFor();
    await waitForLoadOfDays(frame, 7);
    const week = await formShown(frame);
    // Issue 28: "7 days" is 7 calendar days, today included (6 days from the first to the last).
    assert.equal((Date.parse(week.endDate) - Date.parse(week.startDate)) / 86_400_000, 6);
    assert.match(await frame.locator('.coverage-row').first().innerText(), /of 7 days/, 'the coverage strip counts 7 days');
    assert.equal((await statusCounts(frame)).readings, (await expectedFor(client, regular, week)).readings);

    // Keyboard only: Tab into the start field, step it back a day, type an end date, Enter.
    const start = frame.locator('vscode-text-field').nth(0).locator('input');
    await start.focus();
    await start.press('ArrowDown');
    const dayBefore = new Date(Date.parse(week.startDate) - 86_400_000).toISOString().slice(0, 10);
    assert.equal(await shownAtNextFrame(start), dayBefore);
    assert.equal(await frame.locator('vscode-button[aria-pressed="true"]').count(), 0, 'no preset matches a hand-made range');
    await start.press('Tab');
    const end = frame.locator('vscode-text-field').nth(1).locator('input');
    await end.press('Control+A');
    await end.pressSequentially(week.endDate);
    await end.press('Enter');
    await waitForLoadOfDays(frame, 8);
    assert.deepEqual(await formShown(frame), { ...week, startDate: dayBefore });

    // Back to the default 30 days (the screenshots below show this panel).
    await frame.locator('vscode-button[data-preset="last30"]').click();
    await frame.locator('vscode-button[data-preset="last30"][aria-pressed="true"]').waitFor();
    await waitForLoadOfDays(frame, 30);
  });

  test('a drag zooms the chart and the visible Reset zoom button brings the whole range back', async () => {
    const frame = await workbench.webview(`Blood Pressure: ${regular.client_user_id}`);
    const reset = frame.locator('vscode-button.reset-zoom');
    await frame.locator('.chart-canvas canvas').first().waitFor();
    assert.equal(await reset.isVisible(), true);
    assert.equal(await reset.getAttribute('disabled'), '', 'disabled while nothing is zoomed');
    const over = frame.locator('.chart-canvas .u-over');
    const box = (await over.boundingBox()) ?? assert.fail('the chart has a plot area');
    const y = box.y + box.height / 2;
    await workbench.page.mouse.move(box.x + box.width * 0.3, y);
    await workbench.page.mouse.down();
    await workbench.page.mouse.move(box.x + box.width * 0.5, y, { steps: 5 });
    await workbench.page.mouse.up();
    await frame.locator('vscode-button.reset-zoom:not([disabled])').waitFor();
    await workbench.screenshot('bp-zoomed');
    await reset.click();
    await frame.locator('vscode-button.reset-zoom[disabled]').waitFor();
  });

  test('the lab panel lists a lab test\'s markers with the LOINC codes of their expected results', async () => {
    const labTest = sandbox.labTests[0] ?? assert.fail('the sandbox has sample lab tests');
    await focusWorkbench(workbench);
    await workbench.runCommand('Health Data: Show Lab Test Markers…');
    await workbench.quickInput().filter({ hasText: 'lab_test_id' }).waitFor();
    await workbench.typeIntoInput(labTest.id);
    await workbench.quickInput().filter({ hasText: 'lab_account_id (optional)' }).waitFor();
    await workbench.typeIntoInput('');
    const frame = await workbench.webview(`Markers: ${labTest.id}`);
    await frame.locator('.pager', { hasText: /markers in total/ }).waitFor();
    await frame.locator('vscode-button', { hasText: 'Expand / collapse all' }).click();
    await frame.locator('.loinc-code').first().waitFor();
    const shownCodes = new Set(await frame.locator('.loinc-code').allInnerTexts());
    const page = await client.listLabTestMarkers(labTest.id, { page: 1, size: 50 });
    const expectedCodes = new Set(page.markers.flatMap((m) => (m.expected_results ?? []).map((r) => r.loinc?.code)));
    assert.ok(expectedCodes.size > 0);
    assert.deepEqual([...shownCodes].sort(), [...expectedCodes].sort());
    assert.equal(await frame.locator('tr.marker-row').count(), page.markers.length);
  });

  test('screenshots of both panels in Light, Dark and High Contrast', async () => {
    for (const theme of ['Light', 'Dark', 'High Contrast'] as ThemeName[]) {
      await focusWorkbench(workbench);
      await workbench.setTheme(theme);
      const name = THEME_FILE_NAMES[theme];
      const bodyClass = theme === 'Light' ? 'vscode-light' : theme === 'Dark' ? 'vscode-dark' : 'vscode-high-contrast';

      const bp = await workbench.webview(`Blood Pressure: ${regular.client_user_id}`);
      await bp.locator(`body.${bodyClass} .chart-canvas canvas`).first().waitFor();
      await workbench.screenshot(`bp-${name}`);

      const labs = await workbench.webview(`Markers: ${sandbox.labTests[0]?.id}`);
      await labs.locator(`body.${bodyClass} .loinc-code`).first().waitFor();
      await workbench.screenshot(`labs-${name}`);
    }
  });

  test('the lab filter finds markers on every page, not only the one on screen', async () => {
    const labTest = sandbox.labTests[0] ?? assert.fail('the sandbox has sample lab tests');
    await focusWorkbench(workbench);
    await workbench.setTheme('Dark');
    const frame = await workbench.webview(`Markers: ${labTest.id}`);
    const all = await client.listLabTestMarkers(labTest.id, { page: 1, size: 100 });
    const size = frame.locator('vscode-text-field', { hasText: 'Size' }).locator('input');
    await size.fill('2');
    await size.press('Enter');
    // The pager of pages of 2 (the one before, of pages of 50, also reads "Page 1 of …").
    await frame.locator('.pager', { hasText: `Page 1 of ${Math.ceil(all.markers.length / 2)} · ` }).waitFor();
    assert.equal(await frame.locator('tr.marker-row').count(), 2);
    const matching = all.markers.filter((m) => /hdl/i.test(`${m.name} ${m.slug}`) || (m.expected_results ?? []).some((r) => /hdl/i.test(r.loinc?.code ?? '')));
    assert.ok(matching.length > 0);
    await frame.locator('vscode-text-field', { hasText: 'Filter' }).locator('input').fill('HDL');
    await frame.locator('.pager', { hasText: `of all ${all.markers.length} markers match` }).waitFor();
    assert.deepEqual((await frame.locator('tr.marker-row td:nth-child(2)').allInnerTexts()).sort(), matching.map((m) => m.slug).sort());
    await workbench.screenshot('labs-filter-all-pages');
  });

  test('nothing in either panel broke the Content Security Policy', () => {
    assert.deepEqual(cspViolations, []);
  });
});
