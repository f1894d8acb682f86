// Starts and stops code-server (a test host from ./hosts.mjs: real VS Code in the browser) on
// loopback with a throwaway profile, on the Node that host needs. Each server runs in its own
// process group (detached = setsid) so stop() can end the extension hosts and pty host it forks,
// not only the wrapper.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clearTimeout, setTimeout } from 'node:timers';
import { NEWEST_HOST, selectHost } from './hosts.mjs';
import { ensureHost } from './provision.mjs';

export const QUIET_SETTINGS = {
  'workbench.startupEditor': 'none',
  // VS Code opens a newly installed extension's walkthrough by itself, at a moment of its choosing:
  // in a test that takes the focus from whatever the test is typing into. Tests open it explicitly.
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'telemetry.telemetryLevel': 'off',
  'chat.disableAIFeatures': true,
  'security.workspace.trust.enabled': false,
  'extensions.autoUpdate': false,
  'extensions.autoCheckUpdates': false,
  'extensions.ignoreRecommendations': true,
  'update.mode': 'none',
  'git.enabled': false,
  'window.dialogStyle': 'custom',
};

const HOST = '127.0.0.1';
// Servers not stopped by their owner (a crashed test run): pid → profile folder.
const liveGroups = new Map();
process.on('exit', () => {
  for (const [pid, profileRoot] of liveGroups) {
    killGroup(pid, 'SIGKILL');
    rmSync(profileRoot, { recursive: true, force: true });
  }
});

/** A TCP port that is free on loopback right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * A fresh profile folder: user data (with quiet settings), extensions, XDG dirs, TMPDIR and an
 * empty workspace. `root` defaults to a new folder under the OS temp dir.
 */
export function createProfile({ settings = {}, root } = {}) {
  const base = root ?? mkdtempSync(join(tmpdir(), 'hde-vscode-'));
  const profile = {
    root: base,
    userDataDir: join(base, 'user-data'),
    extensionsDir: join(base, 'extensions'),
    workspaceDir: join(base, 'workspace'),
    xdgDir: join(base, 'xdg'),
    tmpDir: join(base, 'tmp'),
  };
  for (const dir of Object.values(profile)) mkdirSync(dir, { recursive: true });
  writeUserSettings(profile.userDataDir, settings);
  return profile;
}

/** (Re)writes the profile's user settings.json; a running workbench picks the change up live. */
export function writeUserSettings(userDataDir, settings = {}) {
  const dir = join(userDataDir, 'User');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'settings.json'), JSON.stringify({ ...QUIET_SETTINGS, ...settings }, null, 2));
}

/** The host a single-host run uses when none is passed: HDE_HOSTS's first, else the newest. */
export function defaultHost() {
  return selectHost(process.env.HDE_HOSTS, NEWEST_HOST);
}

/** Installs a packaged extension into the profile's extensions dir (no server needed). */
export async function installExtension(profile, vsixPath, host = defaultHost()) {
  const installed = await installedOnce(vsixPath, host);
  for (const name of readdirSync(installed)) cpSync(join(installed, name), join(profile.extensionsDir, name), { recursive: true });
  // extensions.json names each extension's folder by its absolute path: the cache's, made the profile's.
  const registry = join(profile.extensionsDir, 'extensions.json');
  if (existsSync(registry)) writeFileSync(registry, readFileSync(registry, 'utf8').replaceAll(installed, profile.extensionsDir));
}

/**
 * The extensions folder code-server's own `--install-extension` makes of `vsixPath` in `host`, made
 * once per file content and host under the OS temp dir: every e2e file and themed workbench starts a
 * fresh profile, and a CLI install costs seconds where copying the result costs milliseconds.
 */
async function installedOnce(vsixPath, host) {
  const digest = createHash('sha256').update(readFileSync(vsixPath)).digest('hex').slice(0, 16);
  const cached = join(tmpdir(), 'hde-installed-extensions', `${host.vscode}-${digest}`);
  if (existsSync(cached)) return cached;
  const scratch = createProfile({ root: mkdtempSync(join(tmpdir(), 'hde-install-')) });
  try {
    const { node, entry } = await ensureHost(host);
    const args = [entry, '--install-extension', vsixPath, '--force', ...profileArgs(scratch)];
    const { code, output } = await runToEnd(node, args, serverEnv(scratch));
    if (code !== 0) throw new Error(`Installing ${vsixPath} into ${host.vscode} failed (exit ${code}):\n${output}`);
    const registry = join(scratch.extensionsDir, 'extensions.json');
    if (existsSync(registry)) writeFileSync(registry, readFileSync(registry, 'utf8').replaceAll(scratch.extensionsDir, cached));
    mkdirSync(join(cached, '..'), { recursive: true });
    try {
      renameSync(scratch.extensionsDir, cached);
    } catch (error) {
      // Another run cached the same file first: theirs is the same install.
      if (!existsSync(cached)) throw error;
    }
    return cached;
  } finally {
    rmSync(scratch.root, { recursive: true, force: true });
  }
}

