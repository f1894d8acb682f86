// Where a row of the Requests view came from, in the real extension host (issue 28): the key check,
// a look-up, a scan and a diagnosis tag their requests; a scan and a diagnosis are one row per run;
// the view filters by origin and to deviations; a load row replays and compares as a whole; and
// replaying a production row asks first, sending nothing on a no.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { User } from '../../src/api/schemas';
import type { RequestRecord } from '../../src/domain/requests/requestRecords';
import type { RequestNode } from '../../src/views/requests/requestNodes';
import { waitFor } from './helpers';
import { openPanelsFixture, rendered, waitForPanel, type PanelReport, type PanelsFixture } from './panelsSupport';

type LoadNode = Extract<RequestNode, { kind: 'load' }>;

let fixture: PanelsFixture & { close(): Promise<void> };
let users: User[];
const config = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('healthData');

const textOf = (value: string | vscode.MarkdownString | vscode.TreeItemLabel | undefined | boolean): string =>
  value === undefined || typeof value === 'boolean' ? '' : typeof value === 'string' ? value : 'value' in value ? value.value : value.label;

const provider = () => fixture.testing.requestsView.provider;
const records = (): readonly RequestRecord[] => fixture.testing.requestRecorder.records.all();
const newest = (accept: (record: RequestRecord) => boolean): RequestRecord | undefined => [...records()].reverse().find(accept);
const itemOf = (node: RequestNode): vscode.TreeItem => provider().getTreeItem(node);

async function recordedDuring(work: () => PromiseLike<unknown>): Promise<RequestRecord[]> {
  const before = new Set(records().map((record) => record.id));
  await work();
  return records().filter((record) => !before.has(record.id));
}

function runRow(label: RegExp): LoadNode | undefined {
  return provider()
    .getChildren()
    .find((node): node is LoadNode => node.kind === 'load' && label.test(textOf(itemOf(node).label)));
}

