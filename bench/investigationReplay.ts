// Benchmark: a recorded investigation replayed offline. A notebook reads the sandbox's heavy reader
// (100,000 blood-pressure readings, vendor-shaped, in cursor pages) and checks it; it is recorded once
// (src/notebook/recording: every page scrubbed into fixtures, the notebook's scrubbed copy), then each
// repetition times the copy run against a sandbox serving only that folder (`run --fixtures DIR`:
// fixture lookup, transfer, the client's parse and contract lens, the merge, the assertions) against
// the raw transfer of the same bodies: a plain node:http server sending each recorded page's JSON
// text, fetched in the same order and read as text. Order alternates. Target from issue 33: ≤ 1.3×.
// Both servers run in worker threads (the sandbox as `run --fixtures` starts it), the client alone on
// the main thread: each page's parse and checks overlap the serving of the next (pipelined) page.
// A second figure, investigationReplayFloor, is the least any replay that reads its bodies can take
// here: the same raw transfer with each body parsed on two parser threads, nothing checked.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HealthApiClient } from '../src/api/client';
import type { CellResult } from '../src/notebook/model';
import { parseNotebookFile } from '../src/notebook/notebookFormat';
import { runNotebookFile } from '../src/notebook/notebookRunner';
import { recordingOf } from '../src/notebook/recording/recording';
import { HEAVY_CLIENT_USER_ID } from '../src/sandbox/data/sampleUsers';
import { parseFixture, type LoadedFixture } from '../src/sandbox/fixtures/fixtureFile';
import { startSandboxInWorker } from '../src/sandbox/cli';
import { startSandbox } from '../src/sandbox/server';
import { ExchangeRecorder } from '../src/scrub/exchangeRecorder';
import { describeFigure, emitResults, type BenchFigure } from './lib/results';
import { startParseFloor } from './lib/parseFloor';
import { bloodPressurePages, legMedians, measureLegs, type LegTimes } from './lib/replayLegs';
import { median, PairedSamples, percentile, round, type TimedSample } from './lib/stats';

const READINGS = Number(process.env.HDE_BENCH_READINGS ?? 100_000);
const PAGE_SIZE = Number(process.env.HDE_BENCH_PAGE_SIZE ?? 5_000);
const REPS = Number(process.env.HDE_BENCH_REPS ?? 5);
const TODAY = '2026-03-15';
const NOW = (): Date => new Date(`${TODAY}T12:00:00Z`);

const NOTEBOOK = `---
environment: local
variables:
  heavy: ${HEAVY_CLIENT_USER_ID}
---

\`\`\`http
GET /v2/user/resolve/{{heavy}}

let userId = user_id
expect status 200
\`\`\`

\`\`\`http
GET /v2/timeseries/{{userId}}/blood_pressure/grouped?start_date=2024-01-01&end_date=2026-12-31

expect count readings >= 1
expect readings[0].systolic > 0
expect no deviations of kind missingRequired
\`\`\`
`;

async function runAgainst(baseUrl: string, apiKey: string, text: string, recorder?: ExchangeRecorder): Promise<Map<number, CellResult>> {
  const client = new HealthApiClient({ baseUrl, apiKey, ...(recorder ? { onRequest: recorder.onRequest } : {}) });
  const results = new Map<number, CellResult>();
  try {
    await runNotebookFile(parseNotebookFile(text), { client, environment: { id: 'local', label: 'bench' } }, { now: NOW, onCell: (index, _cell, result) => results.set(index, result) });
  } finally {
    await client.close();
  }
  return results;
}

async function record(dir: string): Promise<{ readings: number; pages: number }> {
  const live = await startSandbox({ port: 0, users: 3, seed: 9, shape: 'vendor', heavyUserReadings: READINGS, bloodPressurePageSize: PAGE_SIZE, today: TODAY });
  try {
    const recorder = new ExchangeRecorder();
    const results = await runAgainst(live.url, live.apiKey, NOTEBOOK, recorder);
    const bloodPressure = results.get(1)!;
    const recording = recordingOf({ notebooks: [{ fileName: 'heavy.hdnb.md', run: { notebook: parseNotebookFile(NOTEBOOK), results } }], exchanges: recorder.exchanges(), secret: 'bench-secret', recordedFrom: 'bench' });
    for (const file of recording.files) writeFileSync(join(dir, file.name), file.text);
    const readings = Object.values((bloodPressure.body as { groups: Record<string, { data: unknown[] }[]> }).groups).flat().reduce((sum, group) => sum + group.data.length, 0);
    return { readings, pages: bloodPressure.pages };
  } finally {
    await live.close();
  }
}

/** The recorded fixtures as the sandbox reads them. */
function recordedFixtures(dir: string): LoadedFixture[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => parseFixture(name, readFileSync(join(dir, name), 'utf8')))
    .flatMap((parsed) => (parsed.ok ? [parsed.fixture] : []));
}

