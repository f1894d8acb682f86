// Issue 28.2 in a real browser: values the panels should not trust. A proxy in front of the sandbox
// plays the vendor's stand-in: it adds to a user's blood pressure readings that cannot be one
// (13.7/97 mmHg), an outlier (1,005 mmHg) and a reading whose timezone_offset disagrees with its
// timestamp (07:35:59+02:00 with 7380 s), and gives a lab test's markers a total one above what the
// page holds. What a person sees: "implausible" (with why) instead of a category, the summary's
// count of readings left out, the outliers named under the chart, one time for the reading in the
// summary and the table, a group of one reading that says "1 reading", and a pager that says what
// the page holds.
//
// One suite of the untrusted-input file (untrusted.test.ts): its own sandbox behind the shared
// workbench's switchboard, which plays the stand-in's rewriting proxy.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FrameLocator } from 'playwright-core';
import { HealthApiClient } from '../../../src/api/client';
import type { User } from '../../../src/api/schemas';
import { addDays, ZoneCalendar } from '../../../src/domain/zonedTime';
import { startSandbox, type SandboxHandle } from '../../../src/sandbox/server';
import { openMarkersPanel } from '../vendorShape/world';
import type { Workbench } from '../workbench';
import { enterTeam, leaveClean, type Json, type UntrustedWorld } from './world';

// The browser globals the function evaluated in the webview uses (this file compiles without the DOM library).
interface PageElement {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
  textContent: string | null;
  getAttribute(name: string): string | null;
  querySelectorAll(selector: string): Iterable<PageElement>;
}
declare const document: { querySelector(selector: string): PageElement | null; querySelectorAll(selector: string): Iterable<PageElement> };
declare function requestAnimationFrame(callback: () => void): number;

const API_KEY = 'e2e-chart-trust-team-key';

/** Every row of the virtual table, read by scrolling it through (the grid is its own scroller). */
async function allRows(frame: FrameLocator): Promise<{ cells: string[]; titles: (string | null)[] }[]> {
  return frame.locator('body').evaluate(async () => {
    const grid = document.querySelector('#readings')!;
    const rows = new Map<string, { cells: string[]; titles: (string | null)[] }>();
    for (let top = 0; ; top += Math.max(1, Math.floor(grid.clientHeight / 2))) {
      grid.scrollTop = top;
      await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
      for (const row of document.querySelectorAll('#readings .vspacer .vrow')) {
        const index = row.getAttribute('aria-rowindex');
        if (!index) continue;
        const cells = [...row.querySelectorAll('[role="gridcell"]')];
        rows.set(index, { cells: cells.map((cell) => cell.textContent ?? ''), titles: cells.map((cell) => cell.getAttribute('title')) });
      }
      if (top >= grid.scrollHeight) break;
    }
    grid.scrollTop = 0;
    return [...rows.entries()].sort(([a], [b]) => Number(a) - Number(b)).map(([, row]) => row);
  });
}

