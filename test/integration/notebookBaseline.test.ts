// `expect no new deviations` in the real extension host, against a vendor-shaped sandbox: a notebook
// file without a baseline fails the cell naming the deviations; the failed cell (and only it) offers
// Update Deviation Baseline in its status bar; the command writes the file beside the notebook, the
// same one `run --update-baseline` writes; run again, the cell holds and the offer is gone. What lives
// beside a notebook's file needs the file: an untitled notebook has no baseline, and one naming a
// fixtures folder does not run, each cell saying to save it first.
import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { HealthApiClient } from '../../src/api/client';
import { EXTENSION_ID } from '../../src/constants';
import type { HealthDataExtensionApi, ShellTestingApi } from '../../src/extensionApi';
import type { BaselineOutcome } from '../../src/notebook/baselineRun';
import { baselineEntryOf, serializeBaseline } from '../../src/notebook/deviationBaseline';
import { RESULT_MIME, type CellResult } from '../../src/notebook/model';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/server';
import { activateExtension, waitFor } from './helpers';

const KEY = 'baseline-team-key-3e8d';

let testing: ShellTestingApi;
let vendor: SandboxHandle;
let folder: string;
let who: string;

const config = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('healthData');

function resultOf(cell: vscode.NotebookCell): CellResult {
  const item = cell.outputs.flatMap((output) => output.items).find((candidate) => candidate.mime === RESULT_MIME);
  return item ? (JSON.parse(new TextDecoder().decode(item.data)) as CellResult) : assert.fail(`cell ${cell.index} has no result`);
}

async function runAll(notebook: vscode.NotebookDocument): Promise<void> {
  await vscode.window.showNotebookDocument(notebook);
  await vscode.commands.executeCommand('notebook.selectKernel', { id: 'healthData.notebookController', extension: EXTENSION_ID });
  const cells = notebook.getCells().filter((cell) => cell.kind === vscode.NotebookCellKind.Code);
  const before = new Map(cells.map((cell) => [cell.index, cell.executionSummary?.timing?.endTime ?? 0]));
  await vscode.commands.executeCommand('notebook.execute', notebook.uri);
  await waitFor(() => cells.every((cell) => (notebook.cellAt(cell.index).executionSummary?.timing?.endTime ?? 0) > (before.get(cell.index) ?? 0)), 'every cell to end', 60_000);
}

const offers = (cell: vscode.NotebookCell): vscode.NotebookCellStatusBarItem[] => {
  const items = testing.notebooks!.baselineStatus.provideCellStatusBarItems(cell);
  return Array.isArray(items) ? items : [];
};

