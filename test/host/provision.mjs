#!/usr/bin/env node
// Installs code-server (a real VS Code workbench from npm) under .vscode-test/ on first use and
// reuses it afterwards. Machines here reach only npm and Debian apt, so every download that would
// leave npm is avoided (see ../../../shared/testing.md for each pitfall). The system packages the
// native builds need (a C++ toolchain and python3) are checked by ./preflight.mjs before this runs.
// Run directly (`node test/host/provision.mjs`) to install ahead of time.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CODE_SERVER_VERSION = '4.100.3';
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
// HDE_VSCODE_TEST_DIR puts the install elsewhere (e.g. to try a provisioning change beside a working one).
export const VSCODE_TEST_DIR = process.env.HDE_VSCODE_TEST_DIR ? resolve(process.env.HDE_VSCODE_TEST_DIR) : join(REPO_ROOT, '.vscode-test');
export const CODE_SERVER_DIR = join(VSCODE_TEST_DIR, `code-server-${CODE_SERVER_VERSION}`);

const MARKER = join(CODE_SERVER_DIR, '.installed');
const ENTRY = join(CODE_SERVER_DIR, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
// code-server 4.100.3 pins @vscode/ripgrep 1.15.11, whose postinstall fetches this file from GitHub
// unless it already sits in its cache folder under the temp dir.
const RIPGREP_CACHE = join('vscode-ripgrep-cache-1.15.11', 'ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz');

/** Path of code-server's node entry point; installs it first when missing. */
export async function ensureCodeServer({ log = console.error } = {}) {
  if (isCodeServerInstalled()) return ENTRY;
  const started = Date.now();
  log(`[host] installing code-server@${CODE_SERVER_VERSION} into ${CODE_SERVER_DIR} (first run only)…`);
  rmSync(CODE_SERVER_DIR, { recursive: true, force: true });
  const tmp = join(CODE_SERVER_DIR, 'tmp');
  mkdirSync(tmp, { recursive: true });
  // Without its own package.json npm would walk up and install into the repository itself.
  writeFileSync(join(CODE_SERVER_DIR, 'package.json'), JSON.stringify({ name: 'code-server-host', private: true }));
  const env = installEnv(tmp);
  await seedRipgrepCache(tmp, env);
  // Unpack first without running any install script, so kerberos can be made optional before
  // code-server's postinstall installs VS Code's own dependencies; then run every script.
  await run('npm', ['install', `code-server@${CODE_SERVER_VERSION}`, '--ignore-scripts', '--no-audit', '--no-fund', '--no-save', '--loglevel=error'], {
    cwd: CODE_SERVER_DIR,
    env,
  });
  makeKerberosOptional(join(CODE_SERVER_DIR, 'node_modules', 'code-server', 'lib', 'vscode'));
  await run('npm', ['rebuild', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: CODE_SERVER_DIR, env });
  if (!existsSync(ENTRY)) throw new Error(`code-server installed but ${ENTRY} is missing`);
  rmSync(tmp, { recursive: true, force: true });
  const seconds = Math.round((Date.now() - started) / 1000);
  writeFileSync(MARKER, JSON.stringify({ version: CODE_SERVER_VERSION, node: process.version, seconds }));
  log(`[host] code-server@${CODE_SERVER_VERSION} installed in ${seconds} s`);
  return ENTRY;
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

/** Whether code-server is installed for this Node (then nothing needs compiling). */
export function isCodeServerInstalled() {
  if (!existsSync(MARKER) || !existsSync(ENTRY)) return false;
  try {
    const marker = JSON.parse(readFileSync(MARKER, 'utf8'));
    // Native modules (argon2, node-pty) are built for one Node ABI.
    return marker.version === CODE_SERVER_VERSION && marker.node.split('.')[0] === process.version.split('.')[0];
  } catch {
    return false;
  }
}

function installEnv(tmp) {
  return {
    ...process.env,
    TMPDIR: tmp,
    npm_config_unsafe_perm: 'true', // root: otherwise "Please pass --unsafe-perm"
    npm_config_yes: 'true', // postinstall uses npx: otherwise "npx canceled … no YES option"
    // node-gyp must use this Node's own headers: downloading them is not possible here.
    ...(nodeHeadersDir() ? { npm_config_nodedir: nodeHeadersDir() } : {}),
    npm_config_update_notifier: 'false',
  };
}

/** The install prefix holding include/node/node.h for the running Node (/usr for Debian's nodejs). */
function nodeHeadersDir() {
  const candidates = [dirname(dirname(process.execPath)), '/usr'];
  return candidates.find((prefix) => existsSync(join(prefix, 'include', 'node', 'node.h')));
}

async function seedRipgrepCache(tmp, env) {
  const packDir = join(tmp, 'ripgrep-pack');
  mkdirSync(packDir, { recursive: true });
  await run('npm', ['pack', '@vscode/ripgrep-linux-x64', '--silent'], { cwd: packDir, env });
  await run('sh', ['-c', 'tar xzf ./*.tgz package/bin/rg'], { cwd: packDir, env });
  const target = join(tmp, RIPGREP_CACHE);
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
  ensureCodeServer().then(
    (entry) => console.log(entry),
    (error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
