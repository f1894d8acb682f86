#!/usr/bin/env node
// Installs the test hosts (./hosts.mjs: code-server from npm, a real VS Code workbench) under
// .vscode-test/ on first use and reuses them afterwards; one code path for every version. A host
// whose code-server wants another Node major than the system's gets that Node from npm
// (node-<os>-<arch>, headers included) under .vscode-test/ too, and its install runs on it.
// Machines here reach only npm and Debian apt, so every download that would leave npm is avoided
// (see ../../../shared/testing.md for each pitfall). The system packages the native builds need (a
// C++ toolchain and python3) are checked by ./preflight.mjs before this runs.
// Run directly to install ahead of time: `node test/host/provision.mjs [all|minimum|newest|<version>…]`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeHost, HOSTS, nodeMajor, selectHosts } from './hosts.mjs';
import { withInstallLock } from './installLock.mjs';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
// HDE_VSCODE_TEST_DIR puts the installs elsewhere (e.g. one shared by several clones).
export const VSCODE_TEST_DIR = process.env.HDE_VSCODE_TEST_DIR ? resolve(process.env.HDE_VSCODE_TEST_DIR) : join(REPO_ROOT, '.vscode-test');

/** Where `host`'s code-server is installed. */
export function codeServerDir(host) {
  return join(VSCODE_TEST_DIR, `code-server-${host.codeServer}`);
}

function entryOf(host) {
  return join(codeServerDir(host), 'node_modules', 'code-server', 'out', 'node', 'entry.js');
}

/**
 * The Node that runs `host`: the system's when its major matches, else the one provisioned under
 * .vscode-test/ (see ensureHostNode). `headersDir` holds include/node/node.h for native builds.
 */
export function hostNode(host) {
  if (nodeMajor(process.version) === nodeMajor(host.node)) {
    return { execPath: process.execPath, headersDir: systemHeadersDir(), provisioned: false };
  }
  const dir = join(VSCODE_TEST_DIR, `node-v${host.node}-${process.platform}-${process.arch}`);
  return { execPath: join(dir, 'bin', 'node'), headersDir: dir, provisioned: true };
}

/** Whether `host` is installed and ready to start (then nothing needs compiling or downloading). */
export function isHostInstalled(host) {
  const node = hostNode(host);
  if (!existsSync(node.execPath) || !existsSync(entryOf(host))) return false;
  const marker = readMarker(codeServerDir(host));
  // Native modules (argon2, node-pty, spdlog) are built for one Node ABI.
  return marker?.version === host.codeServer && nodeMajor(marker.node ?? '') === nodeMajor(host.node);
}

/**
 * Installs `host` when it is not installed yet; resolves with what starts it:
 * `{ host, node, entry }` (run `node entry …`).
 */
export async function ensureHost(host, { log = console.error } = {}) {
  const node = hostNode(host);
  const ready = { host, node: node.execPath, entry: entryOf(host) };
  if (isHostInstalled(host)) return ready;
  mkdirSync(VSCODE_TEST_DIR, { recursive: true });
  await withInstallLock(codeServerDir(host), { log, what: `code-server ${host.codeServer}` }, async () => {
    if (isHostInstalled(host)) return; // another run installed it while this one waited
    if (node.provisioned) await ensureProvisionedNode(host, node, log);
    await installCodeServer(host, node, log);
  });
  return ready;
}