/** The recorded bodies as the sandbox sends them, each under its request target. */
function bodiesOf(fixtures: readonly LoadedFixture[]): { target: string; text: string }[] {
  return fixtures.map((fixture) => ({ target: `${fixture.path}${fixture.query === '' ? '' : `?${fixture.query}`}`, text: JSON.stringify(fixture.file.body) }));
}

/** A plain node:http server, in a worker thread, that only sends the recorded texts, as they are. */
const RAW_SERVER = `
const { createServer } = require('node:http');
const { parentPort, workerData, threadId } = require('node:worker_threads');
const byTarget = new Map(workerData.bodies.map((body) => [body.target, Buffer.from(body.text, 'utf8')]));
const server = createServer((request, response) => {
  const bytes = byTarget.get(request.url || '') || Buffer.from('{}');
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(bytes.length) });
  response.end(bytes);
});
server.keepAliveTimeout = 65000;
server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.address().port, threadId }));
parentPort.once('message', () => { server.closeAllConnections(); server.close(() => parentPort.postMessage('closed')); });
`;

async function rawServer(bodies: readonly { target: string; text: string }[]): Promise<{ url: string; threadId: number; close(): Promise<void> }> {
  const worker = new Worker(RAW_SERVER, { eval: true, workerData: { bodies } });
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const { port, threadId } = await new Promise<{ port: number; threadId: number }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    threadId,
    close: async () => {
      worker.once('message', () => void worker.terminate());
      worker.postMessage('close');
      await exited;
    },
  };
}

function timed<T>(task: () => Promise<T>): Promise<{ ms: number; cpu: number; value: T }> {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  return task().then((value) => {
    const ms = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    return { ms, cpu: (cpu.user + cpu.system) / 1000, value };
  });
}

/** REPS repetitions of `task` paired with `baseline`, which goes first in every other one. */
async function pairedAlternating(task: () => Promise<unknown>, baseline: () => Promise<unknown>, onRep?: (rep: number, sample: TimedSample, base: TimedSample) => void): Promise<PairedSamples> {
  const samples = new PairedSamples();
  for (let rep = 0; rep < REPS; rep++) {
    const taskFirst = rep % 2 === 0;
    const a = await timed(taskFirst ? task : baseline);
    const b = await timed(taskFirst ? baseline : task);
    const [sample, base] = taskFirst ? [a, b] : [b, a];
    samples.add(sample, base);
    onRep?.(rep, sample, base);
  }
  return samples;
}

