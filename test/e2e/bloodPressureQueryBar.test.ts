// The blood-pressure query bar against a late host, in a real browser without a workbench: the
// webview bundle in a plain page that gives it `acquireVsCodeApi`, with this test playing the host. On a busy machine the host's `loading` for a query the user sent can come
// seconds after the click; by then the user may be typing the next range, and that echo must not
// put the old dates back. The bundle is the one in dist/ (the e2e runner's packaging builds it).
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import type { BloodPressureForm } from '../../src/domain/bloodPressure/bloodPressureQuery';
import type { BloodPressureHostMessage } from '../../src/shared/bloodPressureProtocol';
import { bloodPressureStrings } from '../../bench/lib/panelStrings';
import { launchBrowser, type LaunchedBrowser } from '../host/browser.mjs';
import { REPO_ROOT } from '../host/provision.mjs';

interface HarnessWindow {
  __posted: Array<{ type: string; form?: BloodPressureForm }>;
  postMessage(message: unknown, target: string): void;
  requestAnimationFrame(callback: () => void): void;
}

/** The page VS Code would give the bundle, minus VS Code: what the webview posts lands in window.__posted. */
function harnessPage(dist: string): string {
  const asset = (file: string): string => pathToFileURL(join(dist, 'webview', file)).href;
  const file = join(mkdtempSync(join(tmpdir(), 'hde-query-bar-')), 'bloodPressure.html');
  writeFileSync(
    file,
    `<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8"><link rel="stylesheet" href="${asset('bloodPressure.css')}">
<script>
  window.__posted = [];
  let state;
  window.acquireVsCodeApi = () => ({ postMessage: (m) => window.__posted.push(m), getState: () => state, setState: (s) => { state = s; } });
</script></head><body class="vscode-light"><script src="${asset('bloodPressure.js')}"></script></body></html>`,
  );
  return pathToFileURL(file).href;
}

const FIRST_FORM: BloodPressureForm = { startDate: '2026-10-01', endDate: '2026-10-30', provider: '' };

async function post(page: Page, message: BloodPressureHostMessage): Promise<void> {
  await page.evaluate((m) => (window as unknown as HarnessWindow).postMessage(m, '*'), message);
}

/** The queries the webview has sent with `apply`, oldest first. */
async function applied(page: Page): Promise<BloodPressureForm[]> {
  return page.evaluate(() =>
    (window as unknown as HarnessWindow).__posted.flatMap((m) => (m.type === 'apply' && m.form ? [m.form] : [])),
  );
}

/** The start and end fields as a person sees them, after the next frame (the toolkit renders then). */
async function datesShown(page: Page): Promise<[string, string]> {
  return page.evaluate(
    () =>
      new Promise<[string, string]>((resolve) =>
        (window as unknown as HarnessWindow).requestAnimationFrame(() => {
          const inputs = [...document.querySelectorAll('vscode-text-field')].map(
            (field) => (field.shadowRoot?.querySelector('input') as { value: string } | null)?.value ?? '',
          );
          resolve([inputs[0] ?? '', inputs[1] ?? '']);
        }),
      ),
  );
}

declare const document: {
  querySelectorAll(selector: string): Iterable<{ shadowRoot: { querySelector(selector: string): unknown } | null }>;
};
declare const window: unknown;

describe('Blood-pressure query bar with a late host', () => {
  let browser: LaunchedBrowser;
  let page: Page;

  before(async () => {
    const dist = join(REPO_ROOT, 'dist');
    assert.ok(existsSync(join(dist, 'webview', 'bloodPressure.js')), 'dist/webview/bloodPressure.js is built (npm run build, or the e2e runner\'s packaging)');
    browser = await launchBrowser({ viewport: { width: 1400, height: 900 } });
    page = browser.page;
    await page.goto(harnessPage(dist));
    await page.waitForFunction(() => (window as unknown as HarnessWindow).__posted.some((m) => m.type === 'ready'));
    await post(page, {
      type: 'init',
      strings: await bloodPressureStrings(),
      locale: 'en-US',
      user: { userId: 'user-1', clientUserId: 'client-1', timeZone: 'UTC', timeZoneFromUser: true, providers: [{ slug: 'omron', name: 'Omron' }] },
      form: FIRST_FORM,
    });
    await post(page, { type: 'loading', form: FIRST_FORM, load: 1 });
    await post(page, { type: 'complete', pages: 0, readings: 0, cancelled: false });
    await page.locator('vscode-button[data-preset="last7"]').waitFor();
  });

  after(async () => {
    await browser?.close();
  });

  test('the late echo of a preset the user clicked leaves the date the user typed since', async () => {
    await page.locator('vscode-button[data-preset="last7"]').click();
    const [week] = await applied(page);
    assert.ok(week, 'the preset sent its query');
    assert.deepEqual(await datesShown(page), [week.startDate, week.endDate]);

    const start = page.locator('vscode-text-field').nth(0).locator('input');
    await start.press('Control+A');
    await start.pressSequentially('2026-01-05');
    await post(page, { type: 'loading', form: week, load: 2 }); // the host's echo, late
    assert.deepEqual(await datesShown(page), ['2026-01-05', week.endDate], 'what the user typed stays');
    assert.equal(await page.locator('vscode-button[aria-pressed="true"]').count(), 0, 'and no preset claims the hand-made range');

    await start.press('Enter');
    const sent = (await applied(page)).at(-1);
    assert.deepEqual(sent, { ...week, startDate: '2026-01-05' }, 'Enter sends what the fields show');
  });

  test('a query the host loads on its own (the tree, a command) is shown in the fields', async () => {
    const fromTree: BloodPressureForm = { startDate: '2026-03-01', endDate: '2026-03-31', provider: '' };
    await post(page, { type: 'loading', form: fromTree, load: 3 });
    assert.deepEqual(await datesShown(page), [fromTree.startDate, fromTree.endDate]);
  });

  test('a preset clicked while the host starts a load of its own: the preset\'s load, which comes last, is what the fields show', async () => {
    await page.locator('vscode-button[data-preset="last30"]').click();
    const month = (await applied(page)).at(-1);
    assert.ok(month, 'the preset sent its query');
    const restored: BloodPressureForm = { startDate: '2026-05-01', endDate: '2026-05-31', provider: '' };
    await post(page, { type: 'loading', form: restored, load: 4 }); // posted by the host before it read the click
    assert.deepEqual(await datesShown(page), [restored.startDate, restored.endDate]);
    await post(page, { type: 'loading', form: month, load: 5 });
    assert.deepEqual(await datesShown(page), [month.startDate, month.endDate]);
    await page.locator('vscode-button[data-preset="last30"][aria-pressed="true"]').waitFor();
  });
});
