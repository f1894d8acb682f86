// The Requests view and environment-bound panels in the real extension host (issue 11): a paged
// load is one row with its pages, Replay adds a row with the same URL, Compare opens a diff of the
// two responses, a panel stays on its environment when another becomes active, and the key is in
// no document, tooltip or saved state.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { iterateBloodPressurePages } from '../../src/api/paging';
import type { User } from '../../src/api/schemas';
import type { BloodPressureForm } from '../../src/domain/bloodPressure/bloodPressureQuery';
import { responseBodyText } from '../../src/domain/requests/requestPresentation';
import type { RequestRecord } from '../../src/domain/requests/requestRecords';
import { requestWords } from '../../src/l10n/requestStrings';
import type { RequestNode } from '../../src/views/requests/requestNodes';
import { waitFor } from './helpers';
import { openPanelsFixture, panelReports, rendered, waitForPanel, type PanelsFixture, type PanelReport } from './panelsSupport';

const VIEW_TYPE = 'healthData.bloodPressure';
const FORM: BloodPressureForm = { startDate: '2000-01-01', endDate: '', provider: '' };

let fixture: PanelsFixture & { close(): Promise<void> };
let heavy: User;

const textOf = (value: string | vscode.MarkdownString | vscode.TreeItemLabel | undefined | boolean): string =>
  value === undefined || typeof value === 'boolean' ? '' : typeof value === 'string' ? value : 'value' in value ? value.value : value.label;

function roots(): RequestNode[] {
  return fixture.testing.requestsView.provider.getChildren();
}

function records(): readonly RequestRecord[] {
  return fixture.testing.requestRecorder.records.all();
}

const isHeavyPanel = (report: PanelReport): boolean => report.viewType === VIEW_TYPE && report.state?.userId === heavy.user_id;