async function installCodeServer(host, node, log) {
  const dir = codeServerDir(host);
  const started = Date.now();
  log(`[host] installing ${describeHost(host)} on Node ${host.node} into ${dir} (first run only)…`);
  rmSync(dir, { recursive: true, force: true });
  const tmp = join(dir, 'tmp');
  mkdirSync(tmp, { recursive: true });
  // Without its own package.json npm would walk up and install into the repository itself.
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'code-server-host', private: true }));
  const env = installEnv(tmp, node);
  const failed = (step) => (error) => {
    throw new Error(
      `Installing ${describeHost(host)} failed while ${step}: ${error.message}.\n` +
        `  See npm's output above. The partial install in ${dir} is replaced on the next run; to retry on its own:\n` +
        `    node test/host/provision.mjs ${host.name}`,
    );
  };
  if (host.ripgrepCache) await seedRipgrepCache(host.ripgrepCache, tmp, env).catch(failed('seeding the ripgrep cache from npm (@vscode/ripgrep-linux-x64)'));
  // Unpack first without running any install script, so kerberos can be made optional before
  // code-server's postinstall installs VS Code's own dependencies; then run every script.
  await run('npm', ['install', `code-server@${host.codeServer}`, '--ignore-scripts', '--no-audit', '--no-fund', '--no-save', '--loglevel=error'], {
    cwd: dir,
    env,
  }).catch(failed(`downloading code-server@${host.codeServer} from npm`));
  const vscodeDir = join(dir, 'node_modules', 'code-server', 'lib', 'vscode');
  const embedded = JSON.parse(readFileSync(join(vscodeDir, 'package.json'), 'utf8')).version;
  if (embedded !== host.vscode) {
    throw new Error(`code-server@${host.codeServer} embeds VS Code ${embedded}, but test/host/hosts.mjs says ${host.vscode}: correct it there.`);
  }
  makeKerberosOptional(vscodeDir);
  await run('npm', ['rebuild', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, env }).catch(
    failed(`installing VS Code's dependencies and compiling its native modules (npm rebuild; needs g++, make and python3: node test/host/preflight.mjs checks them)`),
  );
  if (!existsSync(entryOf(host))) throw new Error(`code-server@${host.codeServer} installed, but ${entryOf(host)} is missing`);
  rmSync(tmp, { recursive: true, force: true });
  const seconds = Math.round((Date.now() - started) / 1000);
  writeFileSync(join(dir, '.installed'), JSON.stringify({ version: host.codeServer, vscode: host.vscode, node: `v${host.node}`, seconds }));
  log(`[host] code-server@${host.codeServer} installed in ${seconds} s`);
}

/**
 * Node `host.node` from npm: the package node-<os>-<arch> ships the binary and its headers (for
 * node-gyp) and nothing else. Installed beside the code-server builds, never as a dependency.
 */
