// Record once, replay offline: a notebook run live through a recorder (src/notebook/recording), its
// exchanges and its scrubbed copy written to a folder, then the copy run against the sandbox serving
// that folder alone. Every assertion gets the verdict it got live — against the spec-shaped sandbox
// and against a vendor-shaped service whose users' client_user_id are an e-mail address, a phone
// number, a name and a record number — and none of those, nor any real id, is anywhere in the folder.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { HealthApiClient } from '../../src/api/client';
import type { CellResult, NotebookFile } from '../../src/notebook/model';
import { parseNotebookFile } from '../../src/notebook/notebookFormat';
import { runNotebookFile } from '../../src/notebook/notebookRunner';
import { recordingOf } from '../../src/notebook/recording/recording';
import { DATE_LITERAL_CAVEAT, replayCaveats } from '../../src/notebook/recording/replayCaveats';
import { startSandbox } from '../../src/sandbox/server';
import { ExchangeRecorder } from '../../src/scrub/exchangeRecorder';
import { PLANTED_CLIENT_USER_IDS, plantedIdServer } from '../support/plantedIdServer';

const TODAY = '2026-03-15';
const NOW = (): Date => new Date(`${TODAY}T15:30:00Z`);
const SECRET = 'record-replay-test-secret';
const LAB_TEST = '5a1c6c3e-2f4b-4d8e-9b61-0c7d2f1e8a01';

const NOTEBOOK = `---
environment: local
timeZone: Europe/Berlin
variables:
  patient: "${PLANTED_CLIENT_USER_IDS[1]}"
  labTestId: ${LAB_TEST}
---

# What ${PLANTED_CLIENT_USER_IDS[2]}'s readings say

\`\`\`http
GET /v2/user/?limit=3

let firstClientId = users[0].client_user_id
expect status 200
expect count users >= 4
expect users[0].client_user_id == ${PLANTED_CLIENT_USER_IDS[0]}
expect users[1].client_user_id == "${PLANTED_CLIENT_USER_IDS[0]}"
expect no deviations
\`\`\`

\`\`\`http
# ${PLANTED_CLIENT_USER_IDS[2]} is the one we care about
GET /v2/user/resolve/{{patient}}

let userId = user_id
expect status 200
expect client_user_id == "${PLANTED_CLIENT_USER_IDS[1]}"
expect no deviations
\`\`\`

\`\`\`http
GET /v2/timeseries/{{userId}}/blood_pressure/grouped?range=last90

expect status 200
expect count readings >= 1
expect readings[0].systolic > 0
expect readings[0].timestamp >= {{30 days ago}}
expect readings[0].timestamp < 2026-03-16
expect readings every day
expect no deviations
\`\`\`

\`\`\`http
GET /v2/user/resolve/{{firstClientId}}

expect user_id exists
\`\`\`

\`\`\`http
GET /v2/user/resolve/nobody-at-all

expect status 404
\`\`\`

\`\`\`http
GET /v3/lab_tests/{{labTestId}}/markers?size=2

expect count markers >= 3
expect no deviations
\`\`\`

\`\`\`http
POST /v3/lab_tests/list_order_set_markers

{"lab_test_ids": ["{{labTestId}}"]}

expect count markers >= 1
\`\`\`
`;

interface Verdicts {
  /** Per request cell: each assertion's verdict, in order. */
  cells: { cell: number; outcome: CellResult['outcome']; pages: number; verdicts: { text: string; passed: boolean }[] }[];
}

function verdictsOf(results: ReadonlyMap<number, CellResult>): Verdicts {
  return { cells: [...results].map(([cell, result]) => ({ cell, outcome: result.outcome, pages: result.pages, verdicts: result.assertions.map(({ text, passed }) => ({ text, passed })) })) };
}

async function runWith(notebook: NotebookFile, baseUrl: string, apiKey: string, recorder?: ExchangeRecorder): Promise<Map<number, CellResult>> {
  const client = new HealthApiClient({ baseUrl, apiKey, retryBaseDelayMs: 1, ...(recorder ? { onRequest: recorder.onRequest } : {}) });
  const results = new Map<number, CellResult>();
  try {
    await runNotebookFile(notebook, { client, environment: { id: 'local', label: 'test' } }, { now: NOW, onCell: (index, _cell, result) => results.set(index, result) });
  } finally {
    await client.close();
  }
  return results;
}

