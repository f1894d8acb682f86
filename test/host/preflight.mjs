// Checks the system prerequisites before `npm test`, a single test layer or the demo does anything
// else. What is missing is installed with apt-get when this process may (root, or `sudo -n` works),
// saying what and why; otherwise the run stops with one message naming the exact command.
// HDE_PREFLIGHT=report never installs (only the message); HDE_PREFLIGHT=off skips the check.
// Run directly (`node test/host/preflight.mjs [--no-browser]`) to check or install ahead of time.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_CHROMIUM, installNotice, planPrerequisites, prerequisitesFor } from './prerequisites.mjs';
import { HOSTS } from './hosts.mjs';
import { isHostInstalled } from './provision.mjs';

/** The machine as it is now. */
export const systemProbes = {
  hasCommand: (name) => (process.env.PATH ?? '').split(delimiter).some((dir) => dir && isExecutable(join(dir, name))),
  hasFile: (path) => existsSync(path),
  isRoot: () => process.getuid?.() === 0,
  canSudo: () => spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0,
  hasApt: () => systemProbes.hasCommand('apt-get'),
};

/**
 * Makes sure the prerequisites of this run are there; exits the process with one message when they
 * are not and cannot be installed.
 * @param {{ browser: boolean, hosts?: readonly import('./hosts.mjs').Host[] }} options
 *   browser: the run drives Chromium (integration, e2e); hosts: the VS Code builds it starts (all by default).
 */
export function ensurePrerequisites({ browser, hosts = HOSTS }) {
  const mode = process.env.HDE_PREFLIGHT ?? 'install';
  if (mode === 'off') return;
  const prerequisites = prerequisitesFor({
    codeServerInstall: hosts.some((host) => !isHostInstalled(host)),
    browser,
    chromiumPath: process.env.HDE_CHROMIUM ?? DEFAULT_CHROMIUM,
  });
  const plan = planPrerequisites(prerequisites, systemProbes, { mayInstall: mode !== 'report' });
  if (plan.action === 'none') return;
  if (plan.action === 'install') {
    console.log(installNotice(plan));
    for (const step of plan.steps) {
      console.log(`[preflight] ${step.join(' ')}`);
      const result = spawnSync(step[0], step.slice(1), {
        stdio: ['ignore', 'inherit', 'inherit'],
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
      if (result.status !== 0) stop(`[preflight] "${step.join(' ')}" failed (${result.error?.message ?? `exit ${result.status}`}); see its output above.`);
    }
    const after = planPrerequisites(prerequisites, systemProbes, { mayInstall: false });
    if (after.action !== 'none') stop(after.message);
    console.log('[preflight] system prerequisites installed');
    return;
  }
  stop(plan.message);
}

function stop(message) {
  console.error(`\n${message}`);
  process.exit(1);
}

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  ensurePrerequisites({ browser: !process.argv.includes('--no-browser') });
  console.log('[preflight] system prerequisites present');
}
