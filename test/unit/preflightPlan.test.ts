// The preflight's decision: given what the machine has and who we are, nothing to do, install these
// Debian packages (saying why), or stop with one message naming the exact command.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  DEFAULT_CHROMIUM,
  installCommand,
  installNotice,
  planPrerequisites,
  prerequisitesFor,
  type Probes,
} from '../host/prerequisites.mjs';

const EVERYTHING = ['g++', 'make', 'python3', 'apt-get'];

/** A machine with `commands` on its PATH and `files` on disk; unasked probes throw. */
function machine({
  commands = EVERYTHING,
  files = [DEFAULT_CHROMIUM],
  root = true,
  sudo,
}: { commands?: string[]; files?: string[]; root?: boolean; sudo?: boolean } = {}): Probes & { sudoAsked: () => number } {
  let sudoAsked = 0;
  return {
    hasCommand: (name) => commands.includes(name),
    hasFile: (path) => files.includes(path),
    isRoot: () => root,
    canSudo: () => {
      sudoAsked += 1;
      if (sudo === undefined) throw new Error('sudo should not be probed here');
      return sudo;
    },
    hasApt: () => commands.includes('apt-get'),
    sudoAsked: () => sudoAsked,
  };
}

const FULL_RUN = prerequisitesFor({ codeServerInstall: true, browser: true });

describe('preflight: what a run needs', () => {
  it('a first run compiles code-server (toolchain, python3) and drives Chromium; libkrb5-dev is never asked for', () => {
    const packages = FULL_RUN.flatMap((item) => item.aptPackages);
    assert.deepEqual(packages, ['build-essential', 'python3', 'chromium']);
    assert.ok(!packages.includes('libkrb5-dev'));
  });

  it('once code-server is installed nothing needs compiling; the demo needs no browser', () => {
    assert.deepEqual(prerequisitesFor({ codeServerInstall: false, browser: true }).flatMap((item) => item.aptPackages), ['chromium']);
    assert.deepEqual(prerequisitesFor({ codeServerInstall: false, browser: false }), []);
    assert.deepEqual(
      prerequisitesFor({ codeServerInstall: true, browser: false }).flatMap((item) => item.aptPackages),
      ['build-essential', 'python3'],
    );
  });
});

describe('preflight: the plan', () => {
  it('does nothing when everything is there (and asks nobody for sudo)', () => {
    const probes = machine();
    assert.deepEqual(planPrerequisites(FULL_RUN, probes), { action: 'none' });
    assert.equal(probes.sudoAsked(), 0);
  });

  it('does nothing on a bare machine when the run needs nothing from it', () => {
    const bare = machine({ commands: [], files: [], root: false });
    assert.deepEqual(planPrerequisites(prerequisitesFor({ codeServerInstall: false, browser: false }), bare), { action: 'none' });
  });

  it('as root installs only the missing packages, apt-get update first', () => {
    const plan = planPrerequisites(FULL_RUN, machine({ commands: ['make', 'python3', 'apt-get'], files: [] }));
    assert.equal(plan.action, 'install');
    if (plan.action !== 'install') return;
    assert.deepEqual(plan.packages, ['build-essential', 'chromium']);
    assert.deepEqual(plan.steps, [
      ['apt-get', 'update'],
      ['apt-get', 'install', '-y', '--no-install-recommends', 'build-essential', 'chromium'],
    ]);
  });

  it('says what it installs and why', () => {
    const plan = planPrerequisites(FULL_RUN, machine({ commands: ['apt-get'], files: [] }));
    assert.equal(plan.action, 'install');
    if (plan.action !== 'install') return;
    const notice = installNotice(plan);
    assert.match(notice, /Installing build-essential python3 chromium with apt-get/);
    assert.match(notice, /C\+\+ toolchain \(g\+\+, make\) \(build-essential\): code-server's native modules are compiled/);
    assert.match(notice, /Chromium \(chromium\): the integration and end-to-end tests drive a real browser/);
  });

  it('not root but sudo -n works: installs through sudo -n (never prompts)', () => {
    const probes = machine({ files: [], root: false, sudo: true });
    const plan = planPrerequisites(FULL_RUN, probes);
    assert.equal(plan.action, 'install');
    if (plan.action !== 'install') return;
    assert.deepEqual(plan.steps, [
      ['sudo', '-n', 'apt-get', 'update'],
      ['sudo', '-n', 'apt-get', 'install', '-y', '--no-install-recommends', 'chromium'],
    ]);
    assert.equal(probes.sudoAsked(), 1);
  });

  it('not root and no sudo: stops with one message naming the exact command', () => {
    const plan = planPrerequisites(FULL_RUN, machine({ commands: ['apt-get'], files: [], root: false, sudo: false }));
    assert.equal(plan.action, 'stop');
    if (plan.action !== 'stop') return;
    assert.ok(
      plan.message.includes('sudo apt-get update && sudo apt-get install -y --no-install-recommends build-essential python3 chromium'),
      plan.message,
    );
    assert.match(plan.message, /Then run the same npm command again/);
    assert.equal(plan.missing.length, 3);
  });

  it('HDE_PREFLIGHT=report (mayInstall false) as root: the command without sudo, nothing installed', () => {
    const probes = machine({ files: [] });
    const plan = planPrerequisites(FULL_RUN, probes, { mayInstall: false });
    assert.equal(plan.action, 'stop');
    if (plan.action !== 'stop') return;
    assert.ok(plan.message.includes('\n    apt-get update && apt-get install -y --no-install-recommends chromium\n'), plan.message);
    assert.equal(probes.sudoAsked(), 0);
  });

  it('without apt-get: names the packages for the system package manager instead', () => {
    const plan = planPrerequisites(FULL_RUN, machine({ commands: ['g++', 'make', 'python3'], files: [] }));
    assert.equal(plan.action, 'stop');
    if (plan.action !== 'stop') return;
    assert.match(plan.message, /your system's package manager \(on Debian or Ubuntu: sudo apt-get update && sudo apt-get install -y --no-install-recommends chromium\)/);
  });

  it('a browser chosen with HDE_CHROMIUM that is missing: stops (apt cannot put it there), even as root', () => {
    const custom = prerequisitesFor({ codeServerInstall: false, browser: true, chromiumPath: '/opt/chromium/chrome' });
    const plan = planPrerequisites(custom, machine({ files: [DEFAULT_CHROMIUM] }));
    assert.equal(plan.action, 'stop');
    if (plan.action !== 'stop') return;
    assert.match(plan.message, /Chromium at \/opt\/chromium\/chrome \(HDE_CHROMIUM\)/);
    assert.match(plan.message, /Point HDE_CHROMIUM at an existing Chromium, or unset it/);
    assert.deepEqual(planPrerequisites(custom, machine({ files: ['/opt/chromium/chrome'] })), { action: 'none' });
  });

  it('the install command reads as a person would type it', () => {
    assert.equal(installCommand(['chromium']), 'sudo apt-get update && sudo apt-get install -y --no-install-recommends chromium');
    assert.equal(installCommand(['a', 'b'], { isRoot: true }), 'apt-get update && apt-get install -y --no-install-recommends a b');
  });
});