export function describeChartTrust(world: () => UntrustedWorld): void {
  describe('Values the panels should not trust, in a real workbench', () => {
    let sandbox: SandboxHandle;
    let client: HealthApiClient;
    let workbench: Workbench;
    let viewport: { width: number; height: number } | null = null;
    let user: User;
    let provider = '';
    /** The day before the panel's 30 days: the injected reading is its provider's first. */
    let earlyDay = '';
    /** Three days ago: the day of the readings no blood pressure can have. */
    let recentDay = '';
    const labMarkersHeld = { count: -1 };

    before(async () => {
      sandbox = await startSandbox({ port: 0, users: 4, seed: 29, apiKey: API_KEY });
      client = new HealthApiClient({ baseUrl: sandbox.url, apiKey: API_KEY });
      const { users } = await client.listUsers({ limit: 4 });
      user = users[0] ?? assert.fail('a user');
      const zone = new ZoneCalendar(user.fallback_time_zone?.id ?? undefined);
      earlyDay = addDays(zone.dayKey(Date.now()), -31);
      recentDay = addDays(zone.dayKey(Date.now()), -3);
      let injected = false;
      const rewrite = (path: string, body: Json): Json => {
        if (path.includes(`/v2/timeseries/${user.user_id}/blood_pressure/grouped`) && !injected) {
          for (const groups of Object.values((body.groups ?? {}) as Record<string, { source: { provider: string }; data: Json[] }[]>)) {
            const group = groups.find((g) => g.data.length > 0);
            if (!group) continue;
            injected = true;
            provider = group.source.provider;
            group.data.push(
              { timestamp: `${earlyDay}T07:35:59+02:00`, systolic: 121, diastolic: 79, unit: 'mmHg', timezone_offset: 7380 },
              { timestamp: `${recentDay}T08:00:00+00:00`, systolic: 13.7, diastolic: 97, unit: 'mmHg' },
              { timestamp: `${recentDay}T09:00:00+00:00`, systolic: 1005, diastolic: 80, unit: 'mmHg' },
            );
            break;
          }
          // A source with a single reading: its group header says "1 reading".
          (body.groups as Record<string, unknown>).solo = [
            { source: { provider: 'solo', type: 'cuff' }, data: [{ timestamp: `${recentDay}T10:00:00+00:00`, systolic: 118, diastolic: 76, unit: 'mmHg' }] },
          ];
        }
        if (/^\/v3\/lab_tests\/[^/]+\/markers$/.test(path)) {
          const markers = (body.markers ?? []) as unknown[];
          labMarkersHeld.count = markers.length;
          return { ...body, total: markers.length + 1, pages: 1 };
        }
        return body;
      };
      workbench = world().workbench;
      viewport = workbench.page.viewportSize();
      await workbench.page.setViewportSize({ width: 1400, height: 1000 });
      await enterTeam(world(), 'Sandbox US', sandbox.url, API_KEY, { rewrite, firstUser: user.client_user_id });
    });

    after(async () => {
      if (workbench) await leaveClean(world());
      if (viewport) await workbench.page.setViewportSize(viewport);
      await client?.close();
      await sandbox?.close();
    });

    test('implausible readings say so and why, the summary counts them apart, outliers are named, one time for one reading', async () => {
      const frame = await workbench.showBloodPressure(user.client_user_id);
      assert.ok(provider !== '', 'the proxy added its readings');

      const headers = await frame.locator('#readings [role="columnheader"]').allInnerTexts();
      const column = (name: string): number => headers.findIndex((header) => header.startsWith(name));
      const rows = await allRows(frame);
      const bySystolic = (value: string) => rows.find((r) => r.cells[column('Systolic')] === value) ?? assert.fail(`a row with systolic ${value}`);
      const notAPressure = bySystolic('13.7');
      assert.equal(notAPressure.cells[column('Category')], 'implausible', 'not "Stage 2"');
      assert.match(notAPressure.titles[column('Category')] ?? '', /systolic 13.7 is not above diastolic 97/);
      const outlier = bySystolic('1005');
      assert.equal(outlier.cells[column('Category')], 'implausible');
      assert.match(outlier.titles[column('Category')] ?? '', /outside 40–300 mmHg/);

      const summaryHeaders = await frame.locator('table.summary thead th').allInnerTexts();
      const summaryRow = frame.locator('table.summary tbody tr', { has: frame.locator('th', { hasText: new RegExp(`^${provider}$`) }) });
      const summaryCells = await summaryRow.locator('th, td').allInnerTexts();
      assert.equal(summaryCells[summaryHeaders.indexOf('Implausible (left out)')], '2', summaryCells.join(' | '));

      // The reading whose two offsets disagree: the same time in the table and as the summary's First.
      const shown = `${earlyDay} 07:38:59`;
      const earlyRow = rows.find((r) => r.cells[column('Time')] === shown) ?? assert.fail(`the table shows the time at timezone_offset, ${shown}`);
      assert.equal(earlyRow.cells[column('Systolic')], '121');
      assert.equal(earlyRow.cells[column('Sent offset')], '+02:03');
      assert.equal(summaryCells[summaryHeaders.indexOf('First')], shown, 'the summary shows the same time');

      const groupHeaders = rows.filter((r) => r.cells.length === 1).map((r) => r.cells[0] ?? '');
      assert.ok(groupHeaders.includes('▾ solo · cuff — 1 reading'), groupHeaders.join(' | '));
      assert.ok(groupHeaders.every((header) => !/\b1 readings/.test(header)), groupHeaders.join(' | '));

      const note = await frame.locator('.outlier-note').innerText();
      const axis = /beyond the mmHg axis \((\d+)–(\d+)\)/.exec(note) ?? assert.fail(`the chart names its outliers: ${note}`);
      assert.ok(Number(axis[2]) < 400, `the mmHg axis is not stretched to 1,005: ${note}`);

      // Issue 34.4: zoomed to the two hours around 13.7/97 and 1,005/80, where the fence alone drew
      // the axis from −24 to 639, values no blood pressure can have sit at the edges of the bands.
      const zone = new ZoneCalendar(user.fallback_time_zone?.id ?? undefined);
      const [from, to] = (await frame.locator('.chart-range').innerText()).split(' – ').map((wall) => zone.wallTimeToEpoch(Date.parse(`${wall.trim().replace(' ', 'T')}Z`)));
      assert.ok(Number.isFinite(from) && Number.isFinite(to), 'the chart says its range');
      const over = (await frame.locator('.chart-canvas .u-over').boundingBox()) ?? assert.fail('the chart');
      const xOf = (epochMs: number): number => over.x + (over.width * (epochMs - from!)) / (to! - from!);
      const y = over.y + over.height / 2;
      await workbench.page.mouse.move(xOf(Date.parse(`${recentDay}T07:30:00Z`)), y);
      await workbench.page.mouse.down();
      await workbench.page.mouse.move(xOf(Date.parse(`${recentDay}T09:30:00Z`)), y, { steps: 5 });
      await workbench.page.mouse.up();
      await frame.locator('vscode-button.reset-zoom:not([disabled])').waitFor();
      const zoomed = await frame.locator('.outlier-note').innerText();
      const zoomedAxis = /(\d+) values? lie beyond the mmHg axis \((-?\d+)–(\d+)\)/.exec(zoomed) ?? assert.fail(`the zoomed chart names its outliers: ${zoomed}`);
      assert.ok(Number(zoomedAxis[1]) >= 2, `13.7 and 1,005 drawn at the edges: ${zoomed}`);
      assert.ok(Number(zoomedAxis[2]) >= 0 && Number(zoomedAxis[2]) <= 50, `the axis starts at 0 or above and keeps the bands: ${zoomed}`);
      assert.ok(Number(zoomedAxis[3]) >= 190 && Number(zoomedAxis[3]) < 330, `not stretched towards 1,005: ${zoomed}`);
      await workbench.screenshot('chart-trust-zoomed-implausible');
      // The contract lens names the disagreement of the offsets beside the data.
      await frame.locator('.deviation-line').waitFor();
    });

    test('a lab page whose total is more than it holds: the pager says what it holds and what the server says', async () => {
      const labTest = sandbox.labTests[0] ?? assert.fail('the sandbox has lab tests');
      // As from the palette, the one way the vendor-shaped suites open it too.
      const frame = await openMarkersPanel(workbench, labTest.id);
      await frame.locator('tr.marker-row').first().waitFor({ timeout: 60_000 });
      const held = labMarkersHeld.count;
      assert.ok(held > 0, 'the proxy saw the page');
      const pager = await frame.locator('.pager').innerText();
      const expected = held === 1 ? `1 marker on this page; the server says 2 in total` : `${held} markers on this page; the server says ${held + 1} in total`;
      assert.ok(pager.includes(expected), pager);
      assert.doesNotMatch(pager, /markers in total/, 'the total is not repeated as fact');
      await frame.locator('.deviation-line').waitFor();
    });
  });
}
