// Every way out of VS Code through the scrubber, in the real extension host (issue 27): a production
// API whose user has an e-mail address as client_user_id and a person's name in a field the spec
// does not define. Under healthData.scrub.when = always neither may appear in what leaves (the
// clipboard, a saved file, a fixture, a tool result); under never both do, so the tests can fail.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { HealthApiClient } from '../../src/api/client';
import { EXTENSION_ID } from '../../src/constants';
import type { User } from '../../src/api/schemas';
import type { HealthDataExtensionApi, ShellTestingApi } from '../../src/extensionApi';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/server';
import { scriptedHttpServer, sendJson, type HostileServer } from '../support/hostileServers';
import { activateExtension, waitFor } from './helpers';
import { rendered, waitForPanel } from './panelsSupport';

const EMAIL = 'maria.garcia@example.com';
const NAME = 'Maria Garcia';
const API_KEY = 'scrub-doors-key';
const config = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('healthData');

let testing: ShellTestingApi;
let sampleSandbox: SandboxHandle;
let server: HostileServer;
let planted: User & { notes: string };
let restoreAiFeatures: (() => Thenable<void>) | undefined;
const folder = mkdtempSync(join(tmpdir(), 'hde-scrub-doors-'));

/** Whether `text` carries the planted person in any form a URL or JSON would give it. */
function carriesPerson(text: string): boolean {
  return [EMAIL, encodeURIComponent(EMAIL), planted.user_id, NAME].some((value) => text.includes(value));
}

async function useScrub(when: 'always' | 'never'): Promise<void> {
  await config().update('scrub.when', when, vscode.ConfigurationTarget.Global);
}

async function resolvedRecordId(): Promise<number> {
  const client = await testing.connection.client();
  await client.resolveUser(EMAIL);
  const record = await waitFor(
    () => [...testing.requestRecorder.records.all()].reverse().find((r) => r.url.includes('/v2/user/resolve/') && r.responseBody !== undefined),
    'the resolve request in the Requests view',
  );
  return record.id;
}

async function invokeTool(tool: string, input: object): Promise<string> {
  const result = await vscode.lm.invokeTool(`healthData_${tool}`, { input, toolInvocationToken: undefined });
  return result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('\n');
}

