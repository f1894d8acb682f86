// The doors issue 33 found open, in the real extension host: a production stand-in whose users'
// client_user_id are an e-mail address, a phone number, a person's name and a record number. Under
// healthData.scrub.when = always none of them, no user id and no date that was sent leaves through
// the blood-pressure panel's own Copy as cURL [panel:copyCurl], Save as Notebook from Requests rows
// or Add to Notebook from a panel; under never they do, so each test can fail. Save Investigation
// [healthData.saveInvestigation] scrubs whatever the setting: under never, from the panel and from a
// diagnosis and from a lab-markers panel, its notebook and fixtures hold none of them, and the
// notebook replays against them.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { HealthApiClient } from '../../src/api/client';
import type { User } from '../../src/api/schemas';
import type { HealthDataExtensionApi, ShellTestingApi } from '../../src/extensionApi';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/server';
import { scriptedHttpServer, sendJson, type HostileServer } from '../support/hostileServers';
import { RESULT_MIME, type CellResult } from '../../src/notebook/model';
import { EXTENSION_ID } from '../../src/constants';
import { activateExtension, waitFor } from './helpers';
import { rendered, waitForPanel } from './panelsSupport';

const PLANTED = ['maria.garcia@example.com', '+1-415-555-0142', 'Maria Garcia', 'MRN0048213377'];
const API_KEY = 'planted-doors-key';
/** The window the panel and the recorded request ask for: its days must not leave either. */
const START = '2001-02-03';
const config = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('healthData');

let testing: ShellTestingApi;
let sample: SandboxHandle;
let server: HostileServer;
let users: User[] = [];
/** Where Save Investigation writes. */
let folder: string;

/** Each planted value (as typed and as a URL carries it), user id or sent day found in `text`. */
function leaked(text: string): string[] {
  const values = [...PLANTED.flatMap((value) => [value, encodeURIComponent(value)]), ...users.map((user) => user.user_id), START];
  return values.filter((value) => text.includes(value));
}

async function useScrub(when: 'always' | 'never'): Promise<void> {
  await config().update('scrub.when', when, vscode.ConfigurationTarget.Global);
}

/** What a notebook would write: its cells and its front matter (the metadata VS Code keeps it in). */
function notebookText(notebook: vscode.NotebookDocument): string {
  return [JSON.stringify(notebook.metadata), ...notebook.getCells().map((cell) => cell.document.getText())].join('\n');
}

function variablesOf(notebook: vscode.NotebookDocument): Record<string, string> {
  return (notebook.metadata.healthData as { variables?: Record<string, string> } | undefined)?.variables ?? {};
}

async function showBloodPressure(user: User): Promise<void> {
  await vscode.commands.executeCommand('healthData.showBloodPressure', user, { startDate: START, endDate: '', provider: '' });
  await waitForPanel('the blood-pressure panel', (report) => report.viewType === 'healthData.bloodPressure' && report.active && rendered<string>(report, 'phase') === 'data', 60_000);
}

/** Every file Save Investigation wrote under `dir` (the notebook and its fixtures), each with what leaked into it. */
function leaksIn(dir: string): { files: number; leaks: string[] } {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  const leaks = files.flatMap((entry) => leaked(`${entry.name}\n${readFileSync(join(entry.parentPath, entry.name), 'utf8')}`).map((value) => `${entry.name}: ${value}`));
  return { files: files.length, leaks };
}

/** Runs every cell of the saved notebook through the extension's controller; each cell's result. */
async function runSaved(uri: vscode.Uri): Promise<CellResult[]> {
  const notebook = await vscode.workspace.openNotebookDocument(uri);
  await vscode.window.showNotebookDocument(notebook);
  await vscode.commands.executeCommand('notebook.selectKernel', { id: 'healthData.notebookController', extension: EXTENSION_ID });
  const cells = notebook.getCells().filter((cell) => cell.kind === vscode.NotebookCellKind.Code);
  await vscode.commands.executeCommand('notebook.execute', notebook.uri);
  await waitFor(() => cells.every((cell) => notebook.cellAt(cell.index).executionSummary?.timing?.endTime !== undefined), 'every cell to end', 60_000);
  return cells.map((cell) => {
    const item = notebook.cellAt(cell.index).outputs.flatMap((output) => output.items).find((candidate) => candidate.mime === RESULT_MIME);
    return item ? (JSON.parse(new TextDecoder().decode(item.data)) as CellResult) : assert.fail(`cell ${cell.index} has no result`);
  });
}


