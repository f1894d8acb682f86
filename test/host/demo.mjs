#!/usr/bin/env node
// `npm run demo`: builds the extension and opens it in a real VS Code against the embedded sandbox
// (sample data, no key needed).
// - With the desktop `code` CLI: `code --extensionDevelopmentPath=<repo> <demo folder>`.
// - Otherwise: code-server, the newest VS Code of ./hosts.mjs (HDE_HOSTS=minimum serves VS Code
//   1.100.3; provisioned under .vscode-test/), at http://127.0.0.1:8080 with a fresh
//   profile in which the repository itself is linked as an installed extension, so the plain URL
//   shows it. Stays in the foreground until Ctrl+C, then stops the server's whole process group.
// HDE_DEMO_PORT overrides the port; HDE_DEMO_HOST=code-server skips desktop VS Code even when `code` exists.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { createProfile, defaultHost, startCodeServer } from './codeServer.mjs';
import { describeHost } from './hosts.mjs';
import { ensurePrerequisites } from './preflight.mjs';
import { ensureHost, REPO_ROOT, VSCODE_TEST_DIR } from './provision.mjs';

const PORT = Number(process.env.HDE_DEMO_PORT ?? 8080);
const DEMO_FOLDER = join(VSCODE_TEST_DIR, 'demo-workspace');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const desktop = hasDesktopCode();
let vscodeHost;
try {
  vscodeHost = defaultHost();
} catch (error) {
  console.error(error.message);
  process.exit(2);
}
// code-server is compiled on first use; the person opens the URL in their own browser.
if (!desktop) ensurePrerequisites({ browser: false, hosts: [vscodeHost] });

const build = spawnSync(npm, ['run', '-s', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
mkdirSync(DEMO_FOLDER, { recursive: true });

if (desktop) {
  console.log('Opening VS Code with the extension in development mode…');
  const opened = spawnSync('code', [`--extensionDevelopmentPath=${REPO_ROOT}`, DEMO_FOLDER], { stdio: 'inherit' });
  process.exit(opened.status ?? 1);
}

await ensureHost(vscodeHost);
const profile = createProfile();
const { publisher, name, version } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
// A linked folder in the extensions dir is picked up as an installed extension at startup, so the
// demo runs the freshly built dist/ without packaging.
symlinkSync(REPO_ROOT, join(profile.extensionsDir, `${publisher}.${name}-${version}`), 'dir');

// Signal handlers come first: a Ctrl+C while code-server is still starting must not orphan it.
let server;
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  if (!server) return; // still starting: stopped as soon as the start resolves
  console.log('\nStopping code-server…');
  await server.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

try {
  server = await startCodeServer({ vscodeHost, profile, port: PORT, workspace: DEMO_FOLDER });
} catch (error) {
  console.error(`Could not start code-server on port ${PORT}: ${error.message}`);
  console.error('If the port is taken, run: HDE_DEMO_PORT=8081 npm run demo');
  process.exit(1);
}
if (stopping) {
  await server.stop();
  process.exit(0);
}

console.log(`
  Health Data Explorer demo in ${describeHost(vscodeHost)}

    Open  ${server.url}
    then click the Health Data icon (heart) in the activity bar.
    Sample users come from the embedded sandbox: no API key needed.

  Press Ctrl+C to stop.
`);

void server.exited.then(({ code, signal }) => {
  if (stopping) return;
  console.error(`code-server stopped unexpectedly (${signal ?? `exit ${code}`}):\n${server.output().slice(-2000)}`);
  process.exit(1);
});

function hasDesktopCode() {
  if (process.env.HDE_DEMO_HOST === 'code-server') return false;
  const probe = spawnSync('code', ['--version'], { stdio: 'ignore' });
  return probe.status === 0;
}