/** The parse floor against the raw transfer, paired and alternating as the figure is (bench/lib/parseFloor.ts). */
async function floorOf(rawUrl: string, targets: readonly string[], transfer: () => Promise<number>): Promise<{ ms: number; transferMs: number; ratio: number; ratioP25P75: [number, number]; ratios: number[] }> {
  const floor = startParseFloor();
  try {
    const pass = (): Promise<number> => floor.pass(rawUrl, targets);
    await pass();
    const samples = await pairedAlternating(pass, transfer);
    const ratios = samples.ratios;
    return { ms: round(median(samples.ms)), transferMs: round(median(samples.baselineMs)), ratio: round(median(ratios), 3), ratioP25P75: [round(percentile(ratios, 25), 3), round(percentile(ratios, 75), 3)], ratios };
  } finally {
    await floor.close();
  }
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'hde-bench-replay-'));
  try {
    const recorded = await record(dir);
    const fixtures = recordedFixtures(dir);
    const bodies = bodiesOf(fixtures);
    const bytes = bodies.reduce((sum, body) => sum + body.text.length, 0);
    process.stderr.write(`  recorded ${recorded.readings.toLocaleString('en-US')} readings in ${recorded.pages} pages, ${round(bytes / 1024 / 1024, 1)} MB of JSON\n`);
    const copy = readFileSync(join(dir, 'heavy.hdnb.md'), 'utf8');
    const replaySandbox = await startSandboxInWorker({ port: 0, users: 0, fixturesDir: dir, today: TODAY });
    const raw = await rawServer(bodies);
    try {
      const replay = async (): Promise<number> => {
        const results = await runAgainst(replaySandbox.url, replaySandbox.apiKey, copy);
        const failed = [...results.values()].flatMap((result) => result.assertions).filter((assertion) => !assertion.passed);
        if (failed.length > 0 || results.get(1)?.pages !== recorded.pages) throw new Error(`the replay differs from the recording: ${failed.map((assertion) => assertion.message).join('; ')}`);
        return results.get(1)!.pages;
      };
      const transfer = async (): Promise<number> => {
        let total = 0;
        for (const { target } of bodies) total += (await (await fetch(`${raw.url}${target}`)).text()).length;
        return total;
      };
      await replay();
      await transfer();
      const samples = await pairedAlternating(replay, transfer, (rep, replayed, transferred) => {
        process.stderr.write(`  rep ${rep + 1}/${REPS}: replay ${replayed.ms.toFixed(0)} ms, raw transfer ${transferred.ms.toFixed(0)} ms, ratio ${(replayed.ms / transferred.ms).toFixed(2)}\n`);
      });
      const legPasses: LegTimes[] = [];
      const bloodPressureCell = parseNotebookFile(copy).cells.filter((cell) => cell.kind === 'request')[1]!.source;
      const replayHeaders = { [replaySandbox.apiKeyHeader]: replaySandbox.apiKey };
      for (let rep = 0; rep < REPS; rep++) legPasses.push(await measureLegs({ url: replaySandbox.url, headers: replayHeaders }, raw.url, bloodPressurePages(fixtures), bloodPressureCell));
      const legs = legMedians(legPasses, median, (value) => round(value));
      process.stderr.write(`  legs (median ms): ${Object.entries(legs).map(([name, ms]) => `${name} ${ms}`).join(', ')}\n`);
      const floor = await floorOf(raw.url, bodies.map((body) => body.target), transfer);
      process.stderr.write(`  floor: the raw transfer with every body parsed on two parser threads, ${floor.ms} ms, ${floor.ratio}× the raw transfer (p25–p75 ${floor.ratioP25P75.join('–')})\n`);
      const ratio = median(samples.ratios);
      const spread = (values: readonly number[]): [number, number] => [round(percentile(values, 25), 3), round(percentile(values, 75), 3)];
      const figure: BenchFigure = {
        id: 'investigationReplay',
        title: `Recorded investigation replayed offline: ${recorded.readings.toLocaleString('en-US')} readings in ${recorded.pages} pages`,
        figure: { value: round(median(samples.ms)), unit: 'ms' },
        baseline: { value: round(median(samples.baselineMs)), unit: 'ms', what: 'raw transfer of the same bodies (fetch + text)' },
        ratio: round(ratio, 3),
        target: 'ratio ≤ 1.3',
        meetsTarget: ratio <= 1.3,
        details: { reps: REPS, threads: { client: 'main', replaySandbox: `worker ${replaySandbox.threadId}`, rawServer: `worker ${raw.threadId}` }, bytes, pages: recorded.pages, ms: samples.ms, transferMs: samples.baselineMs, ratios: samples.ratios, ratioP25P75: spread(samples.ratios), cpuRatios: samples.cpuRatios, legsMs: legs, floor },
        note: 'The floor (floor) is the least any replay that parses what it receives can take here: the raw transfer, each body handed without a copy to one of two parser threads that decode and JSON.parse it while the next is fetched, nothing checked, nothing sent back (bench/lib/parseFloor.ts); its ratio to the raw transfer, paired the same way, bounds this figure\'s from below. Both servers run in worker threads (threads), the client alone on the main thread, as `run --fixtures` runs. Legs (legsMs, each timed alone over the recorded pages): sandboxServe vs rawTransfer is the fixture serving over a plain server; parse, specExact, lensAndReader (the contract lens\'s one walk with the reader\'s checks on the way), merge and assertions are the client\'s work on the same texts. The scrubbed copy run against the sandbox serving only the recording (the fixtures matched, sent, parsed, read and checked by the contract lens in one walk, merged, asserted) vs a plain server sending the same recorded texts fetched in the same order; median of per-repetition ratios, order alternating.',
      };
      console.log(describeFigure(figure));
      console.log(`  ratio p25–p75 ${spread(samples.ratios).join('–')} over ${REPS} repetitions`);
      const floorFigure: BenchFigure = {
        id: 'investigationReplayFloor',
        title: 'Parse floor of a replay: the same raw transfer, each body parsed on one of two parser threads, nothing checked',
        figure: { value: floor.ms, unit: 'ms' },
        baseline: { value: floor.transferMs, unit: 'ms', what: 'raw transfer of the same bodies (fetch + text)' },
        ratio: floor.ratio,
        target: 'ratio reported: no replay that reads its bodies goes below it here',
        meetsTarget: true,
        details: { reps: REPS, ratios: floor.ratios, ratioP25P75: floor.ratioP25P75, parserThreads: 2 },
        note: 'bench/lib/parseFloor.ts: the main thread fetches each recorded body as bytes and hands them, without a copy, to one of two parser threads (TextDecoder + JSON.parse) while it fetches the next; the targets are known (no cursor to wait for), and nothing is checked, merged or sent back but a count. Paired with the raw transfer and alternating as investigationReplay is.',
      };
      console.log(describeFigure(floorFigure));
      emitResults('investigationReplay', [figure, floorFigure]);
    } finally {
      await raw.close();
      await replaySandbox.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
