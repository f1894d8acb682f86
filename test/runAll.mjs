// `npm test`: builds once, then runs every layer — unit (node:test), integration (mocha inside a
// real VS Code extension host) and e2e (node:test driving a real workbench in Chromium) — and
// ends with ONE line `N passed, N failed` summed over all layers. Every layer runs even when an
// earlier one failed. A layer that exits non-zero without a failing count, reports no counts, or
// runs zero tests adds one failure: the summary never reads green when a layer did not really run.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensurePrerequisites } from './host/preflight.mjs';
import { REPO_ROOT } from './host/provision.mjs';

const INTEGRATION_RESULTS = join(REPO_ROOT, 'out', 'integration', 'results.json');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const layers = [
  { name: 'unit', script: 'test:unit', counts: nodeTestCounts },
  { name: 'integration', script: 'test:integration', counts: integrationCounts, before: () => rmSync(INTEGRATION_RESULTS, { force: true }) },
  { name: 'e2e', script: 'test:e2e', counts: nodeTestCounts },
];

// System packages first: a missing one either gets installed or stops the run before any layer.
ensurePrerequisites({ browser: true });

const started = Date.now();
const build = spawnSync(npm, ['run', '-s', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
const results = [];
if (build.status !== 0) {
  console.error('\nThe build failed: no test layer can run.');
  results.push({ name: 'build', passed: 0, failed: 1, seconds: 0, note: 'build failed' });
} else {
  for (const layer of layers) results.push(await runLayer(layer));
}

console.log('\n──── test summary ────');
for (const { name, passed, failed, seconds, note } of results) {
  console.log(`${name.padEnd(12)} ${String(passed).padStart(4)} pass ${String(failed).padStart(4)} fail  ${seconds.toFixed(1).padStart(6)} s${note ? `  (${note})` : ''}`);
}
console.log(`total time ${((Date.now() - started) / 1000).toFixed(1)} s`);
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

async function runLayer({ name, script, counts, before }) {
  console.log(`\n════ ${name} (npm run ${script}) ════`);
  before?.();
  const layerStart = Date.now();
  const { code, output } = await runTee(npm, ['run', '-s', script], { HDE_SKIP_BUILD: '1' });
  const seconds = (Date.now() - layerStart) / 1000;
  const reported = counts(output);
  if (!reported) return { name, passed: 0, failed: 1, seconds, note: `reported no test counts (exit ${code})` };
  const { passed, failed } = reported;
  if (passed + failed === 0) return { name, passed, failed: 1, seconds, note: 'ran no tests' };
  if (code !== 0 && failed === 0) return { name, passed, failed: 1, seconds, note: `exited ${code} with no failing test` };
  return { name, passed, failed, seconds };
}

/** node:test's closing lines: `ℹ pass N` / `ℹ fail N` (spec reporter) or `# pass N` (TAP). */
function nodeTestCounts(output) {
  const last = (label) => {
    const matches = [...output.matchAll(new RegExp(`^[ℹ#] ${label} (\\d+)\\s*$`, 'gm'))];
    return matches.length ? Number(matches[matches.length - 1][1]) : undefined;
  };
  const passed = last('pass');
  const failed = last('fail');
  if (passed === undefined || failed === undefined) return undefined;
  return { passed, failed: failed + (last('cancelled') ?? 0) };
}

/** The extension-host suite writes its counts to out/integration/results.json (see test/integration/index.ts). */
function integrationCounts() {
  if (!existsSync(INTEGRATION_RESULTS)) return undefined;
  const { passed, failed } = JSON.parse(readFileSync(INTEGRATION_RESULTS, 'utf8'));
  return { passed, failed };
}

function runTee(command, args, extraEnv) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, env: { ...process.env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
      process.stderr.write(chunk);
    });
    child.on('error', (error) => resolve({ code: 1, output: `${output}\n${error.message}` }));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}
