// `npm test`: builds once, then runs every layer — unit (node:test), integration (mocha inside a
// real VS Code extension host) and e2e (node:test driving a real workbench in Chromium) — and
// ends with ONE line `N passed, N failed` summed over all layers. The host-driven layers run per
// test host (test/host/hosts.mjs): integration in each VS Code, e2e in full in the newest and its
// smoke file in the engine minimum; HDE_HOSTS=minimum (or newest) keeps to one host (and runs
// every e2e file there). Hosts not installed yet are provisioned in the background while the unit
// layer runs. Every layer runs
// even when an earlier one failed. A layer that exits non-zero without a failing count, reports no
// counts, or runs zero tests adds one failure: the summary never reads green when a layer did not
// really run; a host that could not be installed fails each of its layers the same way.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describeHost, e2ePlan, HOSTS, selectHosts } from './host/hosts.mjs';
import { ensurePrerequisites } from './host/preflight.mjs';
import { integrationCounts, INTEGRATION_RESULTS, nodeTestCounts, runLayer } from './host/layers.mjs';
import { isHostInstalled, REPO_ROOT } from './host/provision.mjs';

const VSIX = join(REPO_ROOT, 'out', 'health-data-explorer.vsix');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

let hosts;
try {
  hosts = selectHosts(process.env.HDE_HOSTS, HOSTS);
} catch (error) {
  console.error(error.message);
  process.exit(2);
}
// System packages first: a missing one either gets installed or stops the run before any layer.
ensurePrerequisites({ browser: true, hosts });

// Host by host (matrix order: the minimum installs faster), so a host still installing in the
// background has the unit layer and the layers of the hosts before it to finish.
const e2eRuns = e2ePlan(hosts);
const layers = [
  { name: 'unit', script: 'test:unit', counts: nodeTestCounts },
  ...hosts.flatMap((host) => [
    {
      name: `integration ${host.vscode}`,
      host,
      script: 'test:integration',
      counts: integrationCounts,
      before: () => rmSync(INTEGRATION_RESULTS, { force: true }),
    },
    ...e2eRuns
      .filter((run) => run.host === host)
      .map(({ files }) => ({
        name: files === 'all' ? `e2e ${host.vscode}` : `e2e ${files.join(' ')} ${host.vscode}`,
        host,
        script: 'test:e2e',
        args: files === 'all' ? [] : files,
        counts: nodeTestCounts,
      })),
  ]),
];

const started = Date.now();
const build = spawnSync(npm, ['run', '-s', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
const results = [];
if (build.status !== 0) {
  console.error('\nThe build failed: no test layer can run.');
  results.push({ name: 'build', passed: 0, failed: 1, seconds: 0, note: 'build failed' });
} else {
  const provisioning = provisionInBackground(hosts.filter((host) => !isHostInstalled(host)));
  // The first e2e layer packages the .vsix; the others install that same file.
  rmSync(VSIX, { force: true });
  let packaged = false;
  for (const layer of layers) {
    if (layer.host && provisioning.has(layer.host)) {
      const waitStart = Date.now();
      const installed = await provisioning.take(layer.host);
      const waited = (Date.now() - waitStart) / 1000;
      // A row of its own for the time it took; a failed install fails each of its host's layers below.
      results.push({
        name: `install ${layer.host.vscode}`,
        passed: 0,
        failed: 0,
        seconds: installed.seconds,
        note: installed.ok ? `in the background; the layers waited ${waited.toFixed(0)} s for it` : 'FAILED: see its output above',
      });
    }
    if (layer.host && provisioning.failed(layer.host)) {
      results.push({ name: layer.name, passed: 0, failed: 1, seconds: 0, note: `${describeHost(layer.host)} could not be installed (see above)` });
      continue;
    }
    const env = packaged && layer.script === 'test:e2e' ? { HDE_VSIX: VSIX } : {};
    results.push(await runLayer(layer, env));
    if (layer.script === 'test:e2e') packaged = existsSync(VSIX);
  }
}

console.log('\n──── test summary ────');
const width = Math.max(12, ...results.map((result) => result.name.length + 1));
for (const { name, passed, failed, seconds, note } of results) {
  console.log(`${name.padEnd(width)} ${String(passed).padStart(4)} pass ${String(failed).padStart(4)} fail  ${seconds.toFixed(1).padStart(6)} s${note ? `  (${note})` : ''}`);
}
const failing = results.flatMap((result) => (result.failures ?? []).map((title) => `${result.name}: ${title}`));
if (failing.length > 0) {
  console.log('failing:');
  for (const line of failing) console.log(`  ✖ ${line}`);
}
console.log(`hosts: ${hosts.map(describeHost).join('; ')}`);
console.log(`total time ${((Date.now() - started) / 1000).toFixed(1)} s`);
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

/**
 * Installs `pending` hosts one after another in a child process while the layers before them run.
 * `take(host)` waits for that host's install once (its output, held back until then, is printed)
 * and resolves with { ok, seconds }; `failed(host)` afterwards says whether it could not be installed.
 */
function provisionInBackground(pending) {
  const installs = new Map();
  const outcomes = new Map();
  let chain = Promise.resolve();
  for (const host of pending) {
    chain = chain.then(async () => {
      const began = Date.now();
      const { code, output } = await runQuiet(process.execPath, [join('test', 'host', 'provision.mjs'), host.name]);
      return { ok: code === 0, output, seconds: (Date.now() - began) / 1000 };
    });
    installs.set(host, chain);
  }
  if (pending.length > 0) console.log(`\n[host] installing ${pending.map(describeHost).join(' and ')} in the background (first run only)`);
  return {
    has: (host) => installs.has(host) && !outcomes.has(host),
    async take(host) {
      const install = await installs.get(host);
      outcomes.set(host, install.ok);
      console.log(`\n════ install of ${describeHost(host)} (in the background, ${install.seconds.toFixed(0)} s) ════`);
      process.stdout.write(install.output);
      return install;
    },
    failed: (host) => outcomes.get(host) === false,
  };
}

function runQuiet(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ code: 1, output: `${output}\n${error.message}\n` }));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}
