// Health Data notebooks in the real extension host (issue 26): the sample opens and runs against the
// embedded sandbox, outputs carry the result, the raw body and a text summary, assertions pass and
// fail, Cancel stops a request at once, the environment is written into the file, production asks,
// Requests rows and a panel's query become cells, and bad input never costs the notebook its text.
import * as assert from 'node:assert/strict';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { HealthDataExtensionApi, ShellTestingApi } from '../../src/extensionApi';
import { NOTEBOOK_TYPE, REQUEST_CELL_LANGUAGE, RESULT_MIME, type CellResult } from '../../src/notebook/model';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/server';
import { EXTENSION_ID } from '../../src/constants';
import { activateExtension, waitFor } from './helpers';

const TEAM_KEY = 'notebook-team-key-7a1c';
/** A path the slow proxy never answers: a cell that requests it runs until it is cancelled. */
const HANGING_CLIENT_USER_ID = 'hangs-until-cancelled';

let testing: ShellTestingApi;
let team: SandboxHandle;
let slowProxy: Server;
let hangingRequests = 0;
let folder: string;

const config = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('healthData');

function resultOf(cell: vscode.NotebookCell): CellResult | undefined {
  const item = cell.outputs.flatMap((output) => output.items).find((candidate) => candidate.mime === RESULT_MIME);
  return item ? (JSON.parse(new TextDecoder().decode(item.data)) as CellResult) : undefined;
}

function textOutput(cell: vscode.NotebookCell): string {
  return cell.outputs
    .flatMap((output) => output.items)
    .filter((item) => item.mime === 'text/plain')
    .map((item) => new TextDecoder().decode(item.data))
    .join('\n');
}

const requestCells = (notebook: vscode.NotebookDocument): vscode.NotebookCell[] =>
  notebook.getCells().filter((cell) => cell.kind === vscode.NotebookCellKind.Code);

async function selectController(notebook: vscode.NotebookDocument): Promise<void> {
  await vscode.window.showNotebookDocument(notebook);
  await vscode.commands.executeCommand('notebook.selectKernel', { id: 'healthData.notebookController', extension: EXTENSION_ID });
}

/**
 * Runs `cells` of `notebook` (default: Run All, one run) and waits until each one has ended. Cells
 * given are run one command each, as clicking each cell's Run would.
 */
async function run(notebook: vscode.NotebookDocument, only?: vscode.NotebookCell[]): Promise<void> {
  await selectController(notebook);
  const cells = only ?? requestCells(notebook);
  const before = new Map(cells.map((cell) => [cell.index, cell.executionSummary?.timing?.endTime ?? 0]));
  if (only) {
    for (const cell of only) {
      await vscode.commands.executeCommand('notebook.cell.execute', { ranges: [{ start: cell.index, end: cell.index + 1 }], document: notebook.uri });
    }
  } else {
    await vscode.commands.executeCommand('notebook.execute', notebook.uri);
  }
  await waitFor(
    () => cells.every((cell) => (notebook.cellAt(cell.index).executionSummary?.timing?.endTime ?? 0) > (before.get(cell.index) ?? 0)),
    'every cell of the run to end',
    60_000,
  );
}

/** A notebook file on disk with `text`, opened (not shown). */
async function notebookFile(name: string, text: string): Promise<vscode.NotebookDocument> {
  const path = join(folder, name);
  writeFileSync(path, text);
  return vscode.workspace.openNotebookDocument(vscode.Uri.file(path));
}

const cellText = (lines: string[]): string => ['```http', ...lines, '```'].join('\n');