/** Records NOTEBOOK against `baseUrl` into a new folder, then replays the copy against a sandbox serving only that folder. */
async function recordAndReplay(baseUrl: string, apiKey: string): Promise<{ dir: string; live: Verdicts; replayed: Verdicts; copy: string; liveText: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'hde-recording-'));
  const notebook = parseNotebookFile(NOTEBOOK);
  const recorder = new ExchangeRecorder();
  const live = await runWith(notebook, baseUrl, apiKey, recorder);
  const recording = recordingOf({ notebooks: [{ fileName: 'finding.hdnb.md', run: { notebook, results: live } }], exchanges: recorder.exchanges(), secret: SECRET, recordedFrom: 'test' });
  for (const file of recording.files) writeFileSync(join(dir, file.name), file.text);
  const copy = readFileSync(join(dir, 'finding.hdnb.md'), 'utf8');
  const replay = await startSandbox({ port: 0, fixturesDir: dir, users: 0, today: '2031-07-01' });
  try {
    const replayed = await runWith(parseNotebookFile(copy), replay.url, replay.apiKey);
    const liveText = recorder.exchanges().map((exchange) => JSON.stringify(exchange)).join('\n');
    return { dir, live: verdictsOf(live), replayed: verdictsOf(replayed), copy, liveText };
  } finally {
    await replay.close();
  }
}

type Recorded = Awaited<ReturnType<typeof recordAndReplay>>;

/** Records NOTEBOOK from a sandbox of `options` behind the planted-id server, and replays it. */
async function recordBehindPlantedIds(options: { seed: number; shape?: 'vendor' }): Promise<Recorded> {
  const sandbox = await startSandbox({ port: 0, users: 8, today: TODAY, bloodPressurePageSize: 15, ...options });
  const served = await plantedIdServer(sandbox);
  try {
    return await recordAndReplay(served.url, sandbox.apiKey);
  } finally {
    await served.close();
    await sandbox.close();
  }
}

function assertSameVerdicts(live: Verdicts, replayed: Verdicts): void {
  assert.equal(replayed.cells.length, live.cells.length);
  live.cells.forEach((cell, index) => {
    const again = replayed.cells[index]!;
    assert.equal(again.outcome, cell.outcome, `cell ${cell.cell + 1}: outcome`);
    assert.equal(again.pages, cell.pages, `cell ${cell.cell + 1}: pages`);
    assert.deepEqual(again.verdicts.map((verdict) => verdict.passed), cell.verdicts.map((verdict) => verdict.passed), `cell ${cell.cell + 1}: ${cell.verdicts.map((verdict) => `${verdict.text} ${verdict.passed}`).join('; ')}`);
  });
}

function everyFileUnder(dir: string): string {
  return readdirSync(dir).map((name) => `${name}\n${readFileSync(join(dir, name), 'utf8')}`).join('\n');
}

/** Every user_id and client_user_id the live answers held. */
function realIds(liveText: string): Set<string> {
  const ids = new Set<string>();
  for (const match of liveText.matchAll(/"(?:user_id|client_user_id|team_id)":"([^"]+)"/g)) ids.add(match[1]!);
  return ids;
}

