// The blood-pressure panel under a heavy load and from the keyboard, in a real workbench driven by
// a real browser: the sandbox's heavy reader with 600,000 readings in pages of 1,000 over a year,
// Cancel pressed with the mouse in the middle of it, Tab through every control, the chart zoomed
// with keys, a year of a user whose second provider never delivered (no horizontal scrollbar), and
// screenshots in Light, Dark and High Contrast. Timings are printed, never asserted (see bench/).
// Cancel's effect on the network and the Requests view runs first, in this workbench
// (bloodPressure/cancelStopsNetwork.ts).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { FrameLocator } from 'playwright-core';
import { HealthApiClient } from '../../src/api/client';
import type { User } from '../../src/api/schemas';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/server';
import { describeCancelStopsNetwork } from './bloodPressure/cancelStopsNetwork';
import { openWorkbench, type ThemeName, type Workbench } from './workbench';

// The few browser globals the functions evaluated in the webview use (these tests compile without
// the DOM library; the functions run in the page, where these exist).
interface PageElement {
  tagName: string;
  id: string;
  classList: Iterable<string> & { length: number };
  textContent: string | null;
  getAttribute(name: string): string | null;
  getBoundingClientRect(): { right: number };
}
declare const document: {
  activeElement: PageElement | null;
  body: PageElement;
  documentElement: { scrollWidth: number; clientWidth: number };
  hasFocus(): boolean;
  addEventListener(type: string, listener: () => void, capture: boolean): void;
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): Iterable<PageElement>;
};
declare const window: unknown;
declare class MutationObserver {
  constructor(callback: () => void);
  observe(target: PageElement, options: { childList: boolean; characterData: boolean; subtree: boolean }): void;
}

const API_KEY = 'e2e-blood-pressure-key';
const HEAVY_READINGS = 600_000;

/** The "N readings (pages loaded: P)." or "Cancelled: showing the N readings … (pages: P)." numbers. */
async function statusNumbers(frame: FrameLocator): Promise<{ text: string; readings: number; pages: number }> {
  const text = await frame.locator('.status-line .status-text').innerText();
  const readings = Number(/([\d,]+) readings/.exec(text)?.[1]?.replace(/,/g, '') ?? Number.NaN);
  const pages = Number((/pages(?: loaded)?: (\d+)/.exec(text) ?? /^Loading… (\d+) pages/.exec(text))?.[1] ?? Number.NaN);
  return { text, readings, pages };
}

async function tableRows(frame: FrameLocator): Promise<number> {
  return Number(await frame.locator('#readings[role="treegrid"]').getAttribute('aria-rowcount')) - 1;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** What has keyboard focus inside the webview, in words a failure message can show. */
async function focused(frame: FrameLocator): Promise<string> {
  return frame.locator('body').evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return document.hasFocus() ? 'body' : 'outside the webview';
    const label = active.getAttribute('aria-label') ?? active.textContent?.trim().replace(/\s+/g, ' ').slice(0, 30) ?? '';
    return `${active.tagName.toLowerCase()}${active.id ? `#${active.id}` : ''}${active.classList.length ? `.${[...active.classList].join('.')}` : ''} "${label}"`;
  });
}

