#!/usr/bin/env node
// Installs code-server (a real VS Code workbench from npm) under .vscode-test/ on first use and
// reuses it afterwards. Machines here reach only npm and Debian apt, so every download that would
// leave npm is avoided (see ../../../shared/testing.md for each pitfall). System packages
// (libkrb5-dev pkg-config build-essential python3) are .ci/run's job, not this module's.
// Run directly (`node test/host/provision.mjs`) to install ahead of time.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CODE_SERVER_VERSION = '4.100.3';
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const VSCODE_TEST_DIR = join(REPO_ROOT, '.vscode-test');
export const CODE_SERVER_DIR = join(VSCODE_TEST_DIR, `code-server-${CODE_SERVER_VERSION}`);

const MARKER = join(CODE_SERVER_DIR, '.installed');
const ENTRY = join(CODE_SERVER_DIR, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
// code-server 4.100.3 pins @vscode/ripgrep 1.15.11, whose postinstall fetches this file from GitHub
// unless it already sits in its cache folder under the temp dir.
const RIPGREP_CACHE = join('vscode-ripgrep-cache-1.15.11', 'ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz');

/** Path of code-server's node entry point; installs it first when missing. */
export async function ensureCodeServer({ log = console.error } = {}) {
  if (isInstalled()) return ENTRY;
  const started = Date.now();
  log(`[host] installing code-server@${CODE_SERVER_VERSION} into ${CODE_SERVER_DIR} (first run only)…`);
  rmSync(CODE_SERVER_DIR, { recursive: true, force: true });
  const tmp = join(CODE_SERVER_DIR, 'tmp');
  mkdirSync(tmp, { recursive: true });
  // Without its own package.json npm would walk up and install into the repository itself.
  writeFileSync(join(CODE_SERVER_DIR, 'package.json'), JSON.stringify({ name: 'code-server-host', private: true }));
  const env = installEnv(tmp);
  await seedRipgrepCache(tmp, env);
  await run('npm', ['install', `code-server@${CODE_SERVER_VERSION}`, '--no-audit', '--no-fund', '--no-save', '--loglevel=error'], {
    cwd: CODE_SERVER_DIR,
    env,
  });
  if (!existsSync(ENTRY)) throw new Error(`code-server installed but ${ENTRY} is missing`);
  rmSync(tmp, { recursive: true, force: true });
  const seconds = Math.round((Date.now() - started) / 1000);
  writeFileSync(MARKER, JSON.stringify({ version: CODE_SERVER_VERSION, node: process.version, seconds }));
  log(`[host] code-server@${CODE_SERVER_VERSION} installed in ${seconds} s`);
  return ENTRY;
}

function isInstalled() {
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