suite('Scrubber on every way out', () => {
  suiteSetup(async function () {
    this.timeout(120_000);
    const api = await activateExtension<HealthDataExtensionApi>();
    if (!api.testing) throw new Error('the extension exposes no testing API in this host');
    testing = api.testing;
    // A real user as the sandbox shapes it, then planted: an e-mail as client_user_id, a name in free text.
    sampleSandbox = await startSandbox({ port: 0, users: 1, seed: 9 });
    const sampleClient = new HealthApiClient({ baseUrl: sampleSandbox.url, apiKey: sampleSandbox.apiKey });
    const [sample] = (await sampleClient.listUsers({ limit: 1 })).users;
    await sampleClient.close();
    planted = { ...(sample ?? assert.fail('a sample user')), client_user_id: EMAIL, notes: `Call ${NAME} before 9am` };
    server = await scriptedHttpServer((request, response) => {
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      if (request.headers['x-service-api-key'] !== API_KEY) return sendJson(response, 401, { detail: 'Unauthorized' });
      if (path === '/v2/user/' || path === '/v2/user') return sendJson(response, 200, { users: [planted], total: 1, offset: 0, limit: 100 });
      if (path.startsWith('/v2/user/resolve/')) return sendJson(response, 200, planted);
      // The planted user's readings are the sample user's (same user_id): asked of the sample sandbox.
      if (path.startsWith('/v2/timeseries/')) {
        void fetch(`${sampleSandbox.url}${request.url ?? ''}`, { headers: { 'x-service-api-key': sampleSandbox.apiKey } })
          .then(async (answer) => sendJson(response, answer.status, await answer.json()))
          .catch(() => sendJson(response, 502, { detail: 'sample sandbox unreachable' }));
        return;
      }
      return sendJson(response, 404, { detail: 'Not found' });
    });
    await config().update('baseUrl.productionUs', server.url, vscode.ConfigurationTarget.Global);
    await testing.connection.selectEnvironment('productionUs');
    assert.equal((await testing.setApiKey(API_KEY)).ok, true, 'the production stand-in takes its key');
    const chat = vscode.workspace.getConfiguration('chat');
    if (chat.inspect('disableAIFeatures')?.defaultValue !== undefined && chat.get('disableAIFeatures') === true) {
      await chat.update('disableAIFeatures', false, vscode.ConfigurationTarget.Global);
      restoreAiFeatures = () => chat.update('disableAIFeatures', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  // A panel left open by a failed test would answer the next test's wait with its own old snapshot.
  teardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await config().update('scrub.when', undefined, vscode.ConfigurationTarget.Global);
    await config().update('agents.production', undefined, vscode.ConfigurationTarget.Global);
    await testing?.connection.selectEnvironment('productionUs');
    await testing?.clearApiKey();
    await vscode.commands.executeCommand('healthData.useLocalSandbox');
    await config().update('baseUrl.productionUs', undefined, vscode.ConfigurationTarget.Global);
    await restoreAiFeatures?.();
    await server?.close();
    await sampleSandbox?.close();
    const workspace = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    if (workspace) rmSync(join(workspace, '.health-data'), { recursive: true, force: true });
  });

  test('Copy as cURL from the Users tree: the path carries a pseudonym under always, the e-mail under never', async () => {
    await useScrub('always');
    await vscode.commands.executeCommand('healthData.copyUserAsCurl', planted);
    const scrubbed = await vscode.env.clipboard.readText();
    assert.match(scrubbed, /\/v2\/user\/resolve\//);
    assert.equal(carriesPerson(scrubbed), false, `no identifier in: ${scrubbed}`);
    await useScrub('never');
    await vscode.commands.executeCommand('healthData.copyUserAsCurl', planted);
    assert.ok((await vscode.env.clipboard.readText()).includes(encodeURIComponent(EMAIL)), 'never: the request as sent');
  });

  test('Copy as cURL from a Requests row: scrubbed path under always, as sent under never', async () => {
    const id = await resolvedRecordId();
    await useScrub('always');
    await vscode.commands.executeCommand('healthData.requests.copyAsCurl', id);
    const scrubbed = await vscode.env.clipboard.readText();
    assert.match(scrubbed, /^curl --request GET '.*\/v2\/user\/resolve\//);
    assert.equal(carriesPerson(scrubbed), false, `no identifier in: ${scrubbed}`);
    assert.ok(!scrubbed.includes(API_KEY), 'never the key');
    await useScrub('never');
    await vscode.commands.executeCommand('healthData.requests.copyAsCurl', id);
    assert.ok((await vscode.env.clipboard.readText()).includes(encodeURIComponent(EMAIL)));
  });

  test('a raw response saved to a file is scrubbed under always (the editor says so first) and as received under never', async () => {
    await useScrub('always');
    await vscode.commands.executeCommand('healthData.openUserAsJson', planted);
    const editor = await waitFor(() => (vscode.window.activeTextEditor?.document.uri.scheme === 'health-data-json' ? vscode.window.activeTextEditor : undefined), 'the JSON editor');
    assert.match(editor.document.lineAt(0).text, /^\/\/ .*Save Response As/, 'the first line says saving scrubs');
    assert.ok(editor.document.getText().includes(EMAIL), 'the editor itself shows the response as received');
    const scrubbedFile = vscode.Uri.file(join(folder, 'scrubbed.json'));
    await vscode.commands.executeCommand('healthData.saveResponseAs', editor.document.uri, scrubbedFile);
    const saved = readFileSync(scrubbedFile.fsPath, 'utf8');
    assert.equal(carriesPerson(saved), false, `no identifier in: ${saved}`);
    const body = JSON.parse(saved) as Record<string, unknown>;
    assert.equal(typeof body.client_user_id, 'string', 'still shaped like the response');
    assert.deepEqual(Object.keys(body).sort(), Object.keys(planted).sort(), 'every field is kept');

    await useScrub('never');
    await vscode.commands.executeCommand('healthData.openUserAsJson', planted);
    const raw = await waitFor(() => (vscode.window.activeTextEditor?.document.uri.toString() !== editor.document.uri.toString() ? vscode.window.activeTextEditor : undefined), 'the second JSON editor');
    const rawFile = vscode.Uri.file(join(folder, 'raw.json'));
    await vscode.commands.executeCommand('healthData.saveResponseAs', raw.document.uri, rawFile);
    const asReceived = readFileSync(rawFile.fsPath, 'utf8');
    assert.ok(asReceived.includes(EMAIL) && asReceived.includes(NAME), 'never: saved as received');
  });

  test('[agent:languageModelTools] an agent tool\'s result in production is scrubbed under always and carries the person under never', async function () {
    this.timeout(60_000);
    await config().update('agents.production', 'allow', vscode.ConfigurationTarget.Global);
    await useScrub('always');
    const scrubbed = await invokeTool('find_user', { user: EMAIL });
    assert.match(scrubbed, /Scrubbed for sharing/);
    assert.equal(carriesPerson(scrubbed), false, `no identifier in: ${scrubbed}`);
    await useScrub('never');
    const raw = await invokeTool('find_user', { user: EMAIL });
    assert.ok(raw.includes(EMAIL), 'never: the result names the user as received');
  });

  test('the coverage scan\'s CSV export: no e-mail or user id under always, as received under never', async function () {
    this.timeout(90_000);
    await vscode.commands.executeCommand('healthData.scanDataCoverage', { days: 30, scope: { kind: 'all' }, provider: '' });
    await waitForPanel('the scan to finish', (report) => report.viewType === 'healthData.coverageScan' && rendered<string>(report, 'phase') === 'done', 60_000);
    await useScrub('always');
    const scrubbedFile = vscode.Uri.file(join(folder, 'scan-scrubbed.csv'));
    await vscode.commands.executeCommand('healthData.exportCoverageScanCsv', scrubbedFile);
    const scrubbed = readFileSync(scrubbedFile.fsPath, 'utf8');
    assert.equal(scrubbed.trimEnd().split('\r\n').length, 2, 'the header and the user');
    assert.equal(carriesPerson(scrubbed), false, `no identifier in: ${scrubbed}`);
    await useScrub('never');
    const rawFile = vscode.Uri.file(join(folder, 'scan-raw.csv'));
    await vscode.commands.executeCommand('healthData.exportCoverageScanCsv', rawFile);
    assert.ok(readFileSync(rawFile.fsPath, 'utf8').includes(EMAIL), 'never: as received');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('[notebook:saveOutputs] a notebook saved with outputs from production: no identifier in the file under always, the person under never', async function () {
    this.timeout(120_000);
    const controller = testing.notebooks?.controller ?? assert.fail('the notebook controller');
    const original = controller.confirmProduction;
    controller.confirmProduction = async () => true;
    try {
      for (const when of ['always', 'never'] as const) {
        await useScrub(when);
        const path = join(folder, `outputs-${when}.hdnb.md`);
        // The cell names no one: what the file holds of the person comes from the output alone.
        writeFileSync(path, '---\nenvironment: productionUs\n---\n\n```http\nGET /v2/user/?limit=5\n\nlet who = users[0].client_user_id\nexpect count users == 1\n```\n');
        const notebook = await vscode.workspace.openNotebookDocument(vscode.Uri.file(path));
        await vscode.window.showNotebookDocument(notebook);
        await vscode.commands.executeCommand('notebook.selectKernel', { id: 'healthData.notebookController', extension: EXTENSION_ID });
        await vscode.commands.executeCommand('notebook.execute', notebook.uri);
        const cell = notebook.getCells().find((candidate) => candidate.kind === vscode.NotebookCellKind.Code) ?? assert.fail('a request cell');
        await waitFor(() => notebook.cellAt(cell.index).executionSummary?.success === true || undefined, 'the cell to run and pass', 60_000);
        assert.ok(await notebook.save(), 'saved');
        const saved = readFileSync(path, 'utf8');
        assert.match(saved, /```json health-data-output/, 'the output is in the file');
        if (when === 'always') {
          assert.equal(carriesPerson(saved), false, `no identifier in: ${saved.slice(0, 1_500)}`);
          assert.match(saved, /"scrubbed": "/, 'the saved output says it was scrubbed');
        } else {
          assert.ok(saved.includes(EMAIL), 'never: the output as received');
        }
        await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      }
    } finally {
      controller.confirmProduction = original;
    }
  });

  test('[panel:exportCsv] [panel:exportJson] the blood-pressure exports (CSV and JSON): no identifier under always, dates moved and values kept; the person under never', async function () {
    this.timeout(120_000);
    await vscode.commands.executeCommand('healthData.showBloodPressure', planted, { startDate: '2000-01-01', endDate: '', provider: '' });
    await waitForPanel('the planted user\'s blood pressure', (report) => report.viewType === 'healthData.bloodPressure' && report.active && rendered<string>(report, 'phase') === 'data', 60_000);
    const exported: Record<string, string> = {};
    for (const format of ['csv', 'json'] as const) {
      for (const when of ['always', 'never'] as const) {
        await useScrub(when);
        const file = vscode.Uri.file(join(folder, `bp-${when}.${format}`));
        assert.equal(await vscode.commands.executeCommand('healthData.exportActivePanel', format, file), true, 'the panel in front exported');
        exported[`${format}-${when}`] = readFileSync(file.fsPath, 'utf8');
      }
    }
    assert.equal(carriesPerson(exported['json-always']!), false, `no identifier in the JSON: ${exported['json-always']!.slice(0, 400)}`);
    assert.ok(exported['json-never']!.includes(planted.user_id), 'never: the JSON as received names the user');
    // The CSV names no one; what would identify the person there is when: the dates move, the values stay.
    const columns = (csv: string, names: string[]): string[] => {
      const [header = '', ...lines] = csv.trimEnd().split('\r\n');
      const at = names.map((name) => header.split(',').indexOf(name));
      return lines.map((line) => at.map((index) => line.split(',')[index]).join(' '));
    };
    assert.ok(columns(exported['csv-never']!, ['timestamp']).length > 0, 'readings were written');
    assert.equal(carriesPerson(exported['csv-always']!), false);
    assert.deepEqual(columns(exported['csv-always']!, ['systolic', 'diastolic']), columns(exported['csv-never']!, ['systolic', 'diastolic']), 'values kept');
    // Row by row: a shift of whole weeks may well land one reading on another's raw date and time.
    const rawTimes = columns(exported['csv-never']!, ['timestamp']);
    const movedTimes = columns(exported['csv-always']!, ['timestamp']);
    assert.equal(movedTimes.length, rawTimes.length, 'the same readings');
    const unmoved = movedTimes.filter((time, row) => time === rawTimes[row]);
    assert.deepEqual(unmoved, [], 'every reading\'s date moved');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('Save as Sandbox Fixture from the active blood-pressure panel: its readings, scrubbed', async function () {
    this.timeout(90_000);
    await useScrub('never');
    await vscode.commands.executeCommand('healthData.showBloodPressure', planted, { startDate: '2000-01-01', endDate: '', provider: '' });
    await waitForPanel('the planted user\'s blood pressure', (report) => report.viewType === 'healthData.bloodPressure' && report.active && rendered<string>(report, 'phase') === 'data', 60_000);
    const written = await vscode.commands.executeCommand<vscode.Uri | undefined>('healthData.savePanelAsFixture');
    assert.ok(written, 'a fixture was written');
    const text = readFileSync(written.fsPath, 'utf8');
    assert.equal(carriesPerson(text), false, `no identifier in: ${text.slice(0, 400)}`);
    const fixture = JSON.parse(text) as { operation: string; args: unknown[]; body: { groups?: unknown } };
    assert.equal(fixture.operation, 'getGroupedBloodPressure');
    assert.notEqual(fixture.args[0], planted.user_id, 'the path\'s user id is a pseudonym');
    assert.ok(fixture.body.groups && typeof fixture.body.groups === 'object', 'the readings are kept');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('Save as Sandbox Fixture from a Requests row: a scrubbed fixture in .health-data/fixtures, whatever the setting, that the local sandbox replays', async function () {
    this.timeout(60_000);
    await useScrub('never');
    const id = await resolvedRecordId();
    const written = await vscode.commands.executeCommand<vscode.Uri | undefined>('healthData.requests.saveAsFixture', id);
    assert.ok(written, 'a fixture was written');
    const workspace = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? assert.fail('the test host opens a folder');
    const fixtures = join(workspace, '.health-data', 'fixtures');
    assert.ok(readdirSync(fixtures).some((name) => join(fixtures, name) === written.fsPath));
    const text = readFileSync(written.fsPath, 'utf8');
    assert.equal(carriesPerson(text), false, `no identifier in: ${text}`);
    const fixture = JSON.parse(text) as { operation: string; args: unknown[]; status: number; body: Record<string, unknown> };
    assert.equal(fixture.operation, 'resolveUser');
    assert.equal(fixture.status, 200);
    assert.deepEqual(Object.keys(fixture.body).sort(), Object.keys(planted).sort());

    // Offline: the local sandbox now answers the pseudonymised user with the scrubbed body.
    const [pseudonym] = fixture.args;
    assert.equal(typeof pseudonym, 'string');
    assert.equal(pseudonym, fixture.body.client_user_id, 'the fixture answers its own pseudonymised user');
    await vscode.commands.executeCommand('healthData.useLocalSandbox');
    const local = await testing.connection.client();
    const replayed = await local.resolveUser(pseudonym as string);
    assert.deepEqual(JSON.parse(JSON.stringify(replayed)), fixture.body, 'the same body as the scrubbed original');
  });
});
