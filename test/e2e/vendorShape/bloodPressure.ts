// Issue 19.3 in a real browser: the blood-pressure panel against a sandbox that answers as the
// vendor's published schema allows (`--shape vendor`): readings with their own timezone_offset,
// sources with and without a device or an app, and now and then a reading in mg/dL or %. Every
// reading is in the table; what was not sent is a quiet "—" whose tooltip says so; a reading in
// another unit is shown as sent, never categorised, and drawn on an axis of its own, not on mmHg.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { FrameLocator } from 'playwright-core';
import type { HealthApiClient } from '../../../src/api/client';
import { iterateBloodPressurePages } from '../../../src/api/paging';
import type { User } from '../../../src/api/schemas';
import { bloodPressureQueryOf, defaultBloodPressureForm } from '../../../src/domain/bloodPressure/bloodPressureQuery';
import { ZoneCalendar } from '../../../src/domain/zonedTime';
import type { VendorWorld } from './world';

// The browser globals the function evaluated in the webview uses (this file compiles without the
// DOM library; the function runs in the page, where these exist).
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

interface SentReadings {
  readings: number;
  otherUnits: number;
  withoutDevice: number;
}

/** What the service sends for the panel's first query (the last 30 days of the user's zone). */
async function sentFor(client: HealthApiClient, user: User): Promise<SentReadings> {
  const zone = new ZoneCalendar(user.fallback_time_zone?.id ?? undefined);
  const query = bloodPressureQueryOf(defaultBloodPressureForm(zone, Date.now()));
  const sent: SentReadings = { readings: 0, otherUnits: 0, withoutDevice: 0 };
  for await (const page of iterateBloodPressurePages(client, user.user_id, query, {})) {
    for (const groups of Object.values(page.groups)) {
      for (const group of groups) {
        sent.readings += group.data.length;
        if (group.source.device_id == null) sent.withoutDevice += group.data.length;
        sent.otherUnits += group.data.filter((reading) => reading.unit != null && reading.unit !== 'mmHg').length;
      }
    }
  }
  return sent;
}

