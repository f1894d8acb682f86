// `npm run test:integration`: builds the extension and the suite, then runs the suite inside a real
// VS Code extension host through @vscode/test-electron's runTests(), once per test host.
// Hosts: code-server at the engine minimum and at the newest (test/host/hosts.mjs; installed under
// .vscode-test/ on first use), each driven by test/host/vscodeLauncher.mjs because desktop VS Code
// cannot be downloaded offline. HDE_HOSTS=minimum (or newest, or a version) runs one of them.
// HDE_VSCODE_HOST=desktop lets runTests download and use desktop VS Code instead (needs internet).
import { runTests } from '@vscode/test-electron';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeHost, HOSTS, selectHosts } from '../host/hosts.mjs';
import { ensurePrerequisites } from '../host/preflight.mjs';
import { ensureHost, REPO_ROOT } from '../host/provision.mjs';
import { buildIntegrationTests } from './build.mjs';

const LAUNCHER = join(REPO_ROOT, 'test', 'host', 'vscodeLauncher.mjs');
const useDesktop = process.env.HDE_VSCODE_HOST === 'desktop';
let hosts;
try {
  hosts = useDesktop ? [undefined] : selectHosts(process.env.HDE_HOSTS, HOSTS);
} catch (error) {
  console.error(error.message);
  process.exit(2);
}

// The launcher drives code-server's workbench in Chromium; desktop VS Code needs neither.
if (!useDesktop) ensurePrerequisites({ browser: true, hosts });

// test/runAll.mjs builds once for every layer and sets HDE_SKIP_BUILD.
if (!process.env.HDE_SKIP_BUILD) {
  const build = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const { outDir } = await buildIntegrationTests();
const resultsFile = join(outDir, 'results.json');

const perHost = [];
for (const host of hosts) perHost.push(await runOn(host));

const passed = perHost.reduce((sum, run) => sum + run.passed, 0);
const failed = perHost.reduce((sum, run) => sum + run.failed, 0);
// test/runAll.mjs reads the sum from here (index.ts writes one host's counts; they are moved aside).
const failures = perHost.flatMap((run) => (run.failures ?? []).map((title) => `${run.label}: ${title}`));
writeFileSync(resultsFile, JSON.stringify({ passed, failed, failures, hosts: perHost }, null, 2));
if (perHost.length > 1) {
  for (const run of perHost) console.log(`[integration] ${run.label}: ${run.passed} passed, ${run.failed} failed${run.note ? ` (${run.note})` : ''}`);
}
process.exit(failed > 0 || perHost.some((run) => run.passed === 0) ? 1 : 0);

/** Runs the whole suite in `host`; a run that reports nothing counts as one failure. */
async function runOn(host) {
  const label = host ? describeHost(host) : 'desktop VS Code';
  console.log(`\n[integration] ── ${label} ──`);
  rmSync(resultsFile, { force: true });
  let note;
  try {
    if (host) await ensureHost(host);
    await runTests({
      ...(host ? { vscodeExecutablePath: LAUNCHER } : {}),
      extensionDevelopmentPath: REPO_ROOT,
      extensionTestsPath: join(outDir, 'index.js'),
      extensionTestsEnv: host ? { HDE_HOSTS: host.name } : {},
      launchArgs: ['--disable-extensions'],
    });
  } catch (error) {
    note = `${error instanceof Error ? error.message : error}`;
    console.error(`[integration] ${label}: ${note}`);
  }
  if (!existsSync(resultsFile)) {
    console.error(`[integration] ${label} reported no results: the suite did not run (see the log above)`);
    return { label, passed: 0, failed: 1, note: 'reported no results' };
  }
  const counts = JSON.parse(readFileSync(resultsFile, 'utf8'));
  renameSync(resultsFile, join(outDir, `results-${host?.name ?? 'desktop'}.json`));
  // The suite reported, but the run still failed (the launcher or the workbench broke): one failure.
  const failed = note && counts.failed === 0 ? 1 : counts.failed;
  const failures = [...(counts.failures ?? []), ...(note ? [note] : [])];
  return { label, vscode: counts.vscode, clock: counts.clock, passed: counts.passed, failed, pending: counts.pending, failures, ...(note ? { note } : {}) };
}