/**
 * Starts code-server `vscodeHost` (a host from ./hosts.mjs) for `profile` and resolves once GET
 * /healthz answers. `testPayload`: the workbench must honour the URL's `payload` (extension
 * development and tests paths); on newer builds that needs smoke-test-driver mode, which also
 * skips dialogs, so a run that shows the workbench to a person or a browser test leaves it off.
 * Returns { url, host, port, origin, profile, vscodeHost, output(), stop() }.
 */
export async function startCodeServer({
  profile = createProfile(),
  port,
  workspace,
  extraArgs = [],
  env = {},
  vscodeHost = defaultHost(),
  testPayload = false,
} = {}) {
  const { node, entry } = await ensureHost(vscodeHost);
  const chosenPort = port ?? (await freePort());
  const folder = workspace ?? profile.workspaceDir;
  const args = [
    entry,
    '--bind-addr',
    `${HOST}:${chosenPort}`,
    '--auth',
    'none',
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    ...profileArgs(profile),
    ...(testPayload ? vscodeHost.testPayloadArgs : []),
    ...extraArgs,
    folder,
  ];
  const child = spawn(node, args, {
    detached: true,
    env: { ...serverEnv(profile), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  liveGroups.set(child.pid, profile.root);
  let output = '';
  const collect = (chunk) => {
    output += chunk;
    if (process.env.HDE_DEBUG) process.stderr.write(`[code-server] ${chunk}`);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));

  const origin = `http://${HOST}:${chosenPort}`;
  const server = {
    pid: child.pid,
    host: HOST,
    port: chosenPort,
    origin,
    url: `${origin}/`,
    folder,
    profile,
    vscodeHost,
    /** Resolves with { code, signal } when the server process exits. */
    exited,
    output: () => output,
    async stop({ keepProfile = false } = {}) {
      if (liveGroups.delete(child.pid)) {
        killGroup(child.pid, 'SIGTERM');
        const timer = setTimeout(() => killGroup(child.pid, 'SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
        // Forked extension hosts may outlive the wrapper for a moment: end the whole group.
        killGroup(child.pid, 'SIGKILL');
      }
      if (!keepProfile) rmSync(profile.root, { recursive: true, force: true });
    },
  };
  try {
    await waitForHealth(origin, exited, () => output);
  } catch (error) {
    await server.stop({ keepProfile: true });
    throw error;
  }
  return server;
}

function profileArgs(profile) {
  return ['--user-data-dir', profile.userDataDir, '--extensions-dir', profile.extensionsDir];
}

function serverEnv(profile) {
  const env = { ...process.env };
  // When started from a VS Code terminal these would point code-server at the outer window.
  for (const key of Object.keys(env)) if (key.startsWith('VSCODE_')) delete env[key];
  return {
    ...env,
    XDG_CONFIG_HOME: join(profile.xdgDir, 'config'),
    XDG_DATA_HOME: join(profile.xdgDir, 'data'),
    XDG_CACHE_HOME: join(profile.xdgDir, 'cache'),
    TMPDIR: profile.tmpDir,
  };
}

async function waitForHealth(origin, exited, output) {
  const deadline = Date.now() + 90_000;
  let stopped = false;
  void exited.then(() => (stopped = true));
  while (Date.now() < deadline) {
    if (stopped) throw new Error(`code-server exited before it was healthy:\n${output()}`);
    if (await isHealthy(`${origin}/healthz`)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`code-server did not answer ${origin}/healthz within 90 s:\n${output()}`);
}

function isHealthy(url) {
  return new Promise((resolve) => {
    const request = get(url, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on('error', () => resolve(false)); // not listening yet
    request.setTimeout(2000, () => request.destroy());
  });
}

function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // group already gone
  }
}

function runToEnd(command, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}
