// The notebook's output renderer, as the packaged extension ships it, in a real browser without a
// workbench: cell results of every operation, made by the real client against the real sandbox,
// rendered into one page the way VS Code's notebook output page does, and read the way a person
// reads them (the table's rows, the chart's canvas, the lens line and its list, the assertions,
// the raw JSON, an error), plus axe-core in Light, Dark and High Contrast.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { HealthApiClient } from '../../src/api/client';
import type { Marker, UserList } from '../../src/api/schemas';
import type { CellResult } from '../../src/notebook/model';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/server';
import { addDays } from '../../src/domain/zonedTime';
import { launchBrowser, type LaunchedBrowser } from '../host/browser.mjs';
import { REPO_ROOT } from '../host/provision.mjs';
import { bloodPressureResult, labTestMarkersResult, listUsersResult, orderSetMarkersResult, resolveUserResult } from './notebookCellResults';
import { rendererBundle, serveHarness, type HarnessServer, type Theme } from './notebookRendererHarness';

const TODAY = '2026-11-20';
const HEAVY_READINGS = 100_000;
const SCREENSHOTS = join(REPO_ROOT, 'test-results');

interface HarnessWindow {
  __ready?: boolean;
  __sent: unknown[];
  __render(id: string, json: unknown): number;
  __dispose(id: string): void;
  __receive(message: unknown): void;
}

