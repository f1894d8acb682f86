// The real VS Code builds the integration and e2e layers run in: code-server from npm, once at the
// engine minimum the extension accepts and once at the newest code-server npm serves. Pure data and
// selection (unit-tested); ./provision.mjs installs a host, ./codeServer.mjs starts it.
//
// HDE_HOSTS picks hosts for one run: a comma-separated list of host names (`minimum`, `newest`),
// VS Code versions (`1.100.3`) or code-server versions (`4.139.1`), or `all`.

/**
 * @typedef {object} Host
 * @property {string} name           `minimum` or `newest`
 * @property {string} codeServer     code-server version on npm
 * @property {string} vscode         the VS Code version that code-server embeds
 * @property {string} node           Node the host runs on (code-server's engines); the system Node
 *                                   when its major matches, else npm's node-<os>-<arch> package
 * @property {string[]} testPayloadArgs server flags without which the workbench ignores the
 *                                   `payload` URL parameter (extensionDevelopmentPath/TestsPath)
 * @property {{ folder: string, file: string } | undefined} ripgrepCache where this build's
 *                                   @vscode/ripgrep postinstall looks before it downloads from GitHub
 */

/** @type {readonly Host[]} */
export const HOSTS = Object.freeze([
  Object.freeze({
    name: 'minimum',
    codeServer: '4.100.3',
    vscode: '1.100.3',
    node: '20.20.2',
    testPayloadArgs: [],
    // 4.100.3 pins @vscode/ripgrep 1.15.11, whose postinstall fetches this file from GitHub.
    ripgrepCache: { folder: 'vscode-ripgrep-cache-1.15.11', file: 'ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz' },
  }),
  Object.freeze({
    name: 'newest',
    codeServer: '4.139.1',
    vscode: '1.139.1',
    node: '24.21.0',
    // Built workbenches read the payload only in smoke-test-driver mode. That mode also skips
    // dialogs and toasts, so only the extension-host suite turns it on, never the e2e layer.
    testPayloadArgs: ['--vscode-option', 'enable-smoke-test-driver'],
    // Its ripgrep comes from npm (@vscode/ripgrep-universal): nothing to seed.
    ripgrepCache: undefined,
  }),
]);

export const MINIMUM_HOST = HOSTS[0];
export const NEWEST_HOST = HOSTS[HOSTS.length - 1];

/** "VS Code 1.139.1 (code-server 4.139.1)": how every suite names the host it runs in. */
export function describeHost(host) {
  return `VS Code ${host.vscode} (code-server ${host.codeServer})`;
}

/** Whether `version` ("1.139.1", "v24.21.0", "1.101.0-insider") is `minimum` or later, by numbers. */
export function versionAtLeast(version, minimum) {
  const parts = (text) => String(text).replace(/^v/, '').split(/[.-]/).slice(0, 3).map((part) => Number.parseInt(part, 10) || 0);
  const [have, want] = [parts(version), parts(minimum)];
  for (let index = 0; index < 3; index++) {
    if ((have[index] ?? 0) !== (want[index] ?? 0)) return (have[index] ?? 0) > (want[index] ?? 0);
  }
  return true;
}

/** Major version of a Node version string ("v24.21.0" or "24.21.0"). */
export function nodeMajor(version) {
  return Number(String(version).replace(/^v/, '').split('.')[0]);
}

/**
 * The hosts named by `value` (HDE_HOSTS), in matrix order; `fallback` when it is empty.
 * Throws one message listing what is accepted when a name matches no host.
 * @param {string | undefined} value
 * @param {readonly Host[]} fallback
 * @returns {Host[]}
 */
export function selectHosts(value, fallback) {
  const names = (value ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  if (names.length === 0) return [...fallback];
  if (names.includes('all')) return [...HOSTS];
  const chosen = new Set();
  for (const name of names) {
    const host = HOSTS.find((candidate) => [candidate.name, candidate.vscode, candidate.codeServer].includes(name));
    if (!host) {
      const accepted = HOSTS.map((candidate) => `${candidate.name} (${candidate.vscode}, ${candidate.codeServer})`).join(', ');
      throw new Error(`HDE_HOSTS: no host "${name}". Use all, or one or more of: ${accepted}.`);
    }
    chosen.add(host);
  }
  return HOSTS.filter((host) => chosen.has(host));
}

/** The one host a single-host run (the demo, one e2e file, the bench) uses: HDE_HOSTS's first, else `fallback`. */
export function selectHost(value, fallback) {
  return selectHosts(value, [fallback])[0];
}

/** The e2e file that also runs in every host besides the one that runs them all. */
export const SMOKE_E2E = 'smoke';

/**
 * Which e2e files run in which host. Named `files` run in every selected host. Otherwise the
 * newest selected host runs every file and each other selected host the smoke file, so the
 * engine minimum stays honest without running the whole browser suite twice.
 * @param {readonly Host[]} hosts selected hosts, in matrix order
 * @param {readonly string[]} files e2e file names without `.test.ts`; empty: all
 * @returns {{ host: Host, files: string[] | 'all' }[]}
 */
export function e2ePlan(hosts, files = []) {
  if (files.length > 0) return hosts.map((host) => ({ host, files: [...files] }));
  const full = hosts[hosts.length - 1];
  return hosts.map((host) => ({ host, files: host === full ? 'all' : [SMOKE_E2E] }));
}
