// The contract lens in a panel, in a real workbench driven by a real browser: against a sandbox
// that answers as the vendor's service does (--shape vendor), the lab-markers panel shows the line
// "This response differs from the spec in N places" with the N our own client counts against the
// same server; Show (from the keyboard) opens the list; Dismiss hides it for that load. And what
// the panel offers when a response cannot be used: Open Raw Response shows a refused body, and a
// 401 offers the other key header, which loads again.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { HealthApiClient } from '../../src/api/client';
import { deviationCount, type Deviation } from '../../src/api/contract/deviations';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/server';
import { openWorkbench, type Workbench } from './workbench';

const API_KEY = 'e2e-contract-lens-key';
const REFUSED_BODY = '{"markers": "not a list", "note": "from the stand-in"}';

/** A stand-in for Sandbox EU: no users, and markers as a body the reader must refuse, or a 401 unless the key comes in x-vital-api-key. */
async function startStandIn(): Promise<{ url: string; mode: { value: 'refuse' | 'vitalHeaderOnly' }; server: Server }> {
  const mode = { value: 'refuse' as 'refuse' | 'vitalHeaderOnly' };
  const server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    // The key check when the key is set: an empty team.
    if (req.url?.startsWith('/v2/user')) return res.end('{"users":[],"total":0,"offset":0,"limit":1}');
    if (mode.value === 'refuse') return res.end(REFUSED_BODY);
    if (req.headers['x-vital-api-key'] !== API_KEY) {
      res.statusCode = 401;
      return res.end('{"detail":"Invalid API key"}');
    }
    res.end('{"markers":[],"total":0,"page":1,"size":50}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, mode, server };
}

describe('Contract lens in a panel', () => {
  let sandbox: SandboxHandle;
  let client: HealthApiClient;
  let workbench: Workbench;
  let labTestId: string;
  let deviations: Deviation[] = [];
  let standIn: Awaited<ReturnType<typeof startStandIn>>;

  before(async () => {
    sandbox = await startSandbox({ port: 0, users: 3, seed: 19, apiKey: API_KEY, shape: 'vendor' });
    client = new HealthApiClient({ baseUrl: sandbox.url, apiKey: API_KEY });
    labTestId = sandbox.labTests[0]?.id ?? assert.fail('the sandbox has sample lab tests');
    // The panel's first page: page 1 of 50 markers.
    await client.listLabTestMarkers(labTestId, { page: 1, size: 50 }, { onDeviations: (found) => (deviations = found) });
    assert.ok(deviationCount(deviations) > 1, 'the vendor-shaped markers differ from the spec');
    standIn = await startStandIn();
    workbench = await openWorkbench({ settings: { 'healthData.baseUrl.sandboxUs': sandbox.url, 'healthData.baseUrl.sandboxEu': standIn.url } });
    await workbench.openViewContainer();
    await workbench.switchEnvironmentAndSetKey('Sandbox US', API_KEY);
  });

  after(async () => {
    await workbench?.close();
    await client?.close();
    await sandbox?.close();
    await new Promise((resolve) => standIn?.server.close(resolve));
  });

  /** Opens the lab-markers panel of `id` in the active environment, as from the palette. */
  async function openMarkers(id: string) {
    // Out of any webview or editor first, so F1 reaches the workbench.
    await workbench.sideBar().locator('.composite.title h2').click();
    await workbench.runCommand('Health Data: Show Lab Test Markers…');
    await workbench.quickInput().filter({ hasText: 'lab_test_id' }).waitFor();
    await workbench.typeIntoInput(id);
    await workbench.quickInput().filter({ hasText: 'lab_account_id (optional)' }).waitFor();
    await workbench.typeIntoInput('');
    return workbench.webview(`Markers: ${id}`);
  }

  test('the lab panel says in how many places the response differs; Show opens the list; Dismiss hides the line', async () => {
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
    await workbench.sideBar().locator('.composite.title h2').click();
    await workbench.switchEnvironmentAndSetKey('Sandbox EU', API_KEY);
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
