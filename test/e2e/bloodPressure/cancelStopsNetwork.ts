// Cancel, pressed with the mouse in the middle of the heavy reader's year (600,000 readings in pages
// of 1,000), in a real workbench driven by a real browser: the network stops (once the panel says
// Cancelled, at most the request already on its way reaches the sandbox), the panel's count of readings and pages is the
// count the Requests view recorded for that load, and the chart and the coverage strip mark the part
// never loaded. Timings (click → last request, the webview's delay in handling the click) are
// printed, never asserted beyond that "it stops" (see bench/ and docs/benchmarks.md).
//
// Runs first in the heavy-load file's workbench (bloodPressure.test.ts), on a panel it opens itself;
// it closes its editors and folds the Requests view again when done, as a fresh window would be.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import type { FrameLocator } from 'playwright-core';
import type { User } from '../../../src/api/schemas';
import { dayCount } from '../../../src/domain/dayKeys';
import type { SandboxHandle } from '../../../src/sandbox/server';
import type { Workbench } from '../workbench';

// The few browser globals the functions evaluated in the webview use (these tests compile without the DOM library).
interface PageEvent {
  timeStamp: number;
}
declare const document: { addEventListener(type: string, listener: (event: PageEvent) => void, capture: boolean): void };
declare const window: unknown;

const HEAVY_READINGS = 600_000;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The "Cancelled: showing the N readings loaded so far (pages: P)." numbers. */
async function statusNumbers(frame: FrameLocator): Promise<{ text: string; readings: number; pages: number }> {
  const text = await frame.locator('.status-line .status-text').innerText();
  const readings = Number(/([\d,]+) readings/.exec(text)?.[1]?.replace(/,/g, '') ?? Number.NaN);
  const pages = Number((/pages(?: loaded)?: (\d+)/.exec(text) ?? /^Loading… (\d+) pages/.exec(text))?.[1] ?? Number.NaN);
  return { text, readings, pages };
}

export interface HeavyLoadWorld {
  sandbox: SandboxHandle;
  workbench: Workbench;
  /** The sandbox's heavy reader: 600,000 readings over a year, in pages of 1,000. */
  heavy: User;
}

