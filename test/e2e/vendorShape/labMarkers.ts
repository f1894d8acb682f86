// The lab-markers panel in a real workbench and a real browser, against a sandbox that answers as
// the vendor's published schema allows (`--shape vendor`): every marker of the body shown, a panel
// marker as a badge, prices from the page's pricing, AOE questions opened and closed from the
// keyboard, "no LOINC" and "—" (tooltip "not sent") for what was not sent, and never a blank,
// "undefined", "null" or "NaN" cell.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { FrameLocator } from 'playwright-core';
import { formatMinorAmount } from '../../../src/domain/labs/markerFacts';
import type { Workbench } from '../workbench';
import { openMarkersPanel, type VendorWorld } from './world';

async function openLabTest(workbench: Workbench, labTestId: string): Promise<FrameLocator> {
  const frame = await openMarkersPanel(workbench, labTestId);
  await frame.locator('tr.marker-row').first().waitFor({ timeout: 60_000 });
  return frame;
}

/** Texts of the table's leaf cells (a cell holding a table is not one). */
function leafCellTexts(frame: FrameLocator): Promise<string[]> {
  return frame.locator('table.markers td').evaluateAll((cells) => cells.filter((cell) => !cell.querySelector('table')).map((cell) => (cell.textContent ?? '').trim()));
}

export function describeLabMarkersVendor(world: () => VendorWorld): void {
  describe('Lab markers from a service shaped like the vendor\'s, in a real workbench', () => {
    let panel: FrameLocator;

    test('every marker, its price, AOE questions from the keyboard, "no LOINC" and "—" for what was not sent', async () => {
        const { sandbox, client, workbench } = world();
      // The lipid panel's markers ask the fasting question and hold a result without LOINC.
      const labTest = sandbox.labTests[0] ?? assert.fail('the sandbox has lab tests');
      const page = await client.listLabTestMarkers(labTest.id, { page: 1, size: 50 });
      const frame = await openLabTest(workbench, labTest.id);
      panel = frame;
      assert.equal(await frame.locator('tr.marker-row').count(), page.markers.length, 'a row for every marker of the body');

      // The lab's list price is "refer to contract" for these: the page's pricing says so, over the marker's "N/A".
      const reasons = page.markers.map((m) => page.pricing?.data?.[String(m.id)]?.unspecified);
      assert.ok(reasons.every((reason) => typeof reason === 'string'), 'the page prices every marker');
      assert.deepEqual(await frame.locator('tr.marker-row td.price').allInnerTexts(), reasons);

      const texts = await leafCellTexts(frame);
      assert.deepEqual(texts.filter((text) => /^(|undefined|null|NaN)$/.test(text)), [], 'no blank, "undefined", "null" or "NaN" cell');
      const missing = frame.locator('td.missing');
      assert.ok((await missing.count()) > 0, 'values not sent are shown');
      assert.deepEqual([...new Set(await missing.evaluateAll((cells) => cells.map((c) => `${c.textContent}|${c.getAttribute('title')}`)))], ['—|not sent']);

      // AOE: a real button, opened and closed with the keyboard like the expected results.
      const withAoe = page.markers.find((m) => (m.aoe?.questions ?? []).length > 0) ?? assert.fail('a marker with AOE questions');
      const aoeButton = frame.locator(`button[aria-controls="marker-${withAoe.id}-aoe"]`);
      assert.equal(await aoeButton.getAttribute('aria-expanded'), 'false');
      await aoeButton.focus();
      await workbench.page.keyboard.press('Enter');
      const question = withAoe.aoe?.questions?.[0]?.value ?? assert.fail('the question has a text');
      await frame.locator(`#marker-${withAoe.id}-aoe`, { hasText: question }).waitFor();
      assert.equal(await frame.locator(`button[aria-controls="marker-${withAoe.id}-aoe"]`).getAttribute('aria-expanded'), 'true');

      // Expected results: required shown, a result without LOINC says so.
      await frame.locator('vscode-button', { hasText: 'Expand / collapse all' }).click();
      const noLoinc = page.markers.flatMap((m) => m.expected_results ?? []).filter((r) => r.loinc === null || r.loinc === undefined).length;
      assert.ok(noLoinc > 0, 'the body holds a result without LOINC');
      await frame.locator('.no-loinc').first().waitFor();
      assert.equal(await frame.locator('.no-loinc').count(), noLoinc);
      assert.equal(await frame.locator('.no-loinc').first().getAttribute('title'), 'not sent');
      assert.equal(await frame.locator('.pager').innerText(), `Page 1 of 1 · ${page.total} markers in total`);
      await workbench.screenshot('labs-vendor-shape');

      await frame.locator(`button[aria-controls="marker-${withAoe.id}-aoe"]`).focus();
      await workbench.page.keyboard.press('Space');
      await frame.locator(`#marker-${withAoe.id}-aoe`).waitFor({ state: 'detached' });
    });

    test('a panel marker is marked as a panel; sorting by price keeps every marker, those without one last', async () => {
      const { sandbox, client, workbench } = world();
      // A lab test whose page holds a panel marker and a price in cents.
      const candidates = await Promise.all(sandbox.labTests.map(async (labTest) => ({ labTest, page: await client.listLabTestMarkers(labTest.id, { page: 1, size: 50 }) })));
      const { labTest, page } =
        candidates.find(({ page }) => page.markers.some((m) => m.type === 'panel') && page.markers.some((m) => typeof page.pricing?.data?.[String(m.id)]?.base_amount_minor === 'number')) ??
        assert.fail('a lab test with a priced panel');
      const panels = page.markers.filter((m) => m.type === 'panel').length;
      // Asked from the panel's own query form, as a user switching lab tests would.
      const frame = panel;
      const field = frame.locator('vscode-text-field', { hasText: 'lab_test_id' }).locator('input');
      await field.fill(labTest.id);
      await field.press('Enter');
      await frame.locator('tr.marker-row .badge.panel').first().waitFor();
      assert.equal(await frame.locator('tr.marker-row').count(), page.markers.length);
      assert.equal(await frame.locator('tr.marker-row .badge.panel').count(), panels);
      const amounts = page.markers.flatMap((m) => {
        const minor = page.pricing?.data?.[String(m.id)]?.base_amount_minor;
        return typeof minor === 'number' ? [formatMinorAmount(minor, page.pricing?.currency ?? undefined, 'en')] : [];
      });
      assert.ok(amounts.some((amount) => /^\$\d+\.\d{2}$/.test(amount)), `a price in dollars: ${amounts.join(', ')}`);
      const shown = await frame.locator('tr.marker-row td.price').allInnerTexts();
      for (const amount of amounts) assert.ok(shown.includes(amount), `${amount} is shown (${shown.join(', ')})`);
      await frame.locator('button.sort', { hasText: 'Price' }).click();
      await frame.locator('th[aria-sort="ascending"]').waitFor();
      assert.equal(await frame.locator('tr.marker-row').count(), page.markers.length);
      await workbench.screenshot('labs-vendor-panel');
    });
  });
}
