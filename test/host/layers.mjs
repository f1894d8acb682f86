// One test layer run as a child `npm run` script: its output teed through, its counts read back.
// Shared by `npm test` (../runAll.mjs) and `npm run test:clock` (../clock/run.mjs).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeHost } from './hosts.mjs';
import { REPO_ROOT } from './provision.mjs';

export const INTEGRATION_RESULTS = join(REPO_ROOT, 'out', 'integration', 'results.json');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * Runs one layer; a layer that exits non-zero without a failing count, reports no counts, or runs
 * zero tests counts one failure.
 */
export async function runLayer({ name, script, args = [], host, counts, before }, env) {
  console.log(`\n════ ${name} (npm run ${script}${args.length ? ` -- ${args.join(' ')}` : ''}${host ? `, ${describeHost(host)}` : ''}) ════`);
  before?.();
  const layerStart = Date.now();
  const hostEnv = host ? { HDE_HOSTS: host.name } : {};
  const { code, output } = await runTee(npm, ['run', '-s', script, ...(args.length ? ['--', ...args] : [])], { HDE_SKIP_BUILD: '1', ...hostEnv, ...env });
  const seconds = (Date.now() - layerStart) / 1000;
  const reported = counts(output);
  if (!reported) return { name, passed: 0, failed: 1, seconds, note: `reported no test counts (exit ${code})` };
  const { passed, failed, failures } = reported;
  if (passed + failed === 0) return { name, passed, failed: 1, seconds, note: 'ran no tests' };
  if (code !== 0 && failed === 0) return { name, passed, failed: 1, seconds, note: `exited ${code} with no failing test` };
  return { name, passed, failed, seconds, failures };
}

/** node:test's closing lines: `ℹ pass N` / `ℹ fail N` (spec reporter) or `# pass N` (TAP). */
export function nodeTestCounts(output) {
  const last = (label) => {
    const matches = [...output.matchAll(new RegExp(`^[ℹ#] ${label} (\\d+)\\s*$`, 'gm'))];
    return matches.length ? Number(matches[matches.length - 1][1]) : undefined;
  };
  const passed = last('pass');
  const failed = last('fail');
  if (passed === undefined || failed === undefined) return undefined;
  // The spec reporter repeats each failing test under "✖ failing tests:" at the end.
  const tail = output.split(/^✖ failing tests:\s*$/m)[1] ?? '';
  const failures = [...tail.matchAll(/^\s*✖ (.+?)(?: \([\d.]+m?s\))?\s*$/gm)].map((match) => match[1]);
  return { passed, failed: failed + (last('cancelled') ?? 0), failures };
}

/** The extension-host suite writes its counts to out/integration/results.json (see test/integration/index.ts). */
export function integrationCounts() {
  if (!existsSync(INTEGRATION_RESULTS)) return undefined;
  const { passed, failed, failures } = JSON.parse(readFileSync(INTEGRATION_RESULTS, 'utf8'));
  return { passed, failed, failures };
}

export function runTee(command, args, extraEnv) {
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