describe('Blood pressure panel: a heavy load, the keyboard and the layout', () => {
  let sandbox: SandboxHandle;
  let client: HealthApiClient;
  let workbench: Workbench;
  let heavy: User;
  /** A user with a second connected provider that never delivered a reading (its coverage row is empty). */
  let silent: User;

  before(async () => {
    sandbox = await startSandbox({ port: 0, users: 20, seed: 11, apiKey: API_KEY, heavyUserReadings: HEAVY_READINGS, bloodPressurePageSize: 1_000 });
    client = new HealthApiClient({ baseUrl: sandbox.url, apiKey: API_KEY });
    const { users } = await client.listUsers({ limit: 20 });
    heavy = users.find((u) => u.client_user_id === 'sample-heavy-reader') ?? assert.fail('the heavy reader is listed');
    // List position 11 after the heavy reader: Omron delivers, iHealth is connected and never did (sampleStories.ts).
    silent = users.filter((u) => u !== heavy)[11] ?? assert.fail('the "never delivered" story user is listed');
    assert.deepEqual((silent.connected_sources ?? []).map((c) => c.source?.slug).sort(), ['ihealth', 'omron']);

    workbench = await openWorkbench({ theme: 'Light', settings: { 'healthData.baseUrl.sandboxUs': sandbox.url } });
    await workbench.openViewContainer();
    await workbench.switchEnvironmentAndSetKey('Sandbox US', API_KEY);
    await workbench.openViewContainer();
    await workbench.waitForTreeItems((items) => items.some((item) => item.label === heavy.client_user_id), 'the team\'s users');
  });

  after(async () => {
    await workbench?.close();
    await client?.close();
    await sandbox?.close();
  });

  // First, on a panel of its own: Cancel checked against the network and the Requests view.
  describeCancelStopsNetwork(() => ({ sandbox, workbench, heavy }));

  const openPanel = (user: User): Promise<FrameLocator> => workbench.showBloodPressure(user.client_user_id, 120_000);

  test('Cancel pressed with the mouse in the middle of 600,000 readings stops the load at once, keeps the rows and says so', async () => {
    const frame = await openPanel(heavy);
    await frame.locator('vscode-button[data-preset="lastYear"]').click();
    const loading = frame.locator('.status-line .status-text', { hasText: /^Loading… ([2-9]\d|\d{3}) pages/ });
    await loading.waitFor({ timeout: 120_000 });
    const cancel = frame.locator('.status-line vscode-button', { hasText: 'Cancel' });
    // The webview stamps the button's release and the first "Cancelled" text in its own clock.
    await frame.locator('body').evaluate(() => {
      const w = window as unknown as { __cancel: { pressedAt?: number; shownAt?: number } };
      w.__cancel = {};
      document.addEventListener('pointerup', () => (w.__cancel.pressedAt ??= performance.now()), true);
      const text = document.querySelector('.status-line .status-text')!;
      new MutationObserver(() => {
        if (text.textContent?.startsWith('Cancelled')) w.__cancel.shownAt ??= performance.now();
      }).observe(text, { childList: true, characterData: true, subtree: true });
    });
    const pagesBefore = (await statusNumbers(frame)).pages;
    await cancel.hover();
    await workbench.page.mouse.down();
    await sleep(100);
    await workbench.page.mouse.up();
    const cancelled = frame.locator('.status-line .status-text', { hasText: /^Cancelled: showing the [\d,]+ readings/ });
    await cancelled.waitFor();
    const stamps = await frame.locator('body').evaluate(() => (window as unknown as { __cancel: { pressedAt?: number; shownAt?: number } }).__cancel);
    assert.ok(stamps.pressedAt !== undefined && stamps.shownAt !== undefined, JSON.stringify(stamps));
    console.log(`# Cancel took effect ${(stamps.shownAt - stamps.pressedAt).toFixed(0)} ms after the button was released (page ${pagesBefore} of 600 when pressed)`);

    const kept = await statusNumbers(frame);
    assert.ok(kept.readings > 0 && kept.readings < HEAVY_READINGS, `part of the load is kept: ${kept.text}`);
    assert.ok(kept.pages >= pagesBefore && kept.pages < 600, kept.text);
    const groups = await frame.locator('#readings .group-row').count();
    assert.ok(groups > 0);
    assert.equal(await tableRows(frame), kept.readings + 3, 'the table holds every kept reading (and a header row per source: omron, withings, apple_health_kit)');
    assert.equal(await cancel.isVisible(), false, 'Cancel is gone');
    assert.equal(await frame.locator('vscode-button:not([disabled])', { hasText: 'Export CSV' }).count(), 1, 'what was kept can be exported');

    // The load has stopped: no more requests, no more rows, the same words.
    await sleep(1_500);
    const requests = sandbox.requestCount();
    await sleep(2_500);
    assert.equal(sandbox.requestCount(), requests, 'no request after the Cancel');
    assert.equal(await tableRows(frame), kept.readings + 3, 'the table did not grow');
    assert.equal((await statusNumbers(frame)).text, kept.text, 'the status still says it was cancelled');
    await workbench.screenshot('bp-heavy-cancelled');

    // The export holds exactly the readings on screen.
    const target = join(workbench.server.folder, 'cancelled.csv');
    await frame.locator('vscode-button:not([disabled])', { hasText: 'Export CSV' }).click();
    const pathBox = workbench.quickInput().locator('.quick-input-box input');
    for (let attempt = 0; attempt < 100 && !/\.csv$/.test(await pathBox.inputValue().catch(() => '')); attempt++) await sleep(100);
    await workbench.typeIntoInput(target);
    await workbench.waitForNotification(/Exported [\d,]+ rows/);
    const lines = readFileSync(target, 'utf8').trimEnd().split('\r\n');
    assert.equal(lines.length - 1, kept.readings, 'the CSV has the readings shown, not the pages that were on their way');
  });

  test('Tab goes through every control in reading order and round again; nothing invisible takes a stop', async () => {
    const frame = await workbench.webview(`Blood Pressure: ${heavy.client_user_id}`);
    await frame.locator('h1').click();
    const seen: string[] = [];
    for (let press = 0; press < 24; press++) {
      await workbench.page.keyboard.press('Tab');
      seen.push(await focused(frame));
    }
    const order = seen.join('\n');
    for (const stop of seen) assert.doesNotMatch(stop, /^(body|outside the webview)$|vviewport/, `a Tab stop with nothing visible to focus:\n${order}`);
    const index = (pattern: RegExp): number => seen.findIndex((stop) => pattern.test(stop));
    const expected = [/vscode-text-field.*Start date/, /vscode-text-field.*End date/, /data-preset|preset/, /vscode-dropdown#provider/, /"Apply"/, /"Export CSV…"/, /"Copy as cURL"/, /chart-canvas/, /#readings/, /"Compare Environments…"/];
    const positions = expected.map(index);
    positions.forEach((position, i) => assert.ok(position >= 0, `${expected[i]} is reached with Tab:\n${order}`));
    assert.deepEqual([...positions].sort((a, b) => a - b), positions, `in reading order, the environment bar after the table (round again):\n${order}`);
    assert.equal(seen[positions.at(-1)! + 1] ?? '', seen[0], `then the query again:\n${order}`);

    // And back: Shift+Tab from the start date reaches Compare Environments, then the table.
    await frame.locator('vscode-text-field').nth(0).locator('input').focus();
    await workbench.page.keyboard.press('Shift+Tab');
    assert.match(await focused(frame), /Compare Environments/);
    await workbench.page.keyboard.press('Shift+Tab');
    assert.match(await focused(frame), /#readings/);
  });

  test('the chart zooms and moves with the keys the panel names, and Escape shows everything again', async () => {
    const frame = await workbench.webview(`Blood Pressure: ${heavy.client_user_id}`);
    assert.match(await frame.locator('.chart-keys').innerText(), /\+ and − zoom, ← and → move, 0 or Esc/);
    const chart = frame.locator('.chart-canvas');
    const range = frame.locator('.chart-range');
    const whole = await range.innerText();
    await chart.focus();
    await workbench.page.keyboard.press('+');
    await frame.locator('vscode-button.reset-zoom:not([disabled])').waitFor();
    const zoomed = await range.innerText();
    assert.notEqual(zoomed, whole);
    await workbench.page.keyboard.press('+');
    const closer = await range.innerText();
    assert.notEqual(closer, zoomed);
    await workbench.page.keyboard.press('ArrowLeft');
    const moved = await range.innerText();
    assert.ok(moved < closer, `← moves back in time: ${closer} → ${moved}`);
    await workbench.screenshot('bp-heavy-zoomed-keys');
    await workbench.page.keyboard.press('Escape');
    await frame.locator('vscode-button.reset-zoom[disabled]').waitFor();
    assert.equal(await range.innerText(), whole);
    assert.match(await focused(frame), /chart-canvas/, 'the chart keeps the focus');
  });

  test('a year of a user whose second provider never delivered fits the page: no horizontal scrollbar; a cut header has a tooltip', async () => {
    await workbench.page.setViewportSize({ width: 1100, height: 900 });
    const frame = await openPanel(silent);
    await frame.locator('vscode-button[data-preset="lastYear"]').click();
    await frame.locator('vscode-button[data-preset="lastYear"][aria-pressed="true"]').waitFor();
    await frame.locator('.status-line', { hasText: /pages loaded/ }).waitFor();
    const rows = frame.locator('.coverage-row[role="listitem"]');
    assert.deepEqual((await rows.locator('.coverage-provider').allInnerTexts()).sort(), ['ihealth', 'omron']);
    assert.match(await rows.filter({ hasText: 'ihealth' }).locator('.coverage-days').innerText(), /^0 of 36\d days$/);
    const overflow = await frame.locator('body').evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
      widest: Math.max(...[...document.querySelectorAll('main *')].map((e) => e.getBoundingClientRect().right)),
    }));
    assert.ok(overflow.scrollWidth <= overflow.clientWidth, `no horizontal scrollbar: ${JSON.stringify(overflow)}`);
    assert.ok(overflow.widest <= overflow.clientWidth + 0.5, `nothing reaches past the page: ${JSON.stringify(overflow)}`);
    const headers = frame.locator('#readings [role="columnheader"]');
    for (const header of await headers.all()) assert.equal(await header.getAttribute('title'), (await header.innerText()).trim());
    assert.equal(await headers.nth(1).getAttribute('title'), 'Sent offset');
    await workbench.screenshot('bp-silent-provider-year');
    await workbench.page.setViewportSize({ width: 1400, height: 900 });
  });

  test('screenshots of a year of 600,000 readings, and of a silent provider, in Light, Dark and High Contrast', async () => {
    const names: Record<ThemeName, string> = { Light: 'light', Dark: 'dark', 'High Contrast': 'highcontrast' };
    for (const theme of ['Light', 'Dark', 'High Contrast'] as ThemeName[]) {
      await workbench.sideBar().locator('.composite.title h2').click();
      await workbench.setTheme(theme);
      const bodyClass = theme === 'Light' ? 'vscode-light' : theme === 'Dark' ? 'vscode-dark' : 'vscode-high-contrast';
      const silentFrame = await workbench.webview(`Blood Pressure: ${silent.client_user_id}`);
      await silentFrame.locator(`body.${bodyClass} .chart-canvas canvas`).first().waitFor();
      await silentFrame.locator('.status-line', { hasText: /pages loaded/ }).waitFor();
      await workbench.screenshot(`bp-silent-provider-${names[theme]}`);
      const heavyFrame = await workbench.webview(`Blood Pressure: ${heavy.client_user_id}`);
      await heavyFrame.locator(`body.${bodyClass} .chart-canvas canvas`).first().waitFor();
      // A webview shown again gets its pages once more from the host: wait until they are all there.
      await heavyFrame.locator('.status-line .status-text', { hasText: /^Cancelled/ }).waitFor({ timeout: 120_000 });
      await workbench.screenshot(`bp-heavy-${names[theme]}`);
    }
  });
});
