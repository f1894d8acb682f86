// `npm run bench`: builds the production bundles and the .vsix once (in a throwaway mirror of the
// repository), runs every benchmark in its own process, prints each figure with its baseline and
// ratio, and writes everything to bench/results.json. Timings are reported, never enforced: the
// exit code is non-zero only when a benchmark could not run.
//   npm run bench                      every benchmark
//   npm run bench -- clientOverhead    only the named ones (footprint, activation, clientOverhead,
//                                      allUsers, bloodPressure, workbench, coverageScan, coverageScroll,
//                                      agentDiagnose, notebookRunAll, scrubThroughput, bloodPressureHost,
//                                      bloodPressureEndToEnd, investigationReplay, notebookRunAllWorkbench)
// HDE_BENCH_REPS overrides the repetitions of every benchmark (default 5–7).
// Before building, the machine is checked the way `npm test` checks it (test/host/preflight.mjs):
// Chromium, and the toolchain and code-server build the selected benchmarks need, are installed
// when missing (HDE_PREFLIGHT=report only names the command; =off skips the check).
import { execSync, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { ensurePrerequisites } from '../test/host/preflight.mjs';
import { describeHost, HOSTS, MINIMUM_HOST, selectHost, selectHosts } from '../test/host/hosts.mjs';
import { ensureHost } from '../test/host/provision.mjs';
import { benchNeeds } from './lib/benchPrerequisites';
import { makeProductionBuild, removeProductionBuild, REPO_ROOT } from './lib/productionBuild';
import { describeFigure, RESULT_PREFIX, withSpread, type BenchFigure } from './lib/results';
import { round } from './lib/stats';

const BENCHMARKS = ['footprint', 'activation', 'clientOverhead', 'allUsers', 'bloodPressure', 'workbench', 'coverageScan', 'coverageScroll', 'agentDiagnose', 'notebookRunAll', 'scrubThroughput', 'bloodPressureHost', 'bloodPressureEndToEnd', 'investigationReplay', 'notebookRunAllWorkbench'] as const;
const RESULTS_FILE = join(REPO_ROOT, 'bench', 'results.json');

interface BenchmarkRun {
  name: string;
  seconds: number;
  loadAverageBefore: number;
  exitCode: number;
  figures: BenchFigure[];
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((name) => !(BENCHMARKS as readonly string[]).includes(name));
  if (unknown.length > 0) {
    console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Choose from: ${BENCHMARKS.join(', ')}`);
    process.exit(2);
  }
  const selected = wanted.length > 0 ? BENCHMARKS.filter((name) => wanted.includes(name)) : [...BENCHMARKS];
  const started = performance.now();
  console.log(`Health Data Explorer benchmarks — ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}, load average ${loadavg()[0]!.toFixed(1)}`);
  console.log('Each figure: median over repetitions (after a warm-up), with a baseline measured in the same run.\n');

  const needs = benchNeeds(selected, selectHost(process.env.HDE_HOSTS, MINIMUM_HOST), selectHosts(process.env.HDE_HOSTS, HOSTS));
  ensurePrerequisites(needs);
  for (const host of needs.hosts) {
    process.stdout.write(`Checking ${describeHost(host)}… `);
    await ensureHost(host, { log: (message) => console.log(`\n  ${message}`) });
    console.log('ready');
  }

  process.stdout.write('Building the production bundles and the .vsix… ');
  const build = makeProductionBuild();
  console.log(`${build.seconds.toFixed(1)} s`);

  const runs: BenchmarkRun[] = [];
  try {
    for (const name of selected) {
      console.log(`\n▶ ${name}`);
      runs.push(await runBenchmark(name, build.root));
    }
  } finally {
    if (!process.env.HDE_BENCH_KEEP_BUILD) removeProductionBuild(build);
  }

  const totalSeconds = round((performance.now() - started) / 1000, 1);
  writeFileSync(
    RESULTS_FILE,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        commit: gitCommit(),
        machine: { cpus: cpus().length, model: cpus()[0]?.model.trim(), node: process.version, loadAverageAtEnd: loadavg()[0] },
        totalSeconds,
        buildSeconds: round(build.seconds, 1),
        benchmarks: runs,
      },
      null,
      2,
    )}\n`,
  );

  console.log('\n══ Summary ══');
  for (const run of runs) {
    if (run.exitCode !== 0) console.log(`✗ ${run.name} did not complete (exit ${run.exitCode})`);
    for (const figure of run.figures) console.log(`• ${describeFigure(figure)}`);
  }
  console.log(`\n${totalSeconds} s in total; details in bench/results.json`);
  if (runs.some((run) => run.exitCode !== 0)) process.exit(1);
}

function runBenchmark(name: string, buildRoot: string): Promise<BenchmarkRun> {
  const started = performance.now();
  const loadAverageBefore = round(loadavg()[0]!, 2);
  const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'bench', `${name}.ts`)], {
    cwd: REPO_ROOT,
    env: { ...process.env, HDE_BENCH_BUILD: buildRoot },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const figures: BenchFigure[] = [];
  let pending = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    pending += chunk;
    let newline: number;
    while ((newline = pending.indexOf('\n')) >= 0) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      if (line.startsWith(RESULT_PREFIX)) figures.push(...(JSON.parse(line.slice(RESULT_PREFIX.length)) as { figures: BenchFigure[] }).figures.map(withSpread));
      else console.log(`  ${line}`);
    }
  });
  return new Promise((resolve) => {
    child.on('exit', (code) => {
      const seconds = round((performance.now() - started) / 1000, 1);
      console.log(`  (${seconds} s)`);
      resolve({ name, seconds, loadAverageBefore, exitCode: code ?? 1, figures });
    });
  });
}

function gitCommit(): string | undefined {
  try {
    return execSync('git rev-parse --short HEAD', { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
}

void main();