/** Every row of the virtual table, read by scrolling it through: cell texts and tooltips by row index. */
async function allRows(frame: FrameLocator): Promise<{ cells: string[]; titles: (string | null)[]; group: boolean }[]> {
  return frame.locator('body').evaluate(async () => {
    // The grid is its own scroller (its header row sticks).
    const viewport = document.querySelector('#readings')!;
    const rows = new Map<string, { cells: string[]; titles: (string | null)[]; group: boolean }>();
    for (let top = 0; ; top += Math.max(1, Math.floor(viewport.clientHeight / 2))) {
      viewport.scrollTop = top;
      // Two frames: the table renders the rows of a scroll position at the next frame. (No named
      // function in here: tsx would wrap it in a helper the page does not have.)
      await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
      for (const row of document.querySelectorAll('#readings .vrow:not(.vhead)')) {
        const index = row.getAttribute('aria-rowindex');
        if (!index) continue;
        const cells = [...row.querySelectorAll('[role="gridcell"]')];
        rows.set(index, {
          cells: cells.map((cell) => cell.textContent ?? ''),
          titles: cells.map((cell) => cell.getAttribute('title')),
          group: (row.getAttribute('class') ?? '').includes('group-row'),
        });
      }
      if (top >= viewport.scrollHeight) break;
    }
    viewport.scrollTop = 0;
    return [...rows.entries()].sort(([a], [b]) => Number(a) - Number(b)).map(([, row]) => row);
  });
}
export function describeBloodPressureVendor(world: () => VendorWorld): void {
  describe('Blood pressure panel against the vendor-shaped sandbox', () => {
    let user: User;
    let sent: SentReadings;

    before(async () => {
      const { client, workbench } = world();
      const { users } = await client.listUsers({ limit: 20 });
      // The first user whose last 30 days hold a reading in another unit and one from a source without a device.
      for (const candidate of users) {
        const readings = await sentFor(client, candidate);
        if (readings.otherUnits > 0 && readings.withoutDevice > 0) {
          user = candidate;
          sent = readings;
          break;
        }
      }
      assert.ok(user, 'the vendor-shaped sandbox has a user with a reading in another unit and a source without a device');
      await workbench.openViewContainer();
      await workbench.waitForTreeItems((items) => items.some((item) => item.label === user.client_user_id), 'the team\'s users');
    });

    test('every reading is listed; "—" says "Not sent"; a reading in mg/dL or % is not categorised and is drawn on its own axis', async () => {
      const { workbench } = world();
      const frame = await workbench.showBloodPressure(user.client_user_id);
      const status = await frame.locator('.status-line .status-text').innerText();
      assert.match(status, new RegExp(`^${sent.readings} readings`), `every reading sent is loaded: ${status}`);

      const headers = await frame.locator('#readings [role="columnheader"]').allInnerTexts();
      for (const name of ['Sent offset', 'Unit', 'Category', 'Source type', 'Device', 'App']) assert.ok(headers.includes(name), `a ${name} column: ${headers.join(' | ')}`);
      const column = (name: string): number => headers.indexOf(name);

      // Only the rows on screen are built (the rest when scrolled to): the table holds fewer row
      // elements than it has rows, however many readings were loaded.
      const built = await frame.locator('#readings .vrow:not(.vhead)').count();
      const rowCount = Number(await frame.locator('#readings').getAttribute('aria-rowcount')) - 1;
      assert.ok(rowCount > built, `${rowCount} rows in ${built} row elements`);
      const rows = await allRows(frame);
      const readings = rows.filter((r) => !r.group);
      assert.equal(readings.length, sent.readings, 'a row per reading (each built when scrolled to)');
      for (const reading of readings) {
        reading.cells.forEach((text, i) => {
          assert.ok(text.trim() !== '' && !/undefined|null|NaN/.test(text), `no blank, "undefined", "null" or "NaN" cell: ${reading.cells.join(' | ')}`);
          if (text === '—') assert.match(reading.titles[i] ?? '', /not sent/i, `a "—" says it was not sent: ${headers[i]}`);
        });
        // The vendor sends each reading's own offset: the time is in it, and the offset column names it.
        assert.match(reading.titles[column('Sent offset')] ?? '', /timezone_offset/, reading.cells.join(' | '));
      }
      const withoutDevice = readings.filter((r) => r.cells[column('Device')] === '—');
      assert.equal(withoutDevice.length, sent.withoutDevice, 'a source without a device_id shows "—" on each of its readings');
      const other = readings.filter((r) => !['mmHg', '—'].includes(r.cells[column('Unit')] ?? ''));
      assert.equal(other.length, sent.otherUnits, 'the readings in another unit, with their unit as sent');
      for (const reading of other) {
        assert.equal(reading.cells[column('Category')], 'not mmHg', `never categorised: ${reading.cells.join(' | ')}`);
        assert.match(reading.titles[column('Category')] ?? '', /mmHg/);
      }
      const units = [...new Set(other.map((r) => r.cells[column('Unit')]!))];

      // The chart: their own series and axis (named under the chart), not the mmHg one.
      const snapshot = await frame.locator('.other-units-note').innerText();
      for (const unit of units) assert.ok(snapshot.includes(unit), `the chart says ${unit} is drawn apart: ${snapshot}`);
      const legend = await frame.locator('.u-legend .u-series .u-label').allInnerTexts();
      for (const unit of units) assert.ok(legend.some((label) => label.includes(`(${unit})`)), `a series of its own for ${unit}: ${legend.join(' | ')}`);

      // The summary averages the mmHg readings only and counts the others.
      const summary = await frame.locator('table.summary tbody').innerText();
      for (const unit of units) assert.ok(summary.includes(unit), `the summary counts the ${unit} readings apart: ${summary}`);

      // The coverage strip: a row per source as sent, with its source type.
      assert.ok((await frame.locator('.coverage-row .coverage-source').count()) > 0, 'coverage rows name the source type');

      // The tooltip of a point: its time in its own offset, source type, device and app.
      const canvas = frame.locator('.chart-canvas .u-over');
      const box = await canvas.boundingBox();
      assert.ok(box);
      const tooltip = frame.locator('.chart-tooltip');
      for (let x = 0.5; x < 1 && !(await tooltip.isVisible()); x += 0.05) await workbench.page.mouse.move(box.x + box.width * x, box.y + box.height * 0.6);
      await tooltip.waitFor();
      const text = await tooltip.innerText();
      assert.match(text, /Source type: /);
      assert.match(text, /Device: /);
      assert.match(text, /App: /);
      assert.match(text, /[+-]\d\d:\d\d\)/, `the reading's own offset: ${text}`);
      assert.doesNotMatch(text, /undefined|null|NaN/);
      await workbench.screenshot('bp-vendor-shape');
    });
  });
}