export function describeCancelStopsNetwork(world: () => HeavyLoadWorld): void {
  describe('Blood pressure panel: Cancel stops the network, and the panel and the Requests view count the same pages', () => {
    after(async () => {
      const { workbench } = world();
      await workbench.sideBar().locator('.composite.title h2').first().click();
      await workbench.runCommand('View: Close All Editors');
      await workbench.page.locator('.part.editor .tabs-container .tab').first().waitFor({ state: 'detached' });
      const requests = workbench.viewPane('Requests').locator('.pane-header').first();
      if ((await requests.getAttribute('aria-expanded')) === 'true') await requests.click();
    });

    test('Cancel pressed with the mouse mid-load: no request after it, the same pages in the panel and the Requests view, the rest marked "not loaded"', async () => {
      const { sandbox, workbench, heavy } = world();
      // The last 30 days (about 50 pages): how long after its last request the panel says it has them all.
      await workbench.clickInlineAction(workbench.treeRow(heavy.client_user_id).first(), 'Show Blood Pressure');
      const openedAt = performance.now();
      const frame = await workbench.webview(`Blood Pressure: ${heavy.client_user_id}`);
      await frame.locator('.status-line', { hasText: /pages loaded/ }).waitFor({ timeout: 120_000 });
      const shownAt = performance.now();
      const lastOfFirstLoad = sandbox.lastRequestAt() ?? Number.NaN;
      console.log(
        `# 30 days (${(await statusNumbers(frame)).pages} pages): requests done ${(lastOfFirstLoad - openedAt).toFixed(0)} ms after the click, all shown ${(shownAt - openedAt).toFixed(0)} ms after it (${(shownAt - lastOfFirstLoad).toFixed(0)} ms behind the network)`,
      );

      await frame.locator('vscode-button[data-preset="lastYear"]').click();
      await frame.locator('.status-line .status-text', { hasText: /^Loading… ([2-9]\d|\d{3}) pages/ }).waitFor({ timeout: 120_000 });
      // The webview stamps, in its own clock, how long the click waited for its main thread.
      await frame.locator('body').evaluate(() => {
        const w = window as unknown as { __click: { delays: number[] } };
        w.__click = { delays: [] };
        for (const type of ['pointerdown', 'pointerup', 'click']) {
          document.addEventListener(type, (event) => w.__click.delays.push(performance.now() - event.timeStamp), true);
        }
      });
      const pagesWhenPressed = (await statusNumbers(frame)).pages;
      const cancel = frame.locator('.status-line vscode-button', { hasText: 'Cancel' });
      await cancel.hover();
      await workbench.page.mouse.down();
      await workbench.page.mouse.up();
      const clickedAt = performance.now();
      await frame.locator('.status-line .status-text', { hasText: /^Cancelled: showing the [\d,]+ readings/ }).waitFor();
      // The host has taken the cancel (it says so): from here on at most the request it had already sent arrives.
      const servedWhenCancelled = sandbox.requestCount();
      // Long enough for a request the host would still send to show up.
      await sleep(1_500);
      const lastRequestMs = (sandbox.lastRequestAt() ?? Number.NaN) - clickedAt;
      const served = sandbox.requestCount();
      await sleep(1_000);
      const servedAfter = sandbox.requestCount() - served;
      const delays = await frame.locator('body').evaluate(() => (window as unknown as { __click: { delays: number[] } }).__click.delays);
      const kept = await statusNumbers(frame);
      // The Requests view: the load's row, newest first, counts the pages that came back and the request Cancel cut.
      await workbench.expandView('Requests');
      const load = workbench.treeRow(/^(200|cancelled) GET \/v2\/timeseries\/[^/]+…\/blood_pressure\/grouped$/, 'Requests').first();
      await load.waitFor();
      const description = await load.locator('.label-description').innerText();
      const recorded = Number(/^(\d+) pages?\b/.exec(description)?.[1] ?? Number.NaN);
      console.log(
        `# Cancel at page ${pagesWhenPressed}: last request ${lastRequestMs.toFixed(0)} ms after the mouse button was released (negative: before it); ` +
          `the webview handled pointerdown / pointerup / click ${delays.map((d) => d.toFixed(0)).join(' / ')} ms after they happened; ` +
          `the panel: "${kept.text}", the Requests view: "${description}"`,
      );

      assert.ok(served - servedWhenCancelled <= 1, `once the panel said Cancelled, at most the request already sent reached the sandbox (${served - servedWhenCancelled} did)`);
      assert.equal(servedAfter, 0, 'and none since');
      assert.ok(kept.pages > 0 && kept.pages < HEAVY_READINGS / 1_000, kept.text);
      assert.equal(kept.readings, kept.pages * 1_000, `every page shown whole: ${kept.text}`);
      assert.equal(recorded, kept.pages, `the Requests view recorded the pages the panel shows: "${description}" vs "${kept.text}"`);
      assert.match(description, /^\d+ pages? · (1 cancelled · )?/, 'at most the request in flight was cut');

      // The part never loaded is marked in the chart and the coverage strip, in words.
      await frame.locator('.chart .not-loaded-band .not-loaded-label', { hasText: 'Not loaded' }).waitFor();
      assert.match(await frame.locator('.chart .not-loaded-note').innerText(), /^Not loaded \(cancelled\): \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d$/);
      const stripNote = await frame.locator('.not-loaded-note').last().innerText();
      const [, notFrom = '', notTo = ''] = /^Not loaded \(cancelled\): (\S+) to (\S+)$/.exec(stripNote) ?? assert.fail(stripNote);
      // Each row counts only the loaded days in its total, the days never loaded apart: together the strip's days.
      const axis = await frame.locator('.coverage-axis span').allInnerTexts();
      const stripDays = dayCount(axis[0] ?? '', axis[1] ?? '');
      for (const rowDays of await frame.locator('.coverage-days').allInnerTexts()) {
        const [, withReadings, loaded, notLoaded] = (/^(\d+) of (\d+) loaded days; (\d+) not loaded$/.exec(rowDays) ?? assert.fail(`"${rowDays}" counts the loaded days`)).map(Number);
        assert.equal(notLoaded, dayCount(notFrom, notTo), `"${rowDays}": the days the note names ("${stripNote}") are the ones not loaded`);
        assert.equal((loaded ?? 0) + (notLoaded ?? 0), stripDays, `"${rowDays}": loaded and not loaded make the strip's ${axis.join(' to ')}`);
        assert.ok((withReadings ?? 0) <= (loaded ?? 0), rowDays);
      }
      const strips = await frame.locator('.coverage-cells').count();
      assert.ok(strips > 0 && (await frame.locator('.coverage-cells .not-loaded-band').count()) === strips, 'every strip marks the days never loaded');
      await frame.locator('.coverage-cells .not-loaded-band .not-loaded-label', { hasText: 'Not loaded' }).waitFor();
      // The strip is a canvas: its last cell's tooltip, under the pointer, says the day was never loaded.
      const canvas = frame.locator('.coverage-canvas').first();
      await canvas.scrollIntoViewIfNeeded();
      const box = (await canvas.boundingBox()) ?? assert.fail('the strip is laid out');
      await canvas.hover({ position: { x: box.width - 2, y: box.height / 2 }, force: true });
      assert.match((await canvas.getAttribute('title')) ?? '', /not loaded \(the load was cancelled\)$/);
      await workbench.dismissHovers();
      await workbench.screenshot('bp-heavy-cancel-not-loaded');
      const coverage = frame.locator('section[aria-label="Coverage"]');
      await coverage.scrollIntoViewIfNeeded();
      await workbench.screenshot('bp-heavy-cancel-coverage', coverage);
    });
  });
}