suite('Requests view and environment-bound panels', () => {
  suiteSetup(async function () {
    this.timeout(120_000);
    fixture = await openPanelsFixture({ users: 6, seed: 5, heavyUserReadings: 3_000, bloodPressurePageSize: 500 });
    const { users } = await fixture.client.listUsers({ limit: 10 });
    heavy = users.find((user) => user.client_user_id === 'sample-heavy-reader') ?? assert.fail('the heavy reader is listed');
    await vscode.commands.executeCommand('healthData.requests.clear');
  });

  suiteTeardown(async () => {
    await fixture?.close();
  });

  test('a blood-pressure load is one row whose pages are the cursor pages the API served', async function () {
    this.timeout(90_000);
    let pages = 0;
    for await (const page of iterateBloodPressurePages(fixture.client, heavy.user_id, { startDate: FORM.startDate })) if (page) pages++;
    assert.ok(pages > 2, `several cursor pages (${pages})`);
    await vscode.commands.executeCommand('healthData.showBloodPressure', heavy, FORM);
    const report = await waitForPanel('the heavy reader\'s panel with data', (r) => isHeavyPanel(r) && rendered<string>(r, 'phase') === 'data', 60_000);
    assert.equal(report.title, `Blood Pressure: ${heavy.client_user_id} · Sandbox US`, 'the tab names the environment');
    const load = await waitFor(
      () => roots().find((node): node is Extract<RequestNode, { kind: 'load' }> => node.kind === 'load' && node.pages[0]!.url.includes(`/v2/timeseries/${heavy.user_id}/`)),
      'the load row',
    );
    assert.equal(load.pages.length, pages);
    assert.ok(load.pages.every((page) => page.status === 200 && page.environmentId === 'sandboxUs'));
    assert.equal(roots().filter((node) => node.kind === 'request' && node.record.url.includes('/blood_pressure/')).length, 0, 'no page at the top level');
    const item = fixture.testing.requestsView.provider.getTreeItem(load);
    assert.match(textOf(item.label), /^200 GET \/v2\/timeseries\//);
    assert.match(textOf(item.description), new RegExp(`^${pages} pages · .* · Sandbox US · panel$`));
    const children = fixture.testing.requestsView.provider.getChildren(load);
    assert.equal(children.length, pages);
    assert.equal(textOf(fixture.testing.requestsView.provider.getTreeItem(children[0]!).label), 'Page 1');
  });

  test('Replay sends the same request again as a new row; Compare opens a diff of the two responses', async () => {
    await (await fixture.testing.connection.client()).resolveUser(heavy.client_user_id);
    const original = [...records()].reverse().find((record) => record.url.includes('/v2/user/resolve/'));
    assert.ok(original, 'the resolve request was recorded');
    const sameUrl = (): number => records().filter((record) => record.url === original.url).length;
    const before = sameUrl();
    const replayedId = await vscode.commands.executeCommand<number>('healthData.requests.replay', original.id);
    assert.ok(typeof replayedId === 'number' && replayedId > original.id);
    const replayed = fixture.testing.requestRecorder.records.get(replayedId) ?? assert.fail('the new record');
    assert.equal(sameUrl(), before + 1, 'one more request to that URL');
    assert.equal(replayed.url, original.url);
    assert.equal(replayed.method, original.method);
    assert.equal(replayed.environmentId, original.environmentId);
    const rowOf = (id: number): number => roots().findIndex((node) => node.kind === 'request' && node.record.id === id);
    await waitFor(() => rowOf(replayedId) >= 0, 'the replay\'s row');
    assert.ok(rowOf(replayedId) < rowOf(original.id), 'the replay is listed above the original (newest first)');

    await vscode.commands.executeCommand('healthData.requests.compareWith', original.id, replayedId);
    const tab = await waitFor(() => {
      const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
      return input instanceof vscode.TabInputTextDiff ? input : undefined;
    }, 'a diff editor');
    const left = await vscode.workspace.openTextDocument(tab.original);
    const right = await vscode.workspace.openTextDocument(tab.modified);
    assert.equal(left.getText(), responseBodyText(original, requestWords()));
    assert.equal(right.getText(), responseBodyText(replayed, requestWords()));
    assert.ok(JSON.parse(left.getText()).user_id, 'the left side is the response body');
  });

  test('Open shows the request line, environment, redacted key header, status and body', async () => {
    const record = [...records()].reverse().find((r) => r.url.includes('/v2/user/resolve/')) ?? assert.fail();
    await vscode.commands.executeCommand('healthData.requests.open', record.id);
    const document = await waitFor(() => vscode.window.activeTextEditor?.document, 'the request document');
    const text = document.getText();
    assert.ok(text.startsWith(`GET ${record.url}\n`));
    assert.match(text, /# Environment: Sandbox US/);
    assert.match(text, /x-service-api-key: <redacted>/);
    assert.match(text, /\nHTTP 200/);
    assert.match(text, /"client_user_id"/);
  });

  test('filters: errors only, and one environment', async () => {
    fixture.sandbox.injectFaults({ kind: 'status', status: 404, path: '/v2/user/resolve/' });
    await fixture.testing.connection.client().then((client) => client.resolveUser('nobody-here').catch(() => undefined));
    await vscode.commands.executeCommand('healthData.requests.showErrorsOnly');
    const isError = (node: RequestNode): boolean =>
      node.kind === 'request' ? (node.record.status ?? 0) >= 400 || (node.record.failure !== undefined && node.record.failure !== 'cancelled') : node.kind === 'load';
    const errors = await waitFor(() => (roots().length > 0 && roots().every(isError) ? roots() : undefined), 'only errors');
    assert.ok(
      errors.some((node) => node.kind === 'request' && node.record.status === 404 && node.record.url.endsWith('/v2/user/resolve/nobody-here')),
      'the 404 is listed',
    );
    assert.ok(records().some((record) => record.status === 200), 'the successes are only hidden');
    assert.equal(fixture.testing.requestsView.treeView.description, 'errors only');
    await vscode.commands.executeCommand('healthData.requests.filterEnvironment', 'local');
    assert.deepEqual(roots().map((node) => node.kind), ['message'], 'nothing from the local sandbox here: said so');
    await vscode.commands.executeCommand('healthData.requests.clearFilter');
    assert.ok(roots().length > 2);
  });

  test('a panel stays on its environment after another becomes active, and re-queries only its own', async function () {
    this.timeout(90_000);
    const before = (await panelReports()).find(isHeavyPanel) ?? assert.fail('the heavy reader\'s panel is open');
    const served = fixture.sandbox.requestCount();
    await vscode.commands.executeCommand('healthData.useLocalSandbox');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const after = (await panelReports()).find(isHeavyPanel) ?? assert.fail('still open');
    assert.equal(after.title, before.title, 'still titled with Sandbox US');
    assert.equal(after.state?.environment, 'sandboxUs');
    assert.equal(rendered(after, 'readings'), rendered(before, 'readings'), 'its data did not change');
    assert.equal(fixture.sandbox.requestCount(), served, 'switching sent it nowhere');
    const localRows = records().filter((record) => record.environmentId === 'local' && record.url.includes(heavy.user_id));
    assert.equal(localRows.length, 0, 'the panel asked the local sandbox nothing');

    // Its own environment changes (a key saved again): it queries that environment, not the active one.
    fixture.testing.connection.invalidate('sandboxUs');
    await waitFor(() => fixture.sandbox.requestCount() > served, 'the panel re-queried Sandbox US');
    await waitForPanel('the panel with data again', (r) => isHeavyPanel(r) && rendered<string>(r, 'phase') === 'data', 60_000);
    assert.equal(records().filter((record) => record.environmentId === 'local' && record.url.includes(heavy.user_id)).length, 0);
  });

  test('a restored panel of an environment without a key says so and offers Set API Key', async () => {
    const state = { version: 1, userId: heavy.user_id, clientUserId: heavy.client_user_id, form: FORM, environment: 'sandboxEu' };
    const restored = await vscode.commands.executeCommand<boolean>('healthData.restorePanel', VIEW_TYPE, state);
    assert.equal(restored, true);
    const report = await waitForPanel(
      'the Sandbox EU panel in error',
      (r) => r.viewType === VIEW_TYPE && r.state?.environment === 'sandboxEu' && rendered<string>(r, 'phase') === 'error',
    );
    assert.match(report.title, /· Sandbox EU$/);
    assert.ok(rendered<{ actions: string[] }>(report, 'error').actions.includes('setApiKey'));
  });

  test('the key is in no request document, tooltip or saved state', async function () {
    // Opens every recorded request as a document (17 here): about a second each on a loaded
    // machine in VS Code 1.100, two in 1.139.
    this.timeout(120_000);
    const key = fixture.sandbox.apiKey;
    await fixture.testing.requestRecorder.save();
    const saved = JSON.stringify(fixture.testing.requestRecorder.savedState());
    assert.ok(saved.includes('"requestHeaders"'), 'the saved state holds the rows');
    assert.ok(!saved.includes(key), 'no key in the saved state');
    assert.ok(!saved.includes('"responseBody"'), 'no bodies in the saved state');
    for (const record of records()) await vscode.commands.executeCommand('healthData.requests.open', record.id);
    const provider = fixture.testing.requestsView.provider;
    const texts: string[] = vscode.workspace.textDocuments.map((document) => document.getText());
    for (const node of roots()) {
      const item = provider.getTreeItem(node);
      texts.push(textOf(item.label), textOf(item.description), textOf(item.tooltip));
      if (node.kind === 'load') for (const child of provider.getChildren(node)) texts.push(textOf(provider.getTreeItem(child).tooltip));
    }
    assert.ok(texts.some((text) => text.includes('<redacted>')), 'the documents were read');
    for (const text of texts) assert.ok(!text.includes(key), 'the key appears nowhere');
  });
});