suite('Notebooks: the deviation baseline (expect no new deviations)', () => {
  suiteSetup(async function () {
    this.timeout(120_000);
    const api = await activateExtension<HealthDataExtensionApi>();
    assert.ok(api.testing?.notebooks, 'the testing API has the notebooks');
    testing = api.testing;
    folder = mkdtempSync(join(tmpdir(), 'hde-baseline-'));
    vendor = await startSandbox({ port: 0, users: 6, seed: 33, apiKey: KEY, shape: 'vendor' });
    const client = new HealthApiClient({ baseUrl: vendor.url, apiKey: KEY });
    who = (await client.listUsers({ limit: 1 })).users[0]!.client_user_id;
    await client.close();
    await config().update('baseUrl.sandboxUs', vendor.url, vscode.ConfigurationTarget.Global);
    assert.equal((await testing.setApiKeyFor('sandboxUs', KEY)).ok, true);
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await testing.connection.selectEnvironment('sandboxUs');
    await testing.clearApiKey();
    await vscode.commands.executeCommand('healthData.useLocalSandbox');
    await config().update('baseUrl.sandboxUs', undefined, vscode.ConfigurationTarget.Global);
    await vendor?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  test('a failed cell offers Update Deviation Baseline; the command writes the file beside the notebook; run again, the cell holds', async function () {
    this.timeout(120_000);
    const path = join(folder, 'watch.hdnb.md');
    const baseline = join(folder, 'watch.hdnb.baseline.json');
    const cell = (lines: string[]): string => ['```http', ...lines, '```'].join('\n');
    writeFileSync(
      path,
      [
        `---\nenvironment: sandboxUs\nvariables:\n  who: ${who}\n---\n`,
        cell(['GET /v2/user/resolve/{{who}}', '', 'expect status 200', 'expect no new deviations']),
        cell(['GET /v2/user/resolve/{{who}}', '', 'expect status 200']),
        '',
      ].join('\n\n'),
    );
    const notebook = await vscode.workspace.openNotebookDocument(vscode.Uri.file(path));
    await runAll(notebook);
    const [watching, plain] = notebook.getCells().filter((candidate) => candidate.kind === vscode.NotebookCellKind.Code) as [vscode.NotebookCell, vscode.NotebookCell];
    const failed = resultOf(watching);
    assert.equal(failed.outcome, 'ok');
    assert.ok(failed.deviations.length >= 2, 'the vendor-shaped answer deviates');
    const verdict = failed.assertions.find((assertion) => assertion.text === 'expect no new deviations')!;
    assert.equal(verdict.passed, false);
    assert.match(verdict.message, new RegExp(`${failed.deviations.length} new deviations and no baseline \\S*watch\\.hdnb\\.baseline\\.json yet`));
    assert.match(verdict.message, /deprecated at connected_sources\[\*\]\.source \(spec 2\.1\.1\)/);
    assert.equal(watching.executionSummary?.success, false);

    const [offer, ...more] = offers(watching);
    assert.ok(offer && more.length === 0, 'the failed cell offers one action');
    assert.match(offer.text, /Update Deviation Baseline/);
    assert.equal(offer.command && typeof offer.command === 'object' ? offer.command.command : offer.command, 'healthData.updateDeviationBaseline');
    assert.deepEqual(offers(plain), [], 'a cell without the assertion offers nothing');
    assert.equal(existsSync(baseline), false);

    const command = offer.command as vscode.Command;
    const outcome = await vscode.commands.executeCommand<BaselineOutcome>(command.command, ...(command.arguments ?? []));
    assert.equal(outcome.summary.kind, 'written');
    const expected = serializeBaseline(failed.deviations.map((deviation) => baselineEntryOf('resolveUser', deviation)));
    assert.equal(readFileSync(baseline, 'utf8'), expected, 'the file run --update-baseline writes: sorted entries, no values');
    assert.ok(!readFileSync(baseline, 'utf8').includes(who), 'no id in the file');

    await runAll(notebook);
    const held = resultOf(notebook.cellAt(watching.index)).assertions.find((assertion) => assertion.text === 'expect no new deviations')!;
    assert.equal(held.passed, true, held.message);
    assert.match(held.message, /each in the baseline \S*watch\.hdnb\.baseline\.json/);
    assert.equal(notebook.cellAt(watching.index).executionSummary?.success, true);
    assert.deepEqual(offers(notebook.cellAt(watching.index)), [], 'nothing left to accept');

    const again = await vscode.commands.executeCommand<BaselineOutcome>('healthData.updateDeviationBaseline', notebook.uri);
    assert.equal(again.summary.kind, 'unchanged');
  });

  test('an untitled notebook has no baseline: the cell says to save it, and the command writes nothing', async function () {
    this.timeout(60_000);
    const notebook = await vscode.workspace.openNotebookDocument('health-data-notebook', new vscode.NotebookData([
      new vscode.NotebookCellData(vscode.NotebookCellKind.Code, `GET /v2/user/resolve/${who}\n\nexpect no new deviations`, 'health-data-http'),
    ]));
    await vscode.window.showNotebookDocument(notebook);
    await vscode.commands.executeCommand('healthData.selectNotebookEnvironment', 'sandboxUs', notebook.uri);
    await runAll(notebook);
    const verdict = resultOf(notebook.cellAt(0)).assertions[0]!;
    assert.equal(verdict.passed, false);
    assert.match(verdict.message, /no baseline to compare with: save it as a file/);
    assert.deepEqual(offers(notebook.cellAt(0)), []);
    assert.equal(await vscode.commands.executeCommand('healthData.updateDeviationBaseline', notebook.cellAt(0)), undefined);
  });

  test('an untitled notebook naming a fixtures folder sends nothing: each cell says to save it beside the folder first', async function () {
    this.timeout(60_000);
    const data = new vscode.NotebookData([new vscode.NotebookCellData(vscode.NotebookCellKind.Code, `GET /v2/user/resolve/${who}\n\nexpect status 200`, 'health-data-http')]);
    data.metadata = { healthData: { fixtures: 'finding.fixtures', variables: {} } };
    const notebook = await vscode.workspace.openNotebookDocument('health-data-notebook', data);
    assert.equal(notebook.isUntitled, true);
    const sent = testing.requestRecorder.records.all().length;
    await runAll(notebook);
    const said = notebook.cellAt(0).outputs.flatMap((output) => output.items).map((item) => new TextDecoder().decode(item.data)).join('\n');
    assert.match(said, /replays the recording in finding\.fixtures, found beside the notebook's file, and this notebook has not been saved yet\. Save it in the folder that holds finding\.fixtures/);
    assert.equal(notebook.cellAt(0).executionSummary?.success, false);
    assert.equal(testing.requestRecorder.records.all().length, sent, 'nothing was sent');
  });
});
