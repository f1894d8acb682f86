// What the test host needs from the operating system, and what to do when some of it is missing.
// Pure: the probes (which commands and files exist, who we are) are passed in, so every decision
// is unit-tested; ./preflight.mjs feeds in the real machine and carries the plan out.
//
// Only two things are left to the system, because npm cannot ship them in a usable form:
// - a C++ toolchain and python3: code-server's native modules (node-pty, spdlog, argon2…) are
//   compiled on its first install (npm has no compiler; their prebuilt downloads are not on npm);
// - Chromium for the integration and e2e layers (the browser builds on npm need the very shared
//   libraries Debian's package brings; see docs/test-hosts.md).
// libkrb5-dev is not needed: provision.mjs makes code-server's `kerberos` module optional.

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

const TOOLCHAIN = {
  name: 'a C++ toolchain (g++, make)',
  commands: ['g++', 'make'],
  aptPackages: ['build-essential'],
  why: "code-server's native modules are compiled on its first install",
};
const PYTHON = {
  name: 'python3',
  commands: ['python3'],
  aptPackages: ['python3'],
  why: 'node-gyp runs those compilations',
};

function chromium(path) {
  if (path === DEFAULT_CHROMIUM) {
    return { name: 'Chromium', files: [path], aptPackages: ['chromium'], why: 'the integration and end-to-end tests drive a real browser' };
  }
  // A browser the user chose with HDE_CHROMIUM: apt cannot put it there.
  return { name: `Chromium at ${path} (HDE_CHROMIUM)`, files: [path], aptPackages: [], why: 'the integration and end-to-end tests drive a real browser' };
}

/**
 * The prerequisites of one run.
 * @param {{ codeServerInstall: boolean, browser: boolean, chromiumPath?: string }} needs
 *   codeServerInstall: code-server is not installed yet (it is compiled once, then reused);
 *   browser: the run drives Chromium (integration and e2e layers).
 */
export function prerequisitesFor({ codeServerInstall, browser, chromiumPath = DEFAULT_CHROMIUM }) {
  return [...(codeServerInstall ? [TOOLCHAIN, PYTHON] : []), ...(browser ? [chromium(chromiumPath)] : [])];
}

/**
 * Decides what to do about missing prerequisites.
 * @param {ReturnType<typeof prerequisitesFor>} prerequisites
 * @param {{ hasCommand(name: string): boolean, hasFile(path: string): boolean, isRoot(): boolean,
 *           canSudo(): boolean, hasApt(): boolean }} probes
 * @param {{ mayInstall?: boolean }} options mayInstall false (HDE_PREFLIGHT=report) only reports.
 * @returns {{ action: 'none' } | { action: 'install', missing: object[], packages: string[], steps: string[][] }
 *   | { action: 'stop', missing: object[], message: string }}
 */
export function planPrerequisites(prerequisites, probes, { mayInstall = true } = {}) {
  const missing = prerequisites.filter(
    (item) => !(item.commands ?? []).every((name) => probes.hasCommand(name)) || !(item.files ?? []).every((path) => probes.hasFile(path)),
  );
  if (missing.length === 0) return { action: 'none' };

  const packages = [...new Set(missing.flatMap((item) => item.aptPackages))];
  const unfixable = missing.filter((item) => item.aptPackages.length === 0);
  const hasApt = probes.hasApt();
  if (unfixable.length > 0 || !hasApt) return { action: 'stop', missing, message: stopMessage(missing, packages, { hasApt, unfixable }) };

  const isRoot = probes.isRoot();
  const sudo = !isRoot && mayInstall && probes.canSudo();
  if (!mayInstall || (!isRoot && !sudo)) return { action: 'stop', missing, message: stopMessage(missing, packages, { hasApt, unfixable, isRoot }) };

  const prefix = isRoot ? [] : ['sudo', '-n'];
  return {
    action: 'install',
    missing,
    packages,
    steps: [
      [...prefix, 'apt-get', 'update'],
      [...prefix, 'apt-get', 'install', '-y', '--no-install-recommends', ...packages],
    ],
  };
}

/** The shell command that installs `packages`, as a person would type it. */
export function installCommand(packages, { isRoot = false } = {}) {
  const sudo = isRoot ? '' : 'sudo ';
  return `${sudo}apt-get update && ${sudo}apt-get install -y --no-install-recommends ${packages.join(' ')}`;
}

/** What the preflight says before it installs. */
export function installNotice(plan) {
  const lines = plan.missing.map((item) => `  - ${item.name} (${item.aptPackages.join(' ')}): ${item.why}`);
  return [`[preflight] Installing ${plan.packages.join(' ')} with apt-get, because this machine lacks:`, ...lines].join('\n');
}

function stopMessage(missing, packages, { hasApt, unfixable, isRoot = false }) {
  const needs = missing.map((item) => `  - ${item.name}: ${item.why}`).join('\n');
  let next;
  if (unfixable.length > 0) {
    next = `Point HDE_CHROMIUM at an existing Chromium, or unset it to use ${DEFAULT_CHROMIUM}${packages.length ? ` and run: ${installCommand(packages, { isRoot })}` : ''}.`;
  } else if (!hasApt) {
    next = `Install them with your system's package manager (on Debian or Ubuntu: ${installCommand(packages)}).`;
  } else {
    next = `Run this once:\n\n    ${installCommand(packages, { isRoot })}\n`;
  }
  return `This machine lacks what the tests and the demo need from the system:\n${needs}\n${next}\nThen run the same npm command again.`;
}