/** Forwards to the team sandbox, except one path it never answers (until the client hangs up). */
function startSlowProxy(target: string): Promise<Server> {
  const server = createServer((incoming, outgoing) => {
    if (incoming.url?.includes(HANGING_CLIENT_USER_ID)) {
      hangingRequests++;
      return;
    }
    const forwarded = httpRequest(`${target}${incoming.url}`, { method: incoming.method, headers: incoming.headers }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    forwarded.on('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

suite('Notebooks: Health Data notebooks in the editor', () => {
  suiteSetup(async function () {
    this.timeout(120_000);
    const api = await activateExtension<HealthDataExtensionApi>();
    assert.ok(api.testing?.notebooks, 'the testing API has the notebooks');
    testing = api.testing;
    folder = mkdtempSync(join(tmpdir(), 'hde-notebooks-'));
    team = await startSandbox({ port: 0, users: 8, seed: 26, apiKey: TEAM_KEY });
    slowProxy = await startSlowProxy(team.url);
    const address = slowProxy.address();
    assert.ok(address && typeof address === 'object');
    await config().update('baseUrl.sandboxEu', `http://127.0.0.1:${address.port}`, vscode.ConfigurationTarget.Global);
    await config().update('baseUrl.productionUs', team.url, vscode.ConfigurationTarget.Global);
    assert.equal((await testing.setApiKeyFor('sandboxEu', TEAM_KEY)).ok, true, 'the team key is stored for Sandbox EU');
    assert.equal((await testing.setApiKeyFor('productionUs', TEAM_KEY)).ok, true, 'a key is stored for Production US (the same sandbox plays it)');
    await vscode.commands.executeCommand('healthData.useLocalSandbox');
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const environment of ['sandboxEu', 'productionUs'] as const) {
      await testing.connection.selectEnvironment(environment);
      await testing.clearApiKey();
    }
    await vscode.commands.executeCommand('healthData.useLocalSandbox');
    await config().update('baseUrl.sandboxEu', undefined, vscode.ConfigurationTarget.Global);
    await config().update('baseUrl.productionUs', undefined, vscode.ConfigurationTarget.Global);
    slowProxy?.closeAllConnections();
    await new Promise((resolve) => slowProxy?.close(resolve));
    await team?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  test('New Notebook opens the sample; Run All fills every request cell with its result (the body once) and a text summary, all assertions held', async function () {
    this.timeout(120_000);
    await vscode.commands.executeCommand('healthData.newNotebook');
    const notebook = await waitFor(() => {
      const open = vscode.window.activeNotebookEditor?.notebook;
      return open?.notebookType === NOTEBOOK_TYPE ? open : undefined;
    }, 'the new notebook in front');
    assert.equal(notebook.isUntitled, true, 'an untitled copy: the sample itself is never changed');
    assert.match(notebook.uri.path, /^notebook-\d+\.hdnb\.md$/, 'named so that Save offers the notebook suffix');
    const cells = requestCells(notebook);
    assert.ok(cells.length >= 1, 'the sample has request cells');
    assert.ok(cells.every((cell) => cell.document.languageId === REQUEST_CELL_LANGUAGE));
    assert.ok(notebook.getCells().some((cell) => cell.kind === vscode.NotebookCellKind.Markup), 'and Markdown cells');
    await run(notebook);
    for (const cell of requestCells(notebook)) {
      const result = resultOf(cell) ?? assert.fail(`cell ${cell.index} has a result output`);
      const mimes = cell.outputs.flatMap((output) => output.items.map((item) => item.mime));
      assert.deepEqual(mimes, [RESULT_MIME, 'text/plain'], `cell ${cell.index}: the result (its body in it, not a second copy), then the summary`);
      assert.ok(result.body !== undefined, `cell ${cell.index}: the body travels in the result`);
      assert.equal(result.outcome, 'ok', `cell ${cell.index}: ${textOutput(cell)}`);
      assert.equal(result.environment.id, 'local');
      assert.ok(result.assertions.every((assertion) => assertion.passed), `cell ${cell.index}: ${textOutput(cell)}`);
      assert.equal(cell.executionSummary?.success, true);
      assert.ok((cell.executionSummary?.executionOrder ?? 0) > 0, 'an execution order');
      assert.match(textOutput(cell), /^(GET|POST) \/v[23]\//);
    }
    const assertions = requestCells(notebook).flatMap((cell) => resultOf(cell)?.assertions ?? []);
    assert.ok(assertions.some((assertion) => assertion.text === 'expect no deviations'), 'the sample asserts "no deviations"');
    assert.match(requestCells(notebook).map(textOutput).join('\n'), /✓ expect no deviations/);
    const notebookRows = testing.requestRecorder.records.all().filter((record) => record.origin === 'notebook');
    assert.ok(notebookRows.length >= requestCells(notebook).length, 'every request is a Requests row, marked as the notebook\'s');
  });

  test('a changed assertion fails: the cell shows ✗ with the reason and the run is not a success', async function () {
    this.timeout(60_000);
    const notebook = await notebookFile('assertions.hdnb.md', `${cellText(['GET /v2/user/?limit=3', '', 'pages first', 'expect status 200', 'expect count users == 3'])}\n`);
    await run(notebook);
    const cell = requestCells(notebook)[0]!;
    assert.equal(cell.executionSummary?.success, true, textOutput(cell));
    const edit = new vscode.WorkspaceEdit();
    const line = cell.document.lineAt(3);
    edit.replace(cell.document.uri, line.range, 'expect status 404');
    assert.ok(await vscode.workspace.applyEdit(edit));
    await run(notebook);
    const result = resultOf(notebook.cellAt(cell.index)) ?? assert.fail('a result');
    assert.equal(result.outcome, 'ok', 'the request itself succeeded');
    const failed = result.assertions.filter((assertion) => !assertion.passed);
    assert.deepEqual(failed.map((assertion) => assertion.text), ['expect status 404']);
    assert.match(failed[0]!.message, /404/);
    assert.match(failed[0]!.message, /200/);
    assert.equal(notebook.cellAt(cell.index).executionSummary?.success, false);
    assert.match(textOutput(notebook.cellAt(cell.index)), /✗ expect status 404/);
  });

  test('variables flow from earlier cells, also when only a later cell is run', async function () {
    this.timeout(60_000);
    const client = await testing.connection.client('local');
    const { users } = await client.listUsers({ limit: 1 });
    const user = users[0] ?? assert.fail('the local sandbox has users');
    const notebook = await notebookFile(
      'variables.hdnb.md',
      [
        '---',
        'environment: local',
        'variables:',
        `  clientUserId: ${user.client_user_id}`,
        '---',
        '',
        cellText(['GET /v2/user/resolve/{{clientUserId}}', '', 'let userId = user_id', 'expect status 200']),
        '',
        cellText(['GET /v2/timeseries/{{userId}}/blood_pressure/grouped?range=last30', '', 'pages first', 'expect status 200']),
        '',
      ].join('\n'),
    );
    await run(notebook);
    const [first, second] = requestCells(notebook);
    assert.equal(resultOf(first!)?.variablesSet.userId, user.user_id);
    assert.equal(second!.executionSummary?.success, true, textOutput(second!));
    assert.match(resultOf(second!)!.request.path, new RegExp(`^/v2/timeseries/${user.user_id}/`), '{{userId}} is the first cell\'s user_id');
    await run(notebook, [second!]);
    assert.equal(notebook.cellAt(second!.index).executionSummary?.success, true, `primed from the first cell's result: ${textOutput(notebook.cellAt(second!.index))}`);
    // Run from a cell down (VS Code's own command, on the selected cell): the first cell is not run again.
    const firstEnded = notebook.cellAt(first!.index).executionSummary?.timing?.endTime;
    const secondEnded = notebook.cellAt(second!.index).executionSummary?.timing?.endTime ?? 0;
    const editor = await vscode.window.showNotebookDocument(notebook);
    editor.selections = [new vscode.NotebookRange(second!.index, second!.index + 1)];
    await vscode.commands.executeCommand('notebook.cell.executeCellAndBelow');
    await waitFor(() => (notebook.cellAt(second!.index).executionSummary?.timing?.endTime ?? 0) > secondEnded, 'the cells from the second down to run');
    assert.equal(notebook.cellAt(first!.index).executionSummary?.timing?.endTime, firstEnded, 'the cell above did not run');
    assert.equal(notebook.cellAt(second!.index).executionSummary?.success, true, textOutput(notebook.cellAt(second!.index)));
  });

  test('a run resolves with every cell\'s outputs in the document, each page\'s progress replaced by the result', async function () {
    this.timeout(60_000);
    const notebook = await notebookFile(
      'resolves.hdnb.md',
      [cellText(['GET /v2/user/?limit=3', '', 'let clientUserId = users[0].client_user_id']), cellText(['GET /v2/user/resolve/{{clientUserId}}']), cellText(['GET /v2/user/?limit=1', 'pages first']), ''].join('\n\n'),
    );
    await selectController(notebook);
    // As Run Investigation Against Its Environment awaits a run: nothing is waited for after it.
    await testing.notebooks!.controller.runLive(notebook, { environment: 'sandboxEu', variables: {} });
    const cells = requestCells(notebook);
    assert.deepEqual(cells.map((cell) => resultOf(cell)?.outcome), ['ok', 'ok', 'ok'], cells.map(textOutput).join('\n'));
    assert.deepEqual(cells.map((cell) => cell.outputs.length), [1, 1, 1], 'one output a cell: the result, in place of the progress');
    assert.ok(resultOf(cells[0]!)!.pages > 1, 'the first cell loaded several pages, each one said as it came');
  });

  test('bad input gives an error output and the notebook keeps every cell and its text', async function () {
    this.timeout(60_000);
    const sources = [
      ['GET /v9/not-an-operation'],
      ['POST /v3/lab_tests/list_order_set_markers', '', '{ "lab_test_ids": [ }'],
      ['GET /v2/user/resolve/{{nobody}}'],
      ['GET /v2/user/', 'x-service-api-key: sk-live-should-never-be-here'],
    ];
    const text = `${sources.map(cellText).join('\n\n')}\n`;
    const notebook = await notebookFile('bad-input.hdnb.md', text);
    await run(notebook);
    const cells = requestCells(notebook);
    assert.equal(cells.length, sources.length, 'no cell lost');
    cells.forEach((cell, index) => {
      assert.equal(cell.document.getText(), sources[index]!.join('\n'), 'the cell text is as written');
      const result = resultOf(cell) ?? assert.fail(`cell ${index} has an error output`);
      assert.equal(result.outcome, 'error', `cell ${index}: ${textOutput(cell)}`);
      assert.ok(result.error?.message, 'it says what went wrong');
      assert.equal(cell.executionSummary?.success, false);
      assert.match(textOutput(cell), /^Error: /);
    });
    assert.match(resultOf(cells[0]!)!.error!.message, /\/v2\/user\//, 'the unknown operation names the five');
    assert.match(resultOf(cells[2]!)!.error!.message, /nobody/, 'the unknown variable is named');
    assert.doesNotMatch(JSON.stringify(cells.map((cell) => cell.outputs)), /sk-live-should-never-be-here/, 'the key is in no output');
  });

  test('Cancel stops a request at once and the cell says cancelled', async function () {
    this.timeout(60_000);
    const notebook = await notebookFile('cancel.hdnb.md', `---\nenvironment: sandboxEu\n---\n\n${cellText([`GET /v2/user/resolve/${HANGING_CLIENT_USER_ID}`])}\n`);
    await selectController(notebook);
    const cell = requestCells(notebook)[0]!;
    const running = vscode.commands.executeCommand('notebook.cell.execute', { ranges: [{ start: cell.index, end: cell.index + 1 }], document: notebook.uri });
    const seen = hangingRequests;
    await waitFor(() => hangingRequests > seen, 'the request to reach the server');
    const cancelledAt = Date.now();
    await vscode.commands.executeCommand('notebook.cancelExecution');
    await waitFor(() => resultOf(notebook.cellAt(cell.index)), 'the cancelled cell\'s output', 10_000);
    await running;
    assert.ok(Date.now() - cancelledAt < 5_000, 'stopped at once, not at a timeout');
    assert.equal(resultOf(notebook.cellAt(cell.index))?.outcome, 'cancelled');
    assert.match(textOutput(notebook.cellAt(cell.index)), /cancelled/);
    // Run again: once a load lasts, the last output is cleared (a quick one goes straight to its result).
    const again = vscode.commands.executeCommand('notebook.cell.execute', { ranges: [{ start: cell.index, end: cell.index + 1 }], document: notebook.uri });
    await waitFor(() => notebook.cellAt(cell.index).outputs.length === 0, 'the last output cleared while the load lasts', 10_000);
    await vscode.commands.executeCommand('notebook.cancelExecution');
    await again;
    await waitFor(() => resultOf(notebook.cellAt(cell.index))?.outcome === 'cancelled', 'cancelled again', 10_000);
  });

  test('in Restricted Mode each request cell says it runs once the folder is trusted, with the action that trusts it (issue 34.4)', async () => {
    // VS Code's own trust dialog stops Run All before the controller is called, so the line must be
    // there before any run. The test hosts run with workspace trust switched off
    // (test/host/codeServer.mjs: --disable-workspace-trust): the workspace is trusted here and cannot
    // be made untrusted, so the untrusted half replaces the provider's trust source, no more.
    const notebook = await notebookFile('trust.hdnb.md', `# Trust\n\n${cellText(['GET /v2/user/?limit=1'])}\n`);
    await vscode.window.showNotebookDocument(notebook);
    const trust = testing.notebooks!.trustStatus;
    const markdown = notebook.getCells().find((cell) => cell.kind === vscode.NotebookCellKind.Markup) ?? assert.fail('a Markdown cell');
    const request = requestCells(notebook)[0] ?? assert.fail('a request cell');
    assert.equal(vscode.workspace.isTrusted, true);
    assert.deepEqual(trust.provideCellStatusBarItems(request), [], 'trusted: no line');
    const original = trust.isTrusted;
    trust.isTrusted = () => false;
    trust.refresh();
    try {
      const [item, ...more] = trust.provideCellStatusBarItems(request);
      assert.ok(item && more.length === 0);
      assert.match(item.text, /Runs once the folder is trusted/);
      assert.match(String(item.tooltip), /Restricted Mode/);
      assert.equal(item.command && typeof item.command === 'object' ? item.command.command : item.command, 'workbench.trust.manage');
      assert.ok((await vscode.commands.getCommands(true)).includes('workbench.trust.manage'), 'the host has the command the line runs');
      assert.deepEqual(trust.provideCellStatusBarItems(markdown), [], 'a Markdown cell has no request to run');
    } finally {
      trust.isTrusted = original;
      trust.refresh();
    }
  });

  test('switching the notebook\'s environment writes its front matter; the status bar shows it; it runs there', async function () {
    this.timeout(60_000);
    const notebook = await notebookFile('switch.hdnb.md', `# Switch\n\n${cellText(['GET /v2/user/?limit=2', '', 'expect status 200'])}\n`);
    await vscode.window.showNotebookDocument(notebook);
    const statusBar = testing.notebooks!.statusBar;
    await waitFor(() => statusBar.text()?.includes('(active)'), 'the status bar: no environment named, the active one');
    await vscode.commands.executeCommand('healthData.selectNotebookEnvironment', 'sandboxEu', notebook.uri);
    assert.equal(notebook.isDirty, true, 'the file changed');
    await waitFor(() => statusBar.text()?.includes('Sandbox EU') && !statusBar.text()?.includes('(active)'), 'the status bar names Sandbox EU');
    assert.ok(await notebook.save());
    const saved = readFileSync(notebook.uri.fsPath, 'utf8');
    assert.match(saved, /^---\n/, 'front matter at the top');
    assert.match(saved, /^environment: sandboxEu$/m, 'the front matter names it');
    assert.match(saved, /^# Switch$/m, 'the Markdown is kept');
    assert.doesNotMatch(saved, new RegExp(`${TEAM_KEY}|127\\.0\\.0\\.1`), 'never the key, never the base URL');
    await run(notebook);
    const result = resultOf(requestCells(notebook)[0]!) ?? assert.fail('a result');
    assert.equal(result.environment.id, 'sandboxEu');
    assert.equal(result.outcome, 'ok', textOutput(requestCells(notebook)[0]!));
    assert.equal(testing.connection.environment().id, 'local', 'the window\'s environment did not change');
  });

  test('production asks once per run: declined sends nothing, accepted runs every cell', async function () {
    this.timeout(60_000);
    const controller = testing.notebooks!.controller;
    const original = controller.confirmProduction;
    const asked: string[] = [];
    let answer = false;
    controller.confirmProduction = async (environment) => {
      asked.push(environment);
      return answer;
    };
    try {
      const notebook = await notebookFile(
        'production.hdnb.md',
        `---\nenvironment: productionUs\n---\n\n${cellText(['GET /v2/user/?limit=1', 'pages first'])}\n\n${cellText(['GET /v2/user/?limit=2', 'pages first'])}\n`,
      );
      const sent = (): number => testing.requestRecorder.records.all().filter((record) => record.environmentId === 'productionUs').length;
      const before = sent();
      await selectController(notebook);
      await vscode.commands.executeCommand('notebook.execute', notebook.uri);
      await waitFor(() => asked.length === 1, 'the question');
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.equal(sent(), before, 'declined: nothing sent');
      assert.ok(requestCells(notebook).every((cell) => resultOf(cell) === undefined), 'no result');
      answer = true;
      await run(notebook);
      assert.deepEqual(asked, ['Production US', 'Production US'], 'asked once per run, naming the environment');
      assert.ok(requestCells(notebook).every((cell) => resultOf(cell)?.outcome === 'ok'));
      assert.equal(sent(), before + 2);
    } finally {
      controller.confirmProduction = original;
    }
  });

  test('no key: the cells say so with the next step, and nothing is sent', async function () {
    this.timeout(60_000);
    const notebook = await notebookFile('no-key.hdnb.md', `---\nenvironment: sandboxUs\n---\n\n${cellText(['GET /v2/user/'])}\n`);
    await run(notebook);
    const cell = requestCells(notebook)[0]!;
    assert.match(textOutput(cell), /no API key for Sandbox US.*Set API Key/);
    assert.equal(cell.executionSummary?.success, false);
  });

  test('Save as Notebook turns Requests rows into cells, in the order sent, naming their environment', async function () {
    this.timeout(60_000);
    const client = await testing.connection.client('local');
    const { users } = await client.listUsers({ limit: 2 });
    await client.resolveUser(users[0]!.client_user_id);
    const records = testing.requestRecorder.records.all();
    const listed = [...records].reverse().find((record) => record.url.includes('/v2/user/?') || record.url.endsWith('/v2/user/'));
    const resolved = [...records].reverse().find((record) => record.url.includes('/v2/user/resolve/'));
    assert.ok(listed && resolved);
    // Selected newest first: the notebook still has them in the order they were sent.
    const editor = await vscode.commands.executeCommand<vscode.NotebookEditor>('healthData.requests.saveAsNotebook', [resolved.id, listed.id]);
    assert.ok(editor, 'a notebook opened');
    const notebook = editor.notebook;
    assert.equal(notebook.notebookType, NOTEBOOK_TYPE);
    const sources = requestCells(notebook).map((cell) => cell.document.getText());
    assert.equal(sources.length, 2);
    assert.match(sources[0]!, /^GET \/v2\/user\//);
    assert.match(sources[1]!, new RegExp(`^GET /v2/user/resolve/${users[0]!.client_user_id}`));
    assert.equal((notebook.metadata.healthData as { environment?: string }).environment, 'local');
    assert.match(notebook.cellAt(0).document.getText(), /Local sandbox/);
    await run(notebook);
    assert.ok(requestCells(notebook).every((cell) => resultOf(cell)?.outcome === 'ok'), 'and they run again');
  });

  test('Add to Notebook appends a blood-pressure panel\'s query as a cell that runs', async function () {
    this.timeout(90_000);
    const target = await notebookFile('add.hdnb.md', '# Added from panels\n');
    await vscode.window.showNotebookDocument(target);
    const client = await testing.connection.client('local');
    const { users } = await client.listUsers({ limit: 1 });
    await vscode.commands.executeCommand('healthData.showBloodPressure', users[0], { startDate: '2000-01-01', endDate: '', provider: '' });
    await waitFor(async () => {
      const reports = (await vscode.commands.executeCommand<{ viewType: string; active: boolean }[]>('healthData.describePanels')) ?? [];
      return reports.some((report) => report.viewType === 'healthData.bloodPressure' && report.active);
    }, 'the blood-pressure panel in front');
    const notebook = await vscode.commands.executeCommand<vscode.NotebookDocument>('healthData.addToNotebook');
    assert.equal(notebook?.uri.toString(), target.uri.toString(), 'the notebook last in front');
    const added = requestCells(target).at(-1) ?? assert.fail('a request cell');
    assert.match(added.document.getText(), new RegExp(`^GET /v2/timeseries/${users[0]!.user_id}/blood_pressure/grouped\\?`));
    await run(target, [added]);
    assert.equal(resultOf(target.cellAt(added.index))?.outcome, 'ok', textOutput(target.cellAt(added.index)));
  });
});
