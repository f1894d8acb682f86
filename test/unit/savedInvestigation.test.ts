// Save Investigation's core (src/notebook/recording/investigation.ts): a diagnosis's finding, read
// through a stand-in whose users' client_user_id are an e-mail address, a phone number, a name and a
// record number, becomes a notebook run live once and saved with its fixtures in a folder beside it.
// The saved notebook names that folder, so with no other target it replays against it and gives
// every assertion the verdict it got live — `expect readings every day` failing on the same missing
// days — and, given the real values kept out of the files, against the service it came from too.
// No planted identifier, real id or sent day is in any file written.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { HealthApiClient } from '../../src/api/client';
import type { User } from '../../src/api/schemas';
import { planFor } from '../../src/cli/runTargets';
import { diagnoseUser } from '../../src/domain/coverage/diagnoseUser';
import type { CellResult, NotebookFile } from '../../src/notebook/model';
import { parseNotebookFile } from '../../src/notebook/notebookFormat';
import { runNotebookFile } from '../../src/notebook/notebookRunner';
import { investigationNotebook, savedInvestigation, type Investigation, type SavedInvestigation } from '../../src/notebook/recording/investigation';
import { markerPageSteps, requestRowSteps, userWindowSteps } from '../../src/notebook/recording/investigationSteps';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/server';
import { ExchangeRecorder } from '../../src/scrub/exchangeRecorder';
import { PLANTED_CLIENT_USER_IDS, plantedIdServer, type PlantedIdServer } from '../support/plantedIdServer';

const TODAY = '2026-03-15';
const NOW_MS = Date.parse(`${TODAY}T15:30:00Z`);
const SECRET = 'saved-investigation-test-secret';
/** When it was saved: a day after the window, so a sent day found in the files is one that leaked. */
const SAVED_AT = new Date('2026-04-20T09:00:00Z');

type Verdicts = { outcome: CellResult['outcome']; pages: number; verdicts: [string, boolean][] }[];

const verdictsOf = (results: ReadonlyMap<number, CellResult>): Verdicts =>
  [...results.values()].map((result) => ({ outcome: result.outcome, pages: result.pages, verdicts: result.assertions.map((assertion): [string, boolean] => [assertion.text, assertion.passed]) }));

async function run(notebook: NotebookFile, baseUrl: string, apiKey: string, recorder?: ExchangeRecorder): Promise<Map<number, CellResult>> {
  const client = new HealthApiClient({ baseUrl, apiKey, retryBaseDelayMs: 1, ...(recorder ? { onRequest: recorder.onRequest } : {}) });
  const results = new Map<number, CellResult>();
  try {
    await runNotebookFile(notebook, { client, environment: { id: 'sandboxUs', label: 'the stand-in' } }, { now: () => new Date(NOW_MS), onCell: (index, _cell, result) => results.set(index, result) });
  } finally {
    await client.close();
  }
  return results;
}

function filesUnder(dir: string): string {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `${entry.name}\n${readFileSync(join(entry.parentPath, entry.name), 'utf8')}`)
    .join('\n');
}

