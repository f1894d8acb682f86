// `npm run test:clock [-- <scenario>,…] [--layers unit,integration]`: the unit and integration
// layers again under a faked clock and zone (./scenarios.mjs), to find tests that depend on the
// date, the hour or the machine's zone. Builds once; per scenario and layer, checks first that a
// process really sees the faked clock (else that layer fails with the reason), then runs the layer
// with it. Integration runs in the engine-minimum host unless HDE_HOSTS says otherwise. Ends with
// one line `N passed, N failed` over every run. CI runs the `ci` scenario (see .ci/run).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { describeHost, HOSTS, MINIMUM_HOST, selectHosts } from '../host/hosts.mjs';
import { integrationCounts, INTEGRATION_RESULTS, nodeTestCounts, runLayer } from '../host/layers.mjs';
import { ensurePrerequisites } from '../host/preflight.mjs';
import { REPO_ROOT } from '../host/provision.mjs';
import { clockTook, fakedClockEnv, selectScenarios, SHIFTED_CLOCK } from './scenarios.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const args = process.argv.slice(2);
const layersArg = args.includes('--layers') ? args[args.indexOf('--layers') + 1] : 'unit,integration';
const scenarioArg = args.filter((arg, index) => !arg.startsWith('--') && args[index - 1] !== '--layers').join(',');
const layerNames = layersArg.split(',').map((name) => name.trim());

let scenarios;
let hosts;
try {
  scenarios = selectScenarios(scenarioArg || process.env.HDE_CLOCK_SCENARIOS);
  hosts = process.env.HDE_HOSTS ? selectHosts(process.env.HDE_HOSTS, HOSTS) : [MINIMUM_HOST];
} catch (error) {
  console.error(error.message);
  process.exit(2);
}
ensurePrerequisites({ browser: layerNames.includes('integration'), hosts });

const started = Date.now();
const results = [];
const build = spawnSync(npm, ['run', '-s', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
if (build.status !== 0) results.push({ name: 'build', passed: 0, failed: 1, seconds: 0, note: 'build failed' });
else {
  for (const scenario of scenarios) {
    const layers = [
      ...(layerNames.includes('unit') ? [{ name: `unit @ ${scenario.name}`, script: 'test:unit', counts: nodeTestCounts }] : []),
      ...(layerNames.includes('integration')
        ? hosts.map((host) => ({
            name: `integration ${host.vscode} @ ${scenario.name}`,
            host,
            script: 'test:integration',
            counts: integrationCounts,
            before: () => rmSync(INTEGRATION_RESULTS, { force: true }),
          }))
        : []),
    ];
    for (const layer of layers) {
      const env = fakedClockEnv(scenario, { nowMs: Date.now(), preload: SHIFTED_CLOCK, nodeOptions: process.env.NODE_OPTIONS });
      console.log(`\n[clock] ${layer.name}: the clock starts at ${scenario.instant}, TZ=${scenario.zone}`);
      const seen = probe(env);
      if (!seen || !clockTook(scenario, seen)) {
        results.push({ name: layer.name, passed: 0, failed: 1, seconds: 0, note: `the faked clock did not take: a process saw ${JSON.stringify(seen)}` });
        continue;
      }
      const result = await runLayer(layer, env);
      if (layer.host) hostClockCheck(scenario, result);
      results.push(result);
    }
  }
}

console.log('\n──── clock check summary ────');
const width = Math.max(12, ...results.map((result) => result.name.length + 1));
for (const { name, passed, failed, seconds, note } of results) {
  console.log(`${name.padEnd(width)} ${String(passed).padStart(4)} pass ${String(failed).padStart(4)} fail  ${seconds.toFixed(1).padStart(6)} s${note ? `  (${note})` : ''}`);
}
for (const result of results) for (const title of result.failures ?? []) console.log(`  ✖ ${result.name}: ${title}`);
if (layerNames.includes('integration')) console.log(`hosts: ${hosts.map(describeHost).join('; ')}`);
console.log(`total time ${((Date.now() - started) / 1000).toFixed(1)} s`);
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

/**
 * The extension host is started by code-server, not by us: its suite reports the clock and zone it
 * ran on (test/integration/index.ts); a host that did not see the scenario fails the layer.
 */
function hostClockCheck(scenario, result) {
  const hosts = existsSync(INTEGRATION_RESULTS) ? (JSON.parse(readFileSync(INTEGRATION_RESULTS, 'utf8')).hosts ?? []) : [];
  for (const host of hosts) {
    // The suite starts after the workbench loads: minutes on a busy machine.
    if (host.clock && clockTook(scenario, { nowMs: host.clock.startedAt, zone: host.clock.zone }, 15 * 60_000)) continue;
    result.failed += 1;
    (result.failures ??= []).push(`${host.label}: the extension host did not run on the faked clock (${JSON.stringify(host.clock)})`);
  }
}

/** What a node process started with `env` sees: its clock and its zone. */
function probe(env) {
  const script = 'console.log(JSON.stringify({ nowMs: Date.now(), zone: Intl.DateTimeFormat().resolvedOptions().timeZone }))';
  const result = spawnSync(process.execPath, ['-e', script], { env: { ...process.env, ...env }, encoding: 'utf8' });
  try {
    return JSON.parse(result.stdout);
  } catch {
    return undefined;
  }
}
