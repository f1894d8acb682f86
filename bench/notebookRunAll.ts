// Benchmark: the shipped sample notebook run through the notebook runner (parse, variables, the
// client with the contract lens, paging, merging, assertions) vs the raw transfer of the same
// requests (undici.request + JSON.parse of the very URLs and bodies the run sent), against the
// same sandbox (in its own process) in the same run. The two alternate within each repetition so
// machine noise hits both alike; the figure is the median ratio.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { HealthApiClient, type RequestLogEntry } from '../src/api/client';
import { parseNotebookFile } from '../src/notebook/notebookFormat';
import { runNotebookFile } from '../src/notebook/notebookRunner';
import { REPO_ROOT } from './lib/productionBuild';
import { describeFigure, emitResults, type BenchFigure } from './lib/results';
import { startSandboxProcess } from './lib/sandboxProcess';
import { median, round } from './lib/stats';

const REPS = Number(process.env.HDE_BENCH_REPS ?? 7);
/** Runs of the notebook per repetition: one run is a few milliseconds, too short to time alone. */
const RUNS = Number(process.env.HDE_BENCH_RUNS ?? 10);
const POOL = { keepAliveTimeout: 10_000, connections: 16 };
const SAMPLE = join(REPO_ROOT, 'media', 'notebook', 'sample.hdnb.md');

async function main(): Promise<void> {
  const sandbox = await startSandboxProcess({});
  const file = parseNotebookFile(readFileSync(SAMPLE, 'utf8'));
  const sent: RequestLogEntry[] = [];
  const clientPool = new Agent(POOL);
  const rawPool = new Agent(POOL);
  const recording = new HealthApiClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, onRequest: (entry) => sent.push(entry) });
  const client = new HealthApiClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, dispatcher: clientPool });
  const environment = { id: 'local' as const, label: 'Local sandbox' };
  const headers = { 'x-service-api-key': sandbox.apiKey, accept: 'application/json', 'user-agent': 'health-data-explorer' };

  const viaRunner = async (): Promise<void> => {
    const results = await runNotebookFile(file, { client, environment });
    const failed = results.filter((result) => result.outcome !== 'ok' || result.assertions.some((assertion) => !assertion.passed));
    if (failed.length > 0) throw new Error(`the sample did not pass: ${JSON.stringify(failed[0]?.error ?? failed[0]?.assertions)}`);
  };
  const raw = async (): Promise<void> => {
    for (const entry of sent) {
      const response = await request(entry.url, {
        method: entry.method as 'GET' | 'POST',
        dispatcher: rawPool,
        headers: entry.requestBody === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        ...(entry.requestBody === undefined ? {} : { body: entry.requestBody }),
      });
      const body: unknown = JSON.parse(await response.body.text());
      if (response.statusCode !== 200 || body === null) throw new Error(`raw request failed (${response.statusCode}) for ${entry.url}`);
    }
  };
  /** RUNS runs of one side: wall time, and this process's CPU time (steadier on a loaded machine). */
  const timed = async (work: () => Promise<void>): Promise<{ wall: number; cpu: number }> => {
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (let run = 0; run < RUNS; run++) await work();
    const wall = performance.now() - started;
    const used = process.cpuUsage(cpu);
    return { wall, cpu: (used.user + used.system) / 1000 };
  };

  try {
    // The requests the notebook makes, recorded once; then a warm-up of both sides.
    await runNotebookFile(file, { client: recording, environment });
    await timed(viaRunner);
    await timed(raw);
    const runnerMs: number[] = [];
    const rawMs: number[] = [];
    const ratios: number[] = [];
    const runnerCpuMs: number[] = [];
    const rawCpuMs: number[] = [];
    const cpuRatios: number[] = [];
    for (let rep = 0; rep < REPS; rep++) {
      const order = rep % 2 === 0 ? (['runner', 'raw'] as const) : (['raw', 'runner'] as const);
      const times = { runner: { wall: 0, cpu: 0 }, raw: { wall: 0, cpu: 0 } };
      for (const side of order) times[side] = await timed(side === 'runner' ? viaRunner : raw);
      const { runner: r, raw: b } = times;
      runnerMs.push(round(r.wall / RUNS, 2));
      rawMs.push(round(b.wall / RUNS, 2));
      ratios.push(round(r.wall / b.wall, 3));
      runnerCpuMs.push(round(r.cpu / RUNS, 2));
      rawCpuMs.push(round(b.cpu / RUNS, 2));
      cpuRatios.push(round(r.cpu / b.cpu, 3));
      process.stderr.write(
        `  rep ${rep + 1}/${REPS}: runner ${(r.wall / RUNS).toFixed(1)} ms, raw ${(b.wall / RUNS).toFixed(1)} ms per run, ratio ${(r.wall / b.wall).toFixed(3)}` +
          ` (CPU ${(r.cpu / RUNS).toFixed(2)} vs ${(b.cpu / RUNS).toFixed(2)} ms, ratio ${(r.cpu / b.cpu).toFixed(3)})\n`,
      );
    }
    const ratio = median(ratios);
    const figure: BenchFigure = {
      id: 'notebookRunAll',
      title: `Notebook: the sample's ${file.cells.filter((cell) => cell.kind === 'request').length} cells (${sent.length} requests), run all`,
      figure: { value: round(median(runnerMs), 2), unit: 'ms' },
      baseline: { value: round(median(rawMs), 2), unit: 'ms', what: 'undici.request + JSON.parse of the same requests, one after another' },
      ratio: round(ratio, 3),
      target: 'ratio ≤ 1.20',
      meetsTarget: ratio <= 1.2,
      details: {
        reps: REPS,
        runsPerRep: RUNS,
        requests: sent.map((entry) => `${entry.method} ${new URL(entry.url).pathname}`),
        runnerMs,
        rawMs,
        ratios,
        runnerCpuMs,
        rawCpuMs,
        cpuRatios,
        cpuRatio: median(cpuRatios),
      },
      note: `Median of ${REPS} per-repetition ratios, ${RUNS} runs of the notebook each; the runner loads the users' later pages 4 at a time, the raw side one after another. cpuRatio: CPU time of this process, runner over raw (the sandbox runs in another).`,
    };
    console.log(describeFigure(figure));
    emitResults('notebookRunAll', [figure]);
  } finally {
    await recording.close();
    await client.close();
    await rawPool.close();
    await sandbox.stop();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