describe('Save Investigation: a diagnosis saved as a notebook with its fixtures, replayed', () => {
  let sandbox: SandboxHandle;
  let served: PlantedIdServer;
  let dir: string;
  let user: User;
  let liveNotebook: NotebookFile;
  let live: Map<number, CellResult>;
  let saved: SavedInvestigation;
  let missing: string[];
  let window: { firstDay: string; lastDay: string };

  before(async () => {
    sandbox = await startSandbox({ port: 0, users: 4, seed: 11, today: TODAY, bloodPressurePageSize: 10 });
    served = await plantedIdServer(sandbox);
    const client = new HealthApiClient({ baseUrl: served.url, apiKey: sandbox.apiKey, retryBaseDelayMs: 1 });
    try {
      // The first user whose last 30 days have days with no reading among days with some: the finding.
      for (const candidate of (await client.listUsers({ limit: 4 })).users) {
        const diagnosis = await diagnoseUser(client, candidate.client_user_id, { days: 30, nowMs: NOW_MS });
        const found = userWindowSteps({ userId: diagnosis.user.user_id, clientUserId: diagnosis.user.client_user_id, window: diagnosis.window, zone: diagnosis.zone, pages: diagnosis.pages });
        if (found.missing.length === 0 || diagnosis.readingsInWindow === 0) continue;
        user = diagnosis.user;
        missing = found.missing;
        window = diagnosis.window;
        const investigation: Investigation = {
          title: 'Blood pressure: days without a reading',
          summary: [`${user.client_user_id} has no reading on ${missing.length} days.`],
          environment: 'sandboxUs',
          timeZone: diagnosis.zone.zone,
          steps: found.steps,
        };
        liveNotebook = investigationNotebook(investigation);
        break;
      }
    } finally {
      await client.close();
    }
    assert.ok(liveNotebook, 'a sample user with missing days');
    const recorder = new ExchangeRecorder();
    live = await run(liveNotebook, served.url, sandbox.apiKey, recorder);
    saved = savedInvestigation({ name: 'missing-days', id: 'inv-test-1', run: { notebook: liveNotebook, results: live }, exchanges: recorder.exchanges(), secret: SECRET, recordedFrom: 'the stand-in', savedAt: SAVED_AT });
    dir = mkdtempSync(join(tmpdir(), 'hde-investigation-'));
    writeFileSync(join(dir, saved.notebook.name), saved.notebook.text);
    mkdirSync(join(dir, saved.fixturesFolder));
    for (const fixture of saved.fixtures) writeFileSync(join(dir, saved.fixturesFolder, fixture.name), fixture.text);
  });

  after(async () => {
    await served?.close();
    await sandbox?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('the live notebook states the finding: readings every day fails on the missing days', () => {
    assert.ok(PLANTED_CLIENT_USER_IDS.includes(user.client_user_id as (typeof PLANTED_CLIENT_USER_IDS)[number]), user.client_user_id);
    assert.match(liveNotebook.cells[1]!.kind === 'request' ? liveNotebook.cells[1]!.source : '', /^GET \/v2\/user\/resolve\/\{\{clientUserId\}\}/);
    const everyDay = live.get(2)!.assertions.find((assertion) => assertion.text === 'expect readings every day')!;
    assert.equal(everyDay.passed, false);
    assert.ok(everyDay.message.includes(String(missing.length)), everyDay.message);
    assert.ok(live.get(2)!.pages > 1, `every page: ${live.get(2)!.pages}`);
  });

  test('the saved notebook names its fixtures folder and replays against it with no other target: the same verdicts', async () => {
    const file = join(dir, saved.notebook.name);
    const copy = parseNotebookFile(readFileSync(file, 'utf8'));
    assert.equal(copy.fixtures, 'missing-days.fixtures');
    assert.equal(copy.investigation, 'inv-test-1');
    assert.equal(copy.environment, 'local');
    const plan = planFor(copy, { files: [file], variables: {}, allowProduction: false }, {}, file);
    assert.deepEqual(plan, { kind: 'sandbox', shape: 'spec', fixturesDir: join(dir, 'missing-days.fixtures') });
    // Replayed on another day, by a sandbox serving that folder alone.
    const replay = await startSandbox({ port: 0, fixturesDir: join(dir, saved.fixturesFolder), users: 0, today: '2031-07-01' });
    try {
      assert.deepEqual(verdictsOf(await run(copy, replay.url, replay.apiKey)), verdictsOf(live));
    } finally {
      await replay.close();
    }
  });

  test('given the real values kept aside, the same notebook asks the service it came from for the same days', async () => {
    assert.deepEqual(Object.keys(saved.realVariables).sort(), ['clientUserId', 'endDate', 'startDate', 'userId']);
    assert.equal(saved.realVariables.clientUserId, user.client_user_id);
    assert.equal(saved.realVariables.startDate, window.firstDay);
    const copy = parseNotebookFile(saved.notebook.text);
    assert.match(copy.cells[2]!.source, /^GET \/v2\/timeseries\/\{\{userId\}\}\/blood_pressure\/grouped\?start_date=\{\{startDate\}\}&end_date=\{\{endDate\}\}/);
    const again = await run({ ...copy, variables: { ...copy.variables, ...saved.realVariables } }, served.url, sandbox.apiKey);
    assert.deepEqual(verdictsOf(again), verdictsOf(live));
  });

  test('no planted identifier, real id or sent day is in any file written', () => {
    const text = filesUnder(dir);
    assert.ok(saved.fixtures.length >= 3, `${saved.fixtures.length} fixtures: the resolve and every page`);
    for (const planted of PLANTED_CLIENT_USER_IDS) assert.ok(!text.includes(planted) && !text.includes(encodeURIComponent(planted)), `${planted} in the files`);
    for (const real of [user.user_id, ...served.planted.values(), window.firstDay, window.lastDay, ...missing]) assert.ok(!text.includes(real), `${real} in the files`);
  });

  test('Requests rows become their calls again, a paged load with every page', () => {
    const steps = requestRowSteps([
      { operation: { name: 'resolveUser', args: ['x'] }, paged: false },
      { operation: { name: 'getGroupedBloodPressure', args: ['u', { startDate: '2026-01-01' }] }, paged: true },
    ]);
    assert.deepEqual(steps.map((step) => step.pages), ['first', 'all']);
  });

  test('a lab-markers panel\'s page becomes its call again asserting its markers; saved, it replays against its fixtures with the same verdicts', async () => {
    const labTest = sandbox.labTests[0] ?? assert.fail('the sandbox has sample lab tests');
    const operation = { name: 'listLabTestMarkers', args: [labTest.id, { page: 1, size: 50 }] } as const;
    const client = new HealthApiClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey });
    const page = await client.listLabTestMarkers(...operation.args).finally(() => client.close());
    assert.ok(page.markers.length > 0);
    const steps = markerPageSteps({ operation: { name: operation.name, args: [labTest.id, { page: 1, size: 50 }] }, page });
    assert.deepEqual(steps.map((step) => [step.pages, step.expectations]), [['first', [`count markers == ${page.markers.length}`]]]);
    const notebook = investigationNotebook({ title: 'A page of lab markers', summary: [], environment: 'sandboxUs', steps });
    const recorder = new ExchangeRecorder();
    const liveRun = await run(notebook, sandbox.url, sandbox.apiKey, recorder);
    assert.deepEqual(verdictsOf(liveRun), [{ outcome: 'ok', pages: 1, verdicts: [['expect status 200', true], [`expect count markers == ${page.markers.length}`, true]] }]);
    const markers = savedInvestigation({ name: 'markers', id: 'inv-test-2', run: { notebook, results: liveRun }, exchanges: recorder.exchanges(), secret: SECRET, recordedFrom: 'the stand-in', savedAt: SAVED_AT });
    const markersDir = join(dir, 'markers');
    mkdirSync(join(markersDir, markers.fixturesFolder), { recursive: true });
    for (const fixture of markers.fixtures) writeFileSync(join(markersDir, markers.fixturesFolder, fixture.name), fixture.text);
    assert.equal(markers.fixtures.length, 1, 'the page shown');
    const replay = await startSandbox({ port: 0, fixturesDir: join(markersDir, markers.fixturesFolder), users: 0, today: '2031-07-01' });
    try {
      assert.deepEqual(verdictsOf(await run(parseNotebookFile(markers.notebook.text), replay.url, replay.apiKey)), verdictsOf(liveRun));
    } finally {
      await replay.close();
    }
    // The answer is the fixture's (the sandbox's own catalogue would give the same page): one marker fewer in it, the count fails.
    const fixture = JSON.parse(markers.fixtures[0]!.text) as { body: { markers: unknown[] } };
    fixture.body.markers = fixture.body.markers.slice(1);
    mkdirSync(join(markersDir, 'fewer'));
    writeFileSync(join(markersDir, 'fewer', markers.fixtures[0]!.name), JSON.stringify(fixture));
    const fewer = await startSandbox({ port: 0, fixturesDir: join(markersDir, 'fewer'), users: 0, today: '2031-07-01' });
    try {
      const [result] = verdictsOf(await run(parseNotebookFile(markers.notebook.text), fewer.url, fewer.apiKey));
      assert.deepEqual(result?.verdicts[1], [`expect count markers == ${page.markers.length}`, false]);
    } finally {
      await fewer.close();
    }
  });
});