describe('Notebook output renderer in a real browser', () => {
  let sandbox: SandboxHandle;
  let vendor: SandboxHandle;
  let clients: HealthApiClient[] = [];
  let server: HarnessServer;
  let browser: LaunchedBrowser;
  let page: Page;
  const results: Record<string, CellResult> = {};

  before(async () => {
    const bundle = rendererBundle();
    console.log(`renderer bundle: ${bundle.source}`);
    [sandbox, vendor] = await Promise.all([
      startSandbox({ port: 0, today: TODAY, heavyUserReadings: HEAVY_READINGS }),
      startSandbox({ port: 0, today: TODAY, shape: 'vendor' }),
    ]);
    const client = new HealthApiClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, retryBaseDelayMs: 1 });
    const vendorClient = new HealthApiClient({ baseUrl: vendor.url, apiKey: vendor.apiKey, retryBaseDelayMs: 1 });
    clients = [client, vendorClient];
    const users = await client.listUsers({ limit: 50 });
    const reader = users.users.find((user) => user.client_user_id !== 'sample-heavy-reader' && (user.connected_sources?.length ?? 0) > 0);
    const heavy = users.users.find((user) => user.client_user_id === 'sample-heavy-reader');
    assert.ok(reader && heavy, 'the sandbox lists a user with sources and the heavy reader');
    const [labTest, secondLabTest] = sandbox.labTests;
    assert.ok(labTest && secondLabTest, 'the sandbox has lab tests');
    Object.assign(results, {
      listUsers: await listUsersResult(client),
      resolveUser: await resolveUserResult(client, reader.client_user_id),
      bloodPressure: await bloodPressureResult(client, reader.user_id, addDays(TODAY, -29), TODAY),
      heavyBloodPressure: await bloodPressureResult(client, heavy.user_id, addDays(TODAY, -365), TODAY),
      labTestMarkers: await labTestMarkersResult(client, labTest.id),
      orderSetMarkers: await orderSetMarkersResult(client, [labTest.id, secondLabTest.id]),
      vendorMarkers: await labTestMarkersResult(vendorClient, labTest.id),
      unknownUser: await resolveUserResult(client, 'no-such-patient-0000'),
    });
    server = await serveHarness(bundle.code);
    browser = await launchBrowser({ viewport: { width: 1200, height: 900 } });
    page = browser.page;
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  });

  after(async () => {
    await browser?.close();
    await server?.close();
    await Promise.all(clients.map((client) => client.close()));
    await Promise.all([sandbox?.close(), vendor?.close()]);
  });

  async function open(theme: Theme = 'light'): Promise<void> {
    await page.goto(server.url(theme));
    await page.waitForFunction(() => (globalThis as unknown as HarnessWindow).__ready === true);
  }

  function render(id: string, result: unknown): Promise<number> {
    return page.evaluate(([outputId, json]) => (globalThis as unknown as HarnessWindow).__render(outputId as string, json), [id, result] as const);
  }

  const output = (id: string) => page.locator(`[data-output-id="${id}"]`);

  test('the users of a listUsers result are a table with a row per user, under the header and the assertions', async () => {
    await open();
    const result = results.listUsers!;
    await render('users', result);
    const users = (result.body as UserList).users;
    const out = output('users');
    await out.locator('table.users').waitFor();
    assert.equal(await out.locator('table.users tbody tr').count(), users.length);
    assert.equal(await out.locator('table.users tbody tr').first().locator('th').textContent(), users[0]!.client_user_id);
    const header = (await out.locator('.result-header').textContent()) ?? '';
    // The request succeeded but a check failed: the heading says what failed, never "Succeeded".
    assert.equal(await out.locator('.result-header .outcome').textContent(), '✗Failed: expect count users == 10');
    assert.equal(await out.locator('.result-header .outcome-failed').count(), 1);
    assert.doesNotMatch(header, /Succeeded/);
    assert.match(header, /GET \/v2\/user\//);
    assert.match(header, /HTTP 200/);
    assert.match(header, new RegExp(`${result.pages} pages`));
    assert.match(header, /Environment: Local sandbox/);
    // Passed and failed say so in words beside the icon, never by colour alone.
    assert.match((await out.locator('.assertions h3').textContent()) ?? '', /2 passed, 1 failed/);
    const failed = out.locator('.assertion.failed');
    assert.equal(await failed.count(), 1);
    assert.match((await failed.textContent()) ?? '', new RegExp(`Failed.*expect count users == 10.*expected 10, got ${users.length}`));
    assert.equal(await out.locator('.assertion.passed .verdict').first().textContent(), 'Passed');
  });

  test('a failed assertion reads its reason once: the place that leads the message (for a plain-text copy) is left to the row\'s own line', async () => {
    const placed = structuredClone(results.resolveUser!);
    placed.assertions = [
      { line: 5, text: 'expect status 404', passed: false, message: 'cell 2, line 5: expected status 404, got 200', place: 'cell 2, line 5' },
      // A message the place does not lead (a result saved before places were kept apart, or rewritten) is shown whole.
      { line: 6, text: 'expect status 500', passed: false, message: 'cell 9, line 6: expected status 500, got 200', place: 'cell 2, line 6' },
    ];
    await render('placed', placed);
    const rows = output('placed').locator('.assertion.failed');
    assert.deepEqual(await rows.locator('.message').allTextContents(), ['expected status 404, got 200', 'cell 9, line 6: expected status 500, got 200']);
    assert.deepEqual(await rows.locator('.where').allTextContents(), ['line 5', 'line 6']);
  });

  test('a resolveUser result is a one-row table; an unknown user is an error with its next step', async () => {
    await render('resolve', results.resolveUser);
    assert.equal(await output('resolve').locator('table.users tbody tr').count(), 1);
    assert.ok(results.resolveUser!.assertions.every((assertion) => assertion.passed), 'every check of this cell held');
    assert.equal(await output('resolve').locator('.result-header .outcome').textContent(), '✓Succeeded');
    const error = results.unknownUser!;
    assert.equal(error.outcome, 'error', 'the sandbox answers an unknown client_user_id with an error');
    await render('error', error);
    const box = output('error').locator('.result-error[role="alert"]');
    await box.waitFor();
    assert.match((await box.textContent()) ?? '', new RegExp(escapeRegExp(error.error!.message)));
    assert.match((await box.locator('.next-step').textContent()) ?? '', /^Next step: Check the client_user_id/);
    assert.match((await output('error').locator('.result-header').textContent()) ?? '', /Failed.*HTTP 404/);
    assert.equal(await output('error').locator('details.raw-json').count(), 0, 'no body: no Raw JSON');
  });

  test('a blood-pressure result is drawn by the panel’s chart, coverage, summary and table', async () => {
    const result = results.bloodPressure!;
    await render('bp', result);
    const out = output('bp');
    const canvas = out.locator('.chart-canvas canvas').first();
    await canvas.waitFor();
    const box = await canvas.boundingBox();
    assert.ok(box && box.width >= 320 && box.height >= 300, `chart canvas sized: ${JSON.stringify(box)}`);
    const label = (await out.locator('.chart-canvas').getAttribute('aria-label')) ?? '';
    const readings = Object.values((result.body as { groups: Record<string, { data: unknown[] }[]> }).groups).flat().reduce((sum, group) => sum + group.data.length, 0);
    assert.ok(readings > 0, 'the sample user has readings in the window');
    assert.match(label, new RegExp(`^Chart of ${readings} readings`));
    assert.ok((await out.locator('table.summary tbody tr').count()) > 0, 'summary rows');
    assert.ok((await out.locator('.coverage-row').count()) > 0, 'coverage strips');
    assert.ok((await out.locator('.vtable .vrow.group-row').count()) > 0, 'readings table groups');
    assert.match((await out.locator('.readings-count').textContent()) ?? '', new RegExp(`^${readings.toLocaleString('en')} readings`));
  });

  test('100,000 readings render without freezing: decimated chart, virtual rows', async () => {
    const result = results.heavyBloodPressure!;
    assert.ok(result.pages > 1, 'a paged load');
    const ms = await render('heavy', result);
    const out = output('heavy');
    await out.locator('.chart-canvas canvas').first().waitFor();
    assert.match((await out.locator('.readings-count').textContent()) ?? '', /^100,000 readings/);
    const rowsInDom = await out.locator('.vtable .vspacer .vrow').count();
    assert.ok(rowsInDom < 200, `only the visible rows are in the page (${rowsInDom})`);
    // How long it took is npm run bench's to judge (a figure from a quiet machine), never a threshold here.
    console.log(`rendered ${HEAVY_READINGS} readings (${result.pages} pages) in ${Math.round(ms)} ms (loaded machine: indicative only)`);
    await page.evaluate(() => (globalThis as unknown as HarnessWindow).__dispose('heavy'));
  });

  test('lab markers are the lab panel’s grid; the vendor’s differences are the lens line and its list', async () => {
    await render('markers', results.labTestMarkers);
    await render('orderSet', results.orderSetMarkers);
    for (const [id, result] of [['markers', results.labTestMarkers!], ['orderSet', results.orderSetMarkers!]] as const) {
      const markers = (result.body as { markers: Marker[] }).markers;
      assert.ok(markers.length > 0);
      assert.equal(await output(id).locator('table.markers tr.marker-row').count(), markers.length, `${id}: a row per marker`);
      assert.equal(await output(id).locator('.deviation-line').count(), 0, `${id}: the spec sandbox's markers do not differ from the spec`);
    }
    const expander = output('markers').locator('tr.marker-row button.expander').first();
    await expander.click();
    assert.equal(await expander.getAttribute('aria-expanded'), 'true');
    assert.ok((await output('markers').locator('tr.details-row table.results tbody tr').count()) > 0, 'expected results under the marker');

    const vendor = results.vendorMarkers!;
    assert.ok(vendor.deviations.length > 0, 'the vendor-shaped sandbox differs from the spec');
    await render('vendor', vendor);
    const line = output('vendor').locator('.deviation-line');
    await line.waitFor();
    const places = vendor.deviations.reduce((sum, deviation) => sum + deviation.count, 0);
    assert.match((await line.locator('.deviation-text').textContent()) ?? '', new RegExp(`differs from the spec in ${places === 1 ? '1 place' : `${places} places`}`));
    const list = output('vendor').locator('.deviation-list');
    assert.equal(await list.isVisible(), false, 'the list opens on Show');
    const show = line.locator('.deviation-show');
    await show.click();
    assert.equal(await list.isVisible(), true);
    assert.equal(await show.getAttribute('aria-expanded'), 'true');
    const text = (await list.textContent()) ?? '';
    assert.match(text, /^Differs from the spec: /);
    assert.match(text, new RegExp(`spec ${escapeRegExp(vendor.deviations[0]!.section)}`));
    await line.locator('.deviation-dismiss').click();
    assert.equal(await line.isVisible(), false, 'Dismiss hides the line');
    assert.equal(await list.isVisible(), false, 'and its list');
    const failed = output('vendor').locator('.assertion.failed');
    assert.match((await failed.textContent()) ?? '', /expect no deviations/);
    assert.match((await failed.textContent()) ?? '', new RegExp(`spec ${escapeRegExp(vendor.deviations[0]!.section)}`));
  });

  test('Raw JSON opens the body as pretty JSON text; Open as JSON hands the whole body to the extension', async () => {
    const details = output('resolve').locator('details.raw-json');
    await details.locator('summary').click();
    const text = (await details.locator('pre').textContent()) ?? '';
    assert.deepEqual(JSON.parse(text), results.resolveUser!.body);
    assert.equal(text, JSON.stringify(results.resolveUser!.body, null, 2));
    // The output carries the body once, in the result: the extension opens it from what this sends.
    await details.locator('vscode-button', { hasText: 'Open as JSON' }).click();
    const sent = await page.evaluate(() => (globalThis as unknown as HarnessWindow).__sent);
    const result = results.resolveUser!;
    assert.deepEqual(
      sent.filter((message) => (message as { type?: string }).type === 'openBody'),
      [{ type: 'openBody', title: `GET ${result.request.path}`, body: result.body, environmentId: result.environment.id, operation: result.call ?? result.operation }],
    );
  });

  test('hostile text stays text; an unreadable output item says so', async () => {
    const hostile = structuredClone(results.resolveUser!);
    (hostile.body as Record<string, unknown>).client_user_id = '<img src=x onerror="window.__pwned=1">';
    hostile.assertions = [{ line: 2, text: '<b>expect</b>', passed: false, message: '<script>window.__pwned=2</script>' }];
    await render('hostile', hostile);
    const out = output('hostile');
    assert.equal(await out.locator('table.users tbody th').textContent(), '<img src=x onerror="window.__pwned=1">');
    assert.equal(await out.locator('img, script, b').count(), 0);
    assert.equal(await page.evaluate(() => (globalThis as unknown as { __pwned?: number }).__pwned), undefined);
    await render('broken', { version: 2, anything: true });
    assert.match((await output('broken').locator('p.note').textContent()) ?? '', /not a Health Data cell result/);
  });

  test('outputs coexist without shared ids, and disposing them leaves no listener behind', async () => {
    await open();
    const cdp = await page.context().newCDPSession(page);
    const windowListeners = async (): Promise<number> => {
      const { result } = await cdp.send('Runtime.evaluate', { expression: 'window' });
      const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId! });
      return listeners.length;
    };
    const documentListeners = async (): Promise<number> => {
      const { result } = await cdp.send('Runtime.evaluate', { expression: 'document' });
      const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId! });
      return listeners.length;
    };
    // A first output registers what stays for the page's life (the toolkit's custom elements); then count.
    await render('warm', results.resolveUser);
    await page.evaluate(() => (globalThis as unknown as HarnessWindow).__dispose('warm'));
    const before = { window: await windowListeners(), document: await documentListeners() };
    const ids = ['a', 'b', 'c'];
    for (const id of ids) await render(id, results.bloodPressure);
    await output('c').locator('.chart-canvas canvas').first().waitFor();
    assert.equal(await page.locator('#readings').count(), 3, 'each output has its own grid (locators pierce shadow roots)');
    const inDocument = await page.evaluate(() => (globalThis as unknown as { document: { querySelectorAll(selector: string): { length: number } } }).document.querySelectorAll('#readings, #chart-keys').length);
    assert.equal(inDocument, 0, 'no output id is in the page’s own document');
    assert.ok((await windowListeners()) > before.window, 'the charts listen while they are shown');
    for (const id of ids) await page.evaluate((outputId) => (globalThis as unknown as HarnessWindow).__dispose(outputId), id);
    assert.deepEqual({ window: await windowListeners(), document: await documentListeners() }, before);
    await cdp.detach();
  });

  test('the extension’s localized words replace the English ones in every output', async () => {
    await open();
    await render('words', results.listUsers);
    assert.deepEqual(await page.evaluate(() => (globalThis as unknown as HarnessWindow).__sent), [{ type: 'stringsRequest' }]);
    const strings = await localizedStrings();
    await page.evaluate((message) => (globalThis as unknown as HarnessWindow).__receive(message), { type: 'strings', strings });
    assert.equal(await output('words').locator('.assertion.passed .verdict').first().textContent(), 'Bestanden');
  });

  test('the keyboard reaches every control of an output, in reading order', async () => {
    await open();
    await render('bpKeys', results.bloodPressure);
    await render('lensKeys', results.vendorMarkers);
    await output('bpKeys').locator('.chart-canvas canvas').first().waitFor();
    const stops: string[] = [];
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      stops.push(
        await page.evaluate(() => {
          type Focusable = { tagName: string; className: string; shadowRoot: { activeElement: Focusable | null } | null; getAttribute(name: string): string | null; closest(selector: string): { getAttribute(name: string): string | null } | null };
          const doc = (globalThis as unknown as { document: { activeElement: Focusable | null } }).document;
          let active = doc.activeElement;
          const host = active?.closest('[data-output-id]')?.getAttribute('data-output-id') ?? '';
          // Into the output's shadow root, not into a toolkit element's own (its inner <button>).
          while (active?.shadowRoot?.activeElement && !active.tagName.toLowerCase().startsWith('vscode-')) active = active.shadowRoot.activeElement;
          return active ? `${host}:${active.tagName.toLowerCase()}.${String(active.className).split(' ')[0]}` : 'none';
        }),
      );
    }
    const first = (stop: string): number => stops.indexOf(stop);
    const order = ['bpKeys:div.chart-canvas', 'bpKeys:div.vtable', 'bpKeys:summary.', 'lensKeys:vscode-button.deviation-show', 'lensKeys:button.expander', 'lensKeys:summary.'].map(first);
    assert.ok(order.every((at) => at >= 0), `every control is a Tab stop:\n${stops.join('\n')}`);
    assert.deepEqual([...order].sort((a, b) => a - b), order, `in reading order:\n${stops.join('\n')}`);
  });

  for (const theme of ['light', 'dark', 'high-contrast'] as const) {
    test(`axe-core finds no serious or critical violation (${theme})`, async () => {
      await open(theme);
      for (const id of ['listUsers', 'bloodPressure', 'labTestMarkers', 'vendorMarkers', 'unknownUser'] as const) await render(id, results[id]);
      await output('bloodPressure').locator('.chart-canvas canvas').first().waitFor();
      await output('vendorMarkers').locator('.deviation-show').click();
      await output('listUsers').locator('details.raw-json summary').click();
      const violations = await axeViolations(page);
      const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
      for (const violation of violations) console.log(`axe ${theme}: ${violation.id} (${violation.impact}) ${violation.targets.join(' | ')}`);
      assert.deepEqual(serious.map((violation) => `${violation.id}: ${violation.targets.join(', ')}`), []);
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: join(SCREENSHOTS, `notebook-renderer-${theme}.png`), fullPage: true });
      for (const id of ['bloodPressure', 'vendorMarkers', 'unknownUser'] as const) await output(id).screenshot({ path: join(SCREENSHOTS, `notebook-renderer-${theme}-${id}.png`) });
    });
  }
});

/** Every English word as it is, but "Passed" in German: enough to see the redraw. */
async function localizedStrings(): Promise<unknown> {
  const { ENGLISH_STRINGS } = await import('../../src/webview/notebook/rendererStrings');
  return { ...ENGLISH_STRINGS, locale: 'de', output: { ...ENGLISH_STRINGS.output, assertionPassed: 'Bestanden' } };
}

interface AxeViolation {
  id: string;
  impact: string | null;
  targets: string[];
}

async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const source = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(source);
  return page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(context: unknown): Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const { violations } = await axe.run((globalThis as unknown as { document: unknown }).document);
    return violations.map((violation) => ({ id: violation.id, impact: violation.impact, targets: violation.nodes.map((node) => JSON.stringify(node.target)) }));
  });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