describe('record once, replay offline', () => {
  const dirs: string[] = [];
  after(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  describe('against the spec-shaped sandbox', () => {
    let run: Recorded;
    before(async () => {
      run = await recordBehindPlantedIds({ seed: 7 });
      dirs.push(run.dir);
    });

    test('every assertion gets the verdict it got live, paged loads included', () => {
      assertSameVerdicts(run.live, run.replayed);
      const bloodPressure = run.live.cells.find((cell) => cell.verdicts.some((verdict) => verdict.text === 'expect readings every day'))!;
      assert.ok(bloodPressure.pages > 1, `the blood pressure came in ${bloodPressure.pages} pages`);
      const markers = run.live.cells.find((cell) => cell.verdicts.some((verdict) => verdict.text === 'expect count markers >= 3'))!;
      assert.ok(markers.pages > 1, `the markers came in ${markers.pages} pages`);
      assert.ok(run.live.cells.flatMap((cell) => cell.verdicts).some((verdict) => !verdict.passed), 'a failing verdict is among those compared');
    });

    test('no planted identifier and no real id is anywhere in the folder', () => {
      const text = everyFileUnder(run.dir);
      for (const planted of PLANTED_CLIENT_USER_IDS) {
        assert.ok(!text.includes(planted) && !text.includes(encodeURIComponent(planted)), `${planted} in the recording`);
      }
      const ids = realIds(run.liveText);
      assert.ok(ids.size >= 8, `${ids.size} real ids seen`);
      for (const id of ids) assert.ok(!text.includes(id), `${id} in the recording`);
    });

    test('the sandbox serves the recording as a small world: its users listed and resolvable, every page reachable, lab tests answering', async () => {
      const world = await startSandbox({ port: 0, fixturesDir: run.dir, today: TODAY });
      const client = new HealthApiClient({ baseUrl: world.url, apiKey: world.apiKey, retryBaseDelayMs: 1 });
      try {
        const patient = /^ {2}patient: (\S+)$/m.exec(run.copy)![1]!;
        const listed = await client.listUsers({ offset: 0, limit: 500 });
        const recorded = listed.users.filter((user) => /^user-[0-9a-f]{12}$/.test(user.client_user_id ?? ''));
        assert.ok(recorded.length >= 4, `${recorded.length} recorded users listed`);
        for (const user of recorded) assert.equal((await client.resolveUser(user.client_user_id!)).user_id, user.user_id, `${user.client_user_id} resolves`);
        const resolved = await client.resolveUser(patient);
        // Another window than the recorded one: the recorded pages, followed through their pseudonymised cursors.
        let pages = 0;
        let cursor: string | undefined;
        do {
          const page = await client.getGroupedBloodPressure(resolved.user_id, { startDate: '2001-01-01', ...(cursor ? { nextCursor: cursor } : {}) });
          pages++;
          cursor = page.next_cursor ?? undefined;
        } while (cursor !== undefined && pages < 100);
        const recordedPages = run.live.cells.find((cell) => cell.verdicts.some((verdict) => verdict.text === 'expect readings every day'))!.pages;
        assert.equal(pages, recordedPages);
        const markers = await client.listLabTestMarkers(LAB_TEST, { page: 1, size: 2 });
        assert.ok(markers.markers.length > 0);
      } finally {
        await client.close();
        await world.close();
      }
    });

    test('the copy names pseudonyms and the shifted window that was sent, and keeps its variables', () => {
      assert.match(run.copy, /^ {2}patient: user-[0-9a-f]{12}$/m);
      assert.match(run.copy, /^GET \/v2\/user\/resolve\/\{\{patient\}\}$/m);
      assert.match(run.copy, /^GET \/v2\/timeseries\/\{\{userId\}\}\/blood_pressure\/grouped\?start_date=\d{4}-\d{2}-\d{2}&end_date=\d{4}-\d{2}-\d{2}$/m);
      assert.doesNotMatch(run.copy, /range=|\{\{30 days ago\}\}/);
      assert.match(run.copy, /^environment: local$/m);
      assert.doesNotMatch(run.copy, /health-data-output/, 'no output of the live run is kept');
    });
  });

  describe('against a vendor-shaped service', () => {
    let run: Recorded;
    before(async () => {
      run = await recordBehindPlantedIds({ seed: 3, shape: 'vendor' });
      dirs.push(run.dir);
    });

    test('every assertion gets the verdict it got live, the redirect and the deviations included', () => {
      assertSameVerdicts(run.live, run.replayed);
      const deviations = run.live.cells.flatMap((cell) => cell.verdicts).filter((verdict) => verdict.text === 'expect no deviations');
      assert.ok(deviations.some((verdict) => !verdict.passed), 'the vendor shape fails "no deviations" live, and so on the recording');
    });

    test('no planted identifier and no real id is anywhere in the folder', () => {
      const text = everyFileUnder(run.dir);
      for (const planted of PLANTED_CLIENT_USER_IDS) assert.ok(!text.includes(planted) && !text.includes(encodeURIComponent(planted)), `${planted} in the recording`);
      for (const id of realIds(run.liveText)) assert.ok(!text.includes(id), `${id} in the recording`);
    });
  });

  test('an assertion comparing a date with a literal is named as one a recording cannot promise', () => {
    const caveats = replayCaveats(parseNotebookFile(NOTEBOOK));
    assert.deepEqual(
      caveats.map((caveat) => caveat.text),
      ['expect readings[0].timestamp >= {{30 days ago}}', 'expect readings[0].timestamp < 2026-03-16'],
    );
    assert.ok(caveats.every((caveat) => caveat.reason === DATE_LITERAL_CAVEAT));
  });
});