suite('Planted identifiers through the doors issue 33 found', () => {
  suiteSetup(async function () {
    this.timeout(120_000);
    const api = await activateExtension<HealthDataExtensionApi>();
    testing = api.testing ?? assert.fail('the extension exposes no testing API in this host');
    folder = mkdtempSync(join(tmpdir(), 'hde-investigation-'));
    sample = await startSandbox({ port: 0, users: PLANTED.length, seed: 33 });
    const sampleClient = new HealthApiClient({ baseUrl: sample.url, apiKey: sample.apiKey });
    users = (await sampleClient.listUsers({ limit: PLANTED.length })).users.map((user, index) => ({ ...user, client_user_id: PLANTED[index]! }));
    await sampleClient.close();
    assert.equal(users.length, PLANTED.length);
    server = await scriptedHttpServer((request, response) => {
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      if (request.headers['x-service-api-key'] !== API_KEY) return sendJson(response, 401, { detail: 'Unauthorized' });
      if (path === '/v2/user/' || path === '/v2/user') return sendJson(response, 200, { users, total: users.length, offset: 0, limit: 100 });
      if (path.startsWith('/v2/user/resolve/')) {
        const wanted = decodeURIComponent(path.slice('/v2/user/resolve/'.length).replace(/\/$/, ''));
        const user = users.find((candidate) => candidate.client_user_id === wanted);
        return user ? sendJson(response, 200, user) : sendJson(response, 404, { detail: 'Not found' });
      }
      // The planted users' readings are the sample users' (the same user_id); the lab tests are the sample's.
      if (path.startsWith('/v2/timeseries/') || (path.startsWith('/v3/lab_tests/') && request.method === 'GET')) {
        void fetch(`${sample.url}${request.url ?? ''}`, { headers: { 'x-service-api-key': sample.apiKey } })
          .then(async (answer) => sendJson(response, answer.status, await answer.json()))
          .catch(() => sendJson(response, 502, { detail: 'sample sandbox unreachable' }));
        return;
      }
      return sendJson(response, 404, { detail: 'Not found' });
    });
    await config().update('baseUrl.productionUs', server.url, vscode.ConfigurationTarget.Global);
    await testing.connection.selectEnvironment('productionUs');
    assert.equal((await testing.setApiKey(API_KEY)).ok, true, 'the production stand-in takes its key');
  });

  teardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await config().update('scrub.when', undefined, vscode.ConfigurationTarget.Global);
    await testing?.connection.selectEnvironment('productionUs');
    await testing?.clearApiKey();
    await vscode.commands.executeCommand('healthData.useLocalSandbox');
    await config().update('baseUrl.productionUs', undefined, vscode.ConfigurationTarget.Global);
    await server?.close();
    await sample?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  test('[panel:copyCurl] the blood-pressure panel\'s own Copy as cURL: pseudonym and moved dates under always, as sent under never', async function () {
    this.timeout(90_000);
    await showBloodPressure(users[0]!);
    await useScrub('always');
    assert.equal(await testing.copyActivePanelCurl(), true, 'a panel in front');
    const scrubbed = await vscode.env.clipboard.readText();
    assert.match(scrubbed, /^curl .*\/v2\/timeseries\/[^/]+\/blood_pressure\/grouped\?start_date=\d{4}-\d{2}-\d{2}/);
    assert.deepEqual(leaked(scrubbed), [], scrubbed);
    assert.ok(!scrubbed.includes(API_KEY), 'never the key');
    await useScrub('never');
    assert.equal(await testing.copyActivePanelCurl(), true);
    const raw = await vscode.env.clipboard.readText();
    assert.ok(raw.includes(users[0]!.user_id) && raw.includes(START), `never: the request as sent: ${raw}`);
  });

  test('\'healthData.requests.saveAsNotebook\' from Requests rows: identifiers become variables holding pseudonyms, dates move; as sent under never', async function () {
    this.timeout(90_000);
    const client = await testing.connection.client();
    for (const user of users) await client.resolveUser(user.client_user_id);
    await client.getGroupedBloodPressure(users[3]!.user_id, { startDate: START });
    const records = await waitFor(() => {
      const sent = [...testing.requestRecorder.records.all()].filter((record) => record.environmentId === 'productionUs' && record.operation && record.status === 200);
      const resolves = sent.filter((record) => record.operation?.name === 'resolveUser').slice(-users.length);
      const load = sent.filter((record) => record.operation?.name === 'getGroupedBloodPressure').at(-1);
      return resolves.length === users.length && load ? [...resolves, load] : undefined;
    }, 'the requests in the Requests view');
    const ids = records.map((record) => record.id);

    await useScrub('always');
    const scrubbed = (await vscode.commands.executeCommand<vscode.NotebookEditor>('healthData.requests.saveAsNotebook', ids)).notebook;
    const text = notebookText(scrubbed);
    assert.deepEqual(leaked(text), [], text);
    const variables = variablesOf(scrubbed);
    assert.deepEqual(Object.keys(variables).sort(), ['clientUserId', 'clientUserId2', 'clientUserId3', 'clientUserId4', 'userId'], JSON.stringify(variables));
    assert.match(text, /GET \/v2\/user\/resolve\/\{\{clientUserId\}\}/);
    assert.match(text, /GET \/v2\/timeseries\/\{\{userId\}\}\/blood_pressure\/grouped\?start_date=\d{4}-\d{2}-\d{2}/);
    assert.match(text, /Scrubbed \(healthData\.scrub\.when\)/, 'the notebook says so');

    await useScrub('never');
    const raw = notebookText((await vscode.commands.executeCommand<vscode.NotebookEditor>('healthData.requests.saveAsNotebook', ids)).notebook);
    assert.ok(raw.includes(encodeURIComponent(PLANTED[0]!)) && raw.includes(users[3]!.user_id) && raw.includes(START), 'never: the requests as sent');
  });

  test('\'healthData.addToNotebook\' from a panel: the user id a variable holding a pseudonym, dates moved; as sent under never', async function () {
    this.timeout(90_000);
    await showBloodPressure(users[2]!);
    await useScrub('always');
    const scrubbed = await vscode.commands.executeCommand<vscode.NotebookDocument>('healthData.addToNotebook');
    assert.ok(scrubbed, 'a notebook');
    const text = notebookText(scrubbed);
    assert.deepEqual(leaked(text), [], text);
    const last = scrubbed.getCells().filter((cell) => cell.kind === vscode.NotebookCellKind.Code).at(-1)?.document.getText() ?? '';
    assert.match(last, /^GET \/v2\/timeseries\/\{\{userId\d*\}\}\/blood_pressure\/grouped\?/);
    const name = /\{\{(userId\d*)\}\}/.exec(last)?.[1] ?? assert.fail(last);
    assert.ok(variablesOf(scrubbed)[name], 'the variable is in the front matter');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');

    await showBloodPressure(users[2]!);
    await useScrub('never');
    const raw = await vscode.commands.executeCommand<vscode.NotebookDocument>('healthData.addToNotebook');
    const rawLast = raw?.getCells().filter((cell) => cell.kind === vscode.NotebookCellKind.Code).at(-1)?.document.getText() ?? '';
    assert.ok(rawLast.includes(users[2]!.user_id) && rawLast.includes(START), `never: the query as sent: ${rawLast}`);
  });

  test('\'healthData.saveInvestigation\' from the blood-pressure panel, under never: nothing identifying in the notebook or its fixtures, and it replays against them', async function () {
    this.timeout(120_000);
    await showBloodPressure(users[0]!);
    await useScrub('never');
    const target = vscode.Uri.file(join(folder, 'panel.hdnb.md'));
    const saved = await vscode.commands.executeCommand<vscode.Uri>('healthData.saveInvestigation', { target, productionConfirmed: true });
    assert.equal(saved?.fsPath, target.fsPath);
    const written = leaksIn(folder);
    assert.ok(written.files >= 3, `${written.files} files`);
    assert.deepEqual(written.leaks, []);
    const notebook = readFileSync(target.fsPath, 'utf8');
    assert.ok(!notebook.includes(API_KEY), 'never the key');
    assert.match(notebook, /^fixtures: panel\.fixtures$/m);
    assert.match(notebook, /^GET \/v2\/timeseries\/\{\{userId\}\}\/blood_pressure\/grouped\?start_date=\{\{startDate\}\}&end_date=\{\{endDate\}\}/m);
    assert.ok(readdirSync(join(folder, 'panel.fixtures')).some((name) => name.startsWith('resolveUser-')), 'the user resolvable by pseudonym');
    // Offline: the controller serves the folder beside it, whatever environment is active.
    const results = await runSaved(target);
    assert.deepEqual(results.map((result) => [result.environment.id, result.status]), [['local', 200], ['local', 200]], JSON.stringify(results.map((r) => r.error)));
    assert.ok(results.every((result) => result.assertions.length > 0));

    // The one who saved it: the same notebook against the environment it came from, with the real
    // values kept in this VS Code's secret storage (the file still holds the pseudonyms).
    const controller = testing.notebooks?.controller ?? assert.fail('the testing API has the notebook controller');
    const original = controller.confirmProduction;
    controller.confirmProduction = async () => true;
    try {
      assert.equal(await vscode.commands.executeCommand<boolean>('healthData.runInvestigationLive', target), true);
    } finally {
      controller.confirmProduction = original;
    }
    const notebook2 = await vscode.workspace.openNotebookDocument(target);
    const live = notebook2.getCells().filter((cell) => cell.kind === vscode.NotebookCellKind.Code).map((cell) => cell.outputs.flatMap((output) => output.items).find((item) => item.mime === RESULT_MIME));
    const liveResults = live.map((item) => (item ? (JSON.parse(new TextDecoder().decode(item.data)) as CellResult) : assert.fail('a live result')));
    assert.deepEqual(liveResults.map((result) => [result.environment.id, result.status]), [['productionUs', 200], ['productionUs', 200]]);
    assert.ok(liveResults[1]!.request.path.includes(users[0]!.user_id) && liveResults[1]!.request.path.includes(`start_date=${START}`), liveResults[1]!.request.path);
    assert.deepEqual(liveResults.map((result) => result.assertions.map((a) => a.passed)), results.map((result) => result.assertions.map((a) => a.passed)), 'the same verdicts live as replayed');
    // Saved, the file keeps its pseudonyms and no output of the live run.
    assert.equal(await notebook2.save(), true);
    const after = readFileSync(target.fsPath, 'utf8');
    assert.deepEqual(leaked(after), [], 'the file keeps its pseudonyms');
    assert.ok(!after.includes('productionUs'), 'no output of the live run in the file');
  });

  test('\'healthData.saveInvestigation\' from Requests rows: their calls again, every page, nothing identifying in the files', async function () {
    this.timeout(90_000);
    await useScrub('never');
    const client = await testing.connection.client();
    await client.resolveUser(users[3]!.client_user_id);
    await client.getGroupedBloodPressure(users[3]!.user_id, { startDate: START });
    const ids = await waitFor(() => {
      const sent = [...testing.requestRecorder.records.all()].filter((record) => record.environmentId === 'productionUs' && record.status === 200);
      const resolve = sent.filter((record) => record.operation?.name === 'resolveUser' && record.operation.args[0] === users[3]!.client_user_id).at(-1);
      const load = sent.filter((record) => record.operation?.name === 'getGroupedBloodPressure').at(-1);
      return resolve && load ? [resolve.id, load.id] : undefined;
    }, 'the requests in the Requests view');
    const target = vscode.Uri.file(join(folder, 'rows.hdnb.md'));
    const saved = await vscode.commands.executeCommand<vscode.Uri>('healthData.saveInvestigation', { target, records: ids, productionConfirmed: true });
    assert.equal(saved?.fsPath, target.fsPath);
    assert.deepEqual(leaksIn(folder).leaks, []);
    const notebook = readFileSync(target.fsPath, 'utf8');
    assert.match(notebook, /^GET \/v2\/user\/resolve\/\{\{clientUserId\}\}$/m);
    assert.match(notebook, /^GET \/v2\/timeseries\/\{\{userId\}\}\/blood_pressure\/grouped\?start_date=\{\{startDate\}\}/m);
    const results = await runSaved(target);
    assert.deepEqual(results.map((result) => [result.environment.id, result.status]), [['local', 200], ['local', 200]]);
  });

  test('\'healthData.saveInvestigation\' from a diagnosis: the missing days become expect readings every day, failing in the replay as they did live', async function () {
    this.timeout(120_000);
    await useScrub('never');
    await vscode.commands.executeCommand('healthData.diagnoseData', users[1], { days: 30 });
    await waitForPanel('the diagnosis', (report) => report.viewType === 'healthData.diagnosis' && report.active && rendered<string>(report, 'phase') === 'result', 90_000);
    const target = vscode.Uri.file(join(folder, 'diagnosis.hdnb.md'));
    const saved = await vscode.commands.executeCommand<vscode.Uri>('healthData.saveInvestigation', { target, productionConfirmed: true });
    assert.equal(saved?.fsPath, target.fsPath);
    assert.deepEqual(leaksIn(folder).leaks, []);
    const notebook = readFileSync(target.fsPath, 'utf8');
    const everyDay = /^expect readings every day$/m.test(notebook);
    const results = await runSaved(target);
    const verdict = results[1]!.assertions.find((assertion) => assertion.text === 'expect readings every day');
    assert.equal(verdict !== undefined, everyDay);
    if (verdict) assert.equal(verdict.passed, false, verdict.message);
    else assert.match(notebook, /^expect count readings/m);
  });

  test('\'healthData.saveInvestigation\' from a lab-markers panel: the page\'s call again stating its markers, nothing identifying in the files, and it replays against them', async function () {
    this.timeout(90_000);
    await useScrub('never');
    const labTest = sample.labTests[0] ?? assert.fail('the sample has lab tests');
    await vscode.commands.executeCommand('healthData.showLabTestMarkers', { labTestId: labTest.id });
    const report = await waitForPanel('the lab-markers panel', (panel) => panel.viewType === 'healthData.labMarkers' && panel.active && rendered<string>(panel, 'phase') === 'data', 60_000);
    const markers = rendered<number>(report, 'markers');
    const target = vscode.Uri.file(join(folder, 'markers.hdnb.md'));
    const saved = await vscode.commands.executeCommand<vscode.Uri>('healthData.saveInvestigation', { target, productionConfirmed: true });
    assert.equal(saved?.fsPath, target.fsPath);
    assert.deepEqual(leaksIn(folder).leaks, []);
    const notebook = readFileSync(target.fsPath, 'utf8');
    assert.match(notebook, new RegExp(`^GET /v3/lab_tests/${labTest.id}/markers\\?`, 'm'));
    assert.match(notebook, new RegExp(`^expect count markers == ${markers}$`, 'm'));
    assert.deepEqual(readdirSync(join(folder, 'markers.fixtures')).map((name) => name.split('-')[0]), ['listLabTestMarkers']);
    const results = await runSaved(target);
    assert.deepEqual(results.map((result) => [result.environment.id, result.status, result.assertions.every((assertion) => assertion.passed)]), [['local', 200, true]], JSON.stringify(results.map((result) => result.assertions)));
  });
});