suite('Requests view: where each row came from', () => {
  suiteSetup(async function () {
    this.timeout(120_000);
    fixture = await openPanelsFixture({ users: 8, seed: 11 });
    users = (await fixture.client.listUsers({ limit: 8 })).users;
    await vscode.commands.executeCommand('healthData.requests.clearFilter');
    await vscode.commands.executeCommand('healthData.requests.clear');
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('healthData.requests.clearFilter');
    await config().update('baseUrl.productionUs', undefined, vscode.ConfigurationTarget.Global);
    await fixture?.close();
  });

  test('using the Requests view ticks the walkthrough\'s "Read the request log" step: opening the view or a row', async function () {
    this.timeout(30_000);
    const key = 'healthData.walkthrough.requestsRead';
    const done = (globalThis as { [key: symbol]: Set<string> | undefined })[Symbol.for('healthData.walkthroughDoneThisSession')] ?? assert.fail('the walkthrough keeps its steps');
    await fixture.testing.connection.client().then((client) => client.listUsers({ limit: 1 }));
    const row = await waitFor(() => provider().getChildren().find((node) => node.kind === 'request'), 'a row');

    done.delete(key);
    await vscode.commands.executeCommand('workbench.action.closeSidebar');
    await vscode.commands.executeCommand('healthData.requests.focus');
    await waitFor(() => done.has(key), 'the step ticked by opening the view');

    done.delete(key);
    await vscode.commands.executeCommand('healthData.requests.open', row);
    assert.ok(done.has(key), 'the step ticked by opening a row');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('"spec 2.3" in a request document links to the shipped spec at that heading', async () => {
    await fixture.testing.jsonDocuments.openText('deviations.http', '# missing: markers[*].lab_id\n#   spec 2.3: required\n#   spec 99: nothing\n');
    const document = vscode.window.activeTextEditor?.document ?? assert.fail('the document is open');
    const links = await vscode.commands.executeCommand<vscode.DocumentLink[]>('vscode.executeLinkProvider', document.uri);
    assert.equal(links.length, 1, 'only the section the spec has');
    const [link] = links;
    assert.equal(document.getText(link!.range), 'spec 2.3');
    const target = link!.target ?? assert.fail('the link has a target');
    assert.match(target.path, /\/media\/spec\/health-data-api\.md$/);
    const line = Number(/^L(\d+)$/.exec(target.fragment)?.[1]) - 1;
    const spec = await vscode.workspace.openTextDocument(target.with({ fragment: '' }));
    assert.match(spec.lineAt(line).text, /^### 2\.3 /, 'the link opens at the heading of 2.3');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('the key check and a look-up name themselves in the row and its tooltip', async () => {
    const check = await recordedDuring(async () => assert.equal((await fixture.testing.setApiKey(fixture.sandbox.apiKey)).ok, true));
    assert.deepEqual(check.map((record) => record.origin), ['keyCheck']);
    const checkItem = itemOf({ kind: 'request', record: check[0]! });
    assert.match(textOf(checkItem.description), / · Sandbox US · key check$/);
    assert.match(textOf(checkItem.tooltip), /^Made by: key check$/m);

    const user = users[2] ?? assert.fail('a user');
    const lookup = await recordedDuring(() => vscode.commands.executeCommand('healthData.lookUp', user.client_user_id));
    const resolve = lookup.find((record) => record.url.includes('/resolve/')) ?? assert.fail('the look-up resolved the id');
    assert.equal(resolve.origin, 'lookup');
    assert.match(textOf(itemOf({ kind: 'request', record: resolve }).description), /look-up$/);
  });

  test('a coverage scan is one row saying how many requests it made; its requests are below it', async function () {
    this.timeout(90_000);
    let panel: PanelReport | undefined;
    const made = await recordedDuring(async () => {
      await vscode.commands.executeCommand('healthData.scanDataCoverage', { days: 7, scope: { kind: 'first', count: 5 }, provider: '' });
      panel = await waitForPanel('the scan', (r) => r.viewType === 'healthData.coverageScan' && rendered<string>(r, 'phase') === 'done', 60_000);
    });
    const scanRecords = made.filter((record) => record.origin === 'scan');
    assert.ok(scanRecords.length > 5, `the scan listed users and read each one's data (${scanRecords.length})`);
    assert.equal(new Set(scanRecords.map((record) => record.loadId)).size, 1, 'one run, one load');
    const row = await waitFor(() => runRow(/^Coverage scan: \d+ requests$/), 'the scan row');
    assert.equal(textOf(itemOf(row).label), `Coverage scan: ${scanRecords.length} requests`);
    // The panel says the number its row says, the listing's page included (issue 34 §3e: it said one fewer).
    assert.equal(rendered<string>(panel ?? assert.fail('the panel reported'), 'status'), `5 users: 5 scanned, 0 failed (${scanRecords.length} requests).`);
    assert.equal(itemOf(row).contextValue, 'requestLoad');
    assert.match(textOf(itemOf(row).description), /Sandbox US$/);
    const children = provider().getChildren(row);
    assert.equal(children.length, scanRecords.length);
    assert.ok(children.every((child) => child.kind === 'request' && !/^Page /.test(textOf(itemOf(child).label))), 'each child reads as its own request');
    assert.equal(
      provider()
        .getChildren()
        .filter((node) => node.kind === 'request' && node.record.origin === 'scan').length,
      0,
      'no loose scan rows at the top',
    );
  });

  test('a diagnosis is one row too, and a failed request of it is counted in the row', async function () {
    this.timeout(90_000);
    const user = users[4] ?? assert.fail('a user');
    // One refused read (a 400 is not retried): the diagnosis's row must count it.
    fixture.sandbox.injectFaults({ kind: 'status', status: 400, path: '/v2/timeseries/' });
    await recordedDuring(async () => {
      await vscode.commands.executeCommand('healthData.diagnoseData', { user }, { days: 7 });
      await waitForPanel('the diagnosis', (r) => r.viewType === 'healthData.diagnosis' && ['result', 'error'].includes(rendered<string>(r, 'phase')), 60_000);
    });
    const row = await waitFor(() => runRow(/^Diagnosis: \d+ requests?$/), 'the diagnosis row');
    assert.ok(row.pages.every((page) => page.origin === 'diagnosis'));
    assert.equal(row.pages.filter((page) => page.status === 400).length, 1, 'the refused read is in the run');
    assert.match(textOf(itemOf(row).description), /^1 failed · /);
    assert.match(textOf(itemOf(row).tooltip), /^1 failed$/m);
    assert.match(textOf(itemOf(row).tooltip), /^Diagnosis: \d+ requests?$/m);
  });

  test('the filter narrows to one origin and to deviations, says so, and clears', async () => {
    await vscode.commands.executeCommand('healthData.requests.filterEnvironment', { origin: 'scan' });
    const roots = provider().getChildren();
    assert.ok(roots.length > 0);
    assert.ok(roots.every((node) => node.kind === 'load' && node.pages.every((page) => page.origin === 'scan')), 'only the scan');
    assert.equal(fixture.testing.requestsView.treeView.description, 'from coverage scan');

    await vscode.commands.executeCommand('healthData.requests.showDeviationsOnly');
    assert.equal(fixture.testing.requestsView.treeView.description, 'deviations only · from coverage scan');
    const shown = provider().getChildren();
    const deviating = records().filter((record) => record.origin === 'scan' && (record.deviations?.length ?? 0) > 0);
    if (deviating.length === 0) assert.deepEqual(shown.map((node) => node.kind), ['message'], 'nothing deviates: the view says no row matches');
    await vscode.commands.executeCommand('healthData.requests.showAllDeviations');
    assert.equal(fixture.testing.requestsView.treeView.description, 'from coverage scan');
    await vscode.commands.executeCommand('healthData.requests.filterEnvironment', { origin: null });
    assert.equal(fixture.testing.requestsView.treeView.description, undefined);
  });

  test('Replay on the scan row sends all its requests again as one replay row; Compare diffs the two runs', async function () {
    this.timeout(90_000);
    const scan = runRow(/^Coverage scan: /) ?? assert.fail('the scan row');
    const firstNew = await vscode.commands.executeCommand<number>('healthData.requests.replay', scan);
    assert.equal(typeof firstNew, 'number', 'something was sent');
    const replayed = records().filter((record) => record.id >= firstNew);
    assert.equal(replayed.length, scan.pages.length, 'every request of the run, once');
    assert.deepEqual(
      replayed.map((record) => record.url),
      scan.pages.map((page) => page.url),
      'the same requests, in order',
    );
    assert.ok(replayed.every((record) => record.origin === 'replay' && record.loadId === replayed[0]!.loadId));
    const replayRow = provider()
      .getChildren()
      .find((node): node is LoadNode => node.kind === 'load' && node.pages[0]?.id === firstNew);
    assert.ok(replayRow, 'the replay is one row');
    assert.match(textOf(itemOf(replayRow).description), /replay$/);

    await vscode.commands.executeCommand('healthData.requests.compareWith', scan, firstNew);
    const tab = await waitFor(() => {
      const active = vscode.window.tabGroups.activeTabGroup.activeTab;
      return active?.input instanceof vscode.TabInputTextDiff && active;
    }, 'the diff of the two runs');
    const input = tab.input as vscode.TabInputTextDiff;
    const left = (await vscode.workspace.openTextDocument(input.original)).getText();
    const right = (await vscode.workspace.openTextDocument(input.modified)).getText();
    const heads = (text: string): string[] => text.split('\n').filter((line) => /^# \d{3} GET \//.test(line));
    assert.equal(heads(left).length, scan.pages.length, `the diff lists the run request by request:\n${left.slice(0, 400)}`);
    assert.deepEqual(heads(right), heads(left), 'the replay read the same requests');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('replaying a production row asks first: a no sends nothing, a yes sends it', async function () {
    this.timeout(60_000);
    await config().update('baseUrl.productionUs', fixture.sandbox.url, vscode.ConfigurationTarget.Global);
    assert.equal((await fixture.testing.setApiKeyFor('productionUs', fixture.sandbox.apiKey)).ok, true);
    const user = users[1] ?? assert.fail('a user');
    await (await fixture.testing.connection.forEnvironment('productionUs').client()).resolveUser(user.client_user_id);
    const original = newest((record) => record.environmentId === 'productionUs' && record.url.includes('/resolve/')) ?? assert.fail('the production row');

    const declined = fixture.testing.answerProductionQuestions(false);
    try {
      const sent = await recordedDuring(async () => assert.equal(await vscode.commands.executeCommand('healthData.requests.replay', original.id), undefined));
      // (The Users view may list its page meanwhile: only production counts.)
      assert.equal(sent.filter((record) => record.environmentId === 'productionUs').length, 0, 'nothing was sent to production');
      assert.deepEqual(declined.asked, ['Send this request again in Production US, a production environment?']);
    } finally {
      declined.dispose();
    }

    const accepted = fixture.testing.answerProductionQuestions(true);
    try {
      const id = await vscode.commands.executeCommand<number>('healthData.requests.replay', original.id);
      const replayed = fixture.testing.requestRecorder.records.get(id) ?? assert.fail('the replay row');
      assert.equal(replayed.environmentId, 'productionUs');
      assert.equal(replayed.origin, 'replay');
      assert.equal(accepted.asked.length, 1);
    } finally {
      accepted.dispose();
    }

    const sandboxRow = newest((record) => record.environmentId === 'sandboxUs' && record.url.includes('/resolve/')) ?? assert.fail('a sandbox row');
    const quiet = fixture.testing.answerProductionQuestions(false);
    try {
      assert.equal(typeof (await vscode.commands.executeCommand('healthData.requests.replay', sandboxRow.id)), 'number', 'a sandbox row replays');
      assert.equal(quiet.asked.length, 0, 'without asking');
    } finally {
      quiet.dispose();
    }
  });
});