async function ensureProvisionedNode(host, node, log) {
  const dir = node.headersDir;
  if (readMarker(dir)?.version === host.node && existsSync(node.execPath)) return;
  const spec = `node-${process.platform}-${process.arch}@${host.node}`;
  log(`[host] ${describeHost(host)} needs Node ${nodeMajor(host.node)} (this is ${process.version}): unpacking ${spec} from npm into ${dir}…`);
  rmSync(dir, { recursive: true, force: true });
  const tmp = join(dir, 'tmp');
  mkdirSync(tmp, { recursive: true });
  const env = { ...process.env, npm_config_update_notifier: 'false' };
  try {
    await run('npm', ['pack', spec, '--silent', '--pack-destination', tmp], { cwd: tmp, env });
    const tarball = readdirSync(tmp).find((name) => name.endsWith('.tgz'));
    if (!tarball) throw new Error('npm pack produced no tarball');
    await run('tar', ['xzf', join(tmp, tarball), '-C', dir, '--strip-components=1'], { cwd: dir, env });
  } catch (error) {
    throw new Error(
      `Could not unpack Node ${host.node} for ${describeHost(host)} from npm (${spec}): ${error.message}.\n` +
        `  npm has such a package for linux-x64 and a few other platforms only. Either run the tests with Node ${nodeMajor(host.node)} as the system Node,\n` +
        `  or pick the other host: HDE_HOSTS=${HOSTS.filter((other) => other !== host).map((other) => other.name).join(',')}.`,
    );
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  const version = spawnSync(node.execPath, ['--version'], { encoding: 'utf8' }).stdout?.trim();
  if (version !== `v${host.node}` || !existsSync(join(dir, 'include', 'node', 'node.h'))) {
    throw new Error(`${spec} unpacked into ${dir}, but its bin/node reports "${version ?? 'nothing'}" or include/node/node.h is missing`);
  }
  writeFileSync(join(dir, '.installed'), JSON.stringify({ version: host.node }));
}

/**
 * VS Code loads `kerberos` only to answer a proxy's Negotiate (Kerberos) challenge, which no test
 * or demo here meets; compiling it is what needs libkrb5-dev. As an optional dependency npm still
 * builds it where the headers exist and drops it quietly where they do not.
 */
export function makeKerberosOptional(vscodeDir) {
  const manifestFile = join(vscodeDir, 'package.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  moveToOptional(manifest);
  writeFileSync(manifestFile, JSON.stringify(manifest, null, 2));
  // The shrinkwrap pins the tree npm installs: it must say the same, or npm treats kerberos as required.
  const shrinkwrapFile = join(vscodeDir, 'npm-shrinkwrap.json');
  if (!existsSync(shrinkwrapFile)) return;
  const shrinkwrap = JSON.parse(readFileSync(shrinkwrapFile, 'utf8'));
  moveToOptional(shrinkwrap.packages?.[''] ?? {});
  const entry = shrinkwrap.packages?.['node_modules/kerberos'];
  if (entry) entry.optional = true;
  writeFileSync(shrinkwrapFile, JSON.stringify(shrinkwrap, null, 2));
}

function moveToOptional(manifest) {
  const version = manifest.dependencies?.kerberos;
  if (!version) return;
  delete manifest.dependencies.kerberos;
  manifest.optionalDependencies = { ...manifest.optionalDependencies, kerberos: version };
}

function readMarker(dir) {
  try {
    return JSON.parse(readFileSync(join(dir, '.installed'), 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * The install runs on the host's Node: first on PATH, npm itself and every install script (and
 * the `node/vNN` in npm's user agent that code-server's postinstall checks) use it, and node-gyp
 * compiles against its headers (downloading them is not possible here).
 */
function installEnv(tmp, node) {
  // Run from inside `npm test`, the outer npm's own variables are inherited, and npm reads any
  // npm_config_* variable as its config: code-server's postinstall then reads the outer npm's
  // user agent ("node/v20") and refuses to install on Node 24. They are left out.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !['npm_config_user_agent', 'npm_node_execpath', 'npm_execpath', 'NODE'].includes(name)),
  );
  return {
    ...inherited,
    PATH: [dirname(node.execPath), process.env.PATH].filter(Boolean).join(delimiter),
    TMPDIR: tmp,
    npm_config_unsafe_perm: 'true', // root: otherwise "Please pass --unsafe-perm"
    npm_config_yes: 'true', // postinstall uses npx: otherwise "npx canceled … no YES option"
    ...(node.headersDir ? { npm_config_nodedir: node.headersDir } : {}),
    npm_config_update_notifier: 'false',
  };
}

/** The install prefix holding include/node/node.h for the running Node (/usr for Debian's nodejs). */
function systemHeadersDir() {
  const candidates = [dirname(dirname(process.execPath)), '/usr'];
  return candidates.find((prefix) => existsSync(join(prefix, 'include', 'node', 'node.h')));
}

async function seedRipgrepCache({ folder, file }, tmp, env) {
  const packDir = join(tmp, 'ripgrep-pack');
  mkdirSync(packDir, { recursive: true });
  await run('npm', ['pack', '@vscode/ripgrep-linux-x64', '--silent'], { cwd: packDir, env });
  await run('sh', ['-c', 'tar xzf ./*.tgz package/bin/rg'], { cwd: packDir, env });
  const target = join(tmp, folder, file);
  mkdirSync(dirname(target), { recursive: true });
  await run('tar', ['czf', target, '-C', join(packDir, 'package', 'bin'), 'rg'], { cwd: packDir, env });
}

function run(command, args, { cwd, env }) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 2, 2] });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolvePromise();
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`}) in ${cwd}`));
    });
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // No top-level await: TypeScript tests load this module through tsx as CommonJS.
  provisionFromCommandLine(process.argv.slice(2)).catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

async function provisionFromCommandLine(names) {
  const hosts = selectHosts(names.join(',') || process.env.HDE_HOSTS, HOSTS);
  for (const host of hosts) {
    const { node, entry } = await ensureHost(host);
    console.log(`${describeHost(host)}: ${node} ${entry}`);
  }
}
