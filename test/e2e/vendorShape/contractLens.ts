// The contract lens in a panel, in a real workbench driven by a real browser: against a sandbox
// that answers as the vendor's service does (--shape vendor), the lab-markers panel shows the line
// "This response differs from the spec in N places" with the N our own client counts against the
// same server; Show (from the keyboard) opens the list; Dismiss hides it for that load. And what
// the panel offers when a response cannot be used: Open Raw Response shows a refused body, and a
// 401 offers the other key header, which loads again.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { deviationCount, type Deviation } from '../../../src/api/contract/deviations';
import { openMarkersPanel, VENDOR_API_KEY, type VendorWorld } from './world';

export function describeContractLens(world: () => VendorWorld): void {
  describe('Contract lens in a panel', () => {
    let labTestId: string;
    let deviations: Deviation[] = [];

    before(async () => {
      const { sandbox, client, workbench } = world();
      labTestId = sandbox.labTests[0]?.id ?? assert.fail('the sandbox has sample lab tests');
      // The panel's first page: page 1 of 50 markers.
      await client.listLabTestMarkers(labTestId, { page: 1, size: 50 }, { onDeviations: (found) => (deviations = found) });
      assert.ok(deviationCount(deviations) > 1, 'the vendor-shaped markers differ from the spec');
      // The panels the tests before opened are closed: the lab test's panel opens anew, as in a fresh window.
      await workbench.sideBar().locator('.composite.title h2').click();
      await workbench.runCommand('View: Close All Editors');
      await workbench.page.locator('.part.editor .tabs-container .tab').first().waitFor({ state: 'detached' });
    });

    const openMarkers = (id: string) => openMarkersPanel(world().workbench, id);

    test('the lab panel says in how many places the response differs; Show opens the list; Dismiss hides the line', async () => {
      const { workbench } = world();
      const places = deviationCount(deviations);
      const frame = await openMarkers(labTestId);
      await frame.locator('.pager', { hasText: /markers in total/ }).waitFor();
      const line = frame.locator('.deviation-line');
      // One wording everywhere: the line says what the Requests row and the document say.
      const count = deviations.length === 1 ? (places === 1 ? '1 deviation' : `1 deviation in ${places} places`) : `${deviations.length} deviations in ${places} places`;
      await line.filter({ hasText: `This response differs from the spec: ${count}` }).waitFor();
      await workbench.screenshot('labs-deviation-line');

      // Show, from the keyboard: focus it and press Enter.
      await line.locator('vscode-button', { hasText: 'Show' }).focus();
      await workbench.page.keyboard.press('Enter');
      await workbench.page.locator('.part.editor .tabs-container .tab .label-name', { hasText: /^Spec deviations of / }).waitFor();
      const editor = workbench.page.locator('.part.editor .editor-instance .view-lines').first();
      const first = deviations[0] ?? assert.fail('a deviation');
      await editor.filter({ hasText: first.pattern }).waitFor();
      // Monaco draws spaces as no-break spaces.
      const text = (await editor.innerText()).replace(/\u00a0/g, ' ');
      assert.match(text, /How the responses of "Markers: .*" differ from the spec/);
      assert.ok(text.includes(`GET /v3/lab_tests/${labTestId}/markers`), 'the list names the request');
      assert.ok(text.includes(`spec ${first.section}: ${first.spec}`), 'and what the spec says, with its section');
      await workbench.screenshot('labs-deviation-list');

      const panel = await workbench.webview(`Markers: ${labTestId}`);
      await panel.locator('.deviation-line vscode-button', { hasText: 'Dismiss' }).click();
      await panel.locator('.deviation-line').waitFor({ state: 'hidden' });
      assert.equal(await panel.locator('tr.marker-row').count() > 0, true, 'the markers stay');
    });

    test('a refused body: Open Raw Response shows what came back; a 401: "Try x-vital-api-key" sends the key there and loads again', async () => {
      const { workbench, standIn } = world();
      await workbench.sideBar().locator('.composite.title h2').click();
      await workbench.switchEnvironmentAndSetKey('Sandbox EU', VENDOR_API_KEY);
      let frame = await openMarkers('refused-1');
      await frame.locator('.error-box', { hasText: 'Unexpected response' }).waitFor();
      await frame.locator('vscode-button:not([disabled])', { hasText: 'Open Raw Response' }).click();
      const editor = workbench.page.locator('.part.editor .editor-instance .view-lines').first();
      await editor.filter({ hasText: 'from the stand-in' }).waitFor();
      assert.match((await editor.innerText()).replace(/\u00a0/g, ' '), /"markers": "not a list"/);

      // The same panel again, now answered with a 401 unless the key comes in x-vital-api-key.
      standIn.mode.value = 'vitalHeaderOnly';
      frame = await workbench.webview('Markers: refused-1');
      await frame.locator('.error-box vscode-button', { hasText: 'Retry' }).click();
      const tryVital = frame.locator('.error-box vscode-button', { hasText: 'Try x-vital-api-key' });
      await tryVital.waitFor();
      await workbench.screenshot('labs-401-other-header');
      await tryVital.click();
      await frame.locator('.empty-box').waitFor();
      assert.equal(await frame.locator('.error-box').count(), 0, 'the load with the other header succeeded');
    });
  });
}
