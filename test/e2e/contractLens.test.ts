// The contract lens in a panel, in a real workbench driven by a real browser: against a sandbox
// that answers as the vendor's service does (--shape vendor), the lab-markers panel shows the line
// "This response differs from the spec in N places" with the N our own client counts against the
// same server; Show (from the keyboard) opens the list; Dismiss hides it for that load.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { HealthApiClient } from '../../src/api/client';
import { deviationCount, type Deviation } from '../../src/api/contract/deviations';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/server';
import { openWorkbench, type Workbench } from './workbench';

const API_KEY = 'e2e-contract-lens-key';

describe('Contract lens in a panel', () => {
  let sandbox: SandboxHandle;
  let client: HealthApiClient;
  let workbench: Workbench;
  let labTestId: string;
  let deviations: Deviation[] = [];

  before(async () => {
    sandbox = await startSandbox({ port: 0, users: 3, seed: 19, apiKey: API_KEY, shape: 'vendor' });
    client = new HealthApiClient({ baseUrl: sandbox.url, apiKey: API_KEY });
    labTestId = sandbox.labTests[0]?.id ?? assert.fail('the sandbox has sample lab tests');
    // The panel's first page: page 1 of 50 markers.
    await client.listLabTestMarkers(labTestId, { page: 1, size: 50 }, { onDeviations: (found) => (deviations = found) });
    assert.ok(deviationCount(deviations) > 1, 'the vendor-shaped markers differ from the spec');
    workbench = await openWorkbench({ settings: { 'healthData.baseUrl.sandboxUs': sandbox.url } });
    await workbench.openViewContainer();
    await workbench.switchEnvironmentAndSetKey('Sandbox US', API_KEY);
  });

  after(async () => {
    await workbench?.close();
    await client?.close();
    await sandbox?.close();
  });

  test('the lab panel says in how many places the response differs; Show opens the list; Dismiss hides the line', async () => {
    const places = deviationCount(deviations);
    await workbench.runCommand('Health Data: Show Lab Test Markers…');
    await workbench.quickInput().filter({ hasText: 'lab_test_id' }).waitFor();
    await workbench.typeIntoInput(labTestId);
    await workbench.quickInput().filter({ hasText: 'lab_account_id (optional)' }).waitFor();
    await workbench.typeIntoInput('');
    const frame = await workbench.webview(`Markers: ${labTestId}`);
    await frame.locator('.pager', { hasText: /markers in total/ }).waitFor();
    const line = frame.locator('.deviation-line');
    await line.filter({ hasText: `This response differs from the spec in ${places} places` }).waitFor();
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
});
