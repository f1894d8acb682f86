#!/usr/bin/env node
// Stands in for the VS Code executable that @vscode/test-electron's runTests() spawns
// (`vscodeExecutablePath`). It receives `--extensionDevelopmentPath=… --extensionTestsPath=…`,
// runs the suite inside code-server's real extension host and exits with the suite's code.
// code-server's CLI rejects those two flags, but its browser workbench takes them from the URL
// payload; the workbench then reports through window.codeAutomationLog / codeAutomationExit
// (the hook @vscode/test-web uses). The host is HDE_HOSTS's one host (test/integration/run.mjs
// sets it per run), else the newest.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { clearTimeout, setTimeout } from 'node:timers';
import { format } from 'node:util';
import { launchBrowser } from './browser.mjs';
import { createProfile, defaultHost, startCodeServer } from './codeServer.mjs';
import { describeHost } from './hosts.mjs';

// Workbench chatter that says nothing about the suite (HDE_DEBUG=1 shows it). The open-vsx lookup
// fails because machines here have no internet; it does not affect the run.
const WORKBENCH_NOISE = [
  /^Resolv(ing|ed) connection token/,
  /^Creating a socket/,
  /^Updating additional builtin extensions cache/,
  /^\[Service Worker\]/,
  /^ChatSessionStore:/,
  /ENOTFOUND open-vsx\.org/,
];
// The whole suite's limit (each test has its own, 90 s): on a busy 2-core machine the 1.139 suite
// passed 600 s while still passing tests, and was reported as not run.
const TIMEOUT_MS = Number(process.env.HDE_TEST_TIMEOUT_MS ?? 20 * 60_000);

const { developmentPaths, testsPath, folder } = parseArgs(process.argv.slice(2));
if (!testsPath || developmentPaths.length === 0) {
  console.error('usage: vscodeLauncher.mjs --extensionDevelopmentPath=DIR --extensionTestsPath=FILE [folder]');
  process.exit(2);
}

let server;
let browser;
let exitCode = 1;
const stopSignals = ['SIGINT', 'SIGTERM'];
for (const signal of stopSignals) process.on(signal, () => void shutDown(130));

try {
  const vscodeHost = defaultHost();
  console.log(`[launcher] starting ${describeHost(vscodeHost)}`);
  // Plain text: the suite's output is forwarded as log lines (mocha colours its marks when CI=true).
  server = await startCodeServer({
    vscodeHost,
    testPayload: true,
    profile: createProfile(),
    workspace: folder,
    env: { FORCE_COLOR: '0', NO_COLOR: '1' },
  });
  browser = await launchBrowser();
  exitCode = await runSuite(browser.page, server);
} catch (error) {
  console.error(`[launcher] ${error instanceof Error ? error.stack : error}`);
  exitCode = 1;
}
await shutDown(exitCode);

async function runSuite(page, { host, port, origin, folder: workspace }) {
  const remote = (path) => `vscode-remote://${host}:${port}${resolve(path)}`;
  const payload = [
    ...developmentPaths.map((path) => ['extensionDevelopmentPath', remote(path)]),
    ['extensionTestsPath', remote(testsPath)],
  ];
  const url = `${origin}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;

  let finish;
  const finished = new Promise((resolveCode) => (finish = resolveCode));
  const timer = setTimeout(() => {
    console.error(`[launcher] the suite did not finish within ${TIMEOUT_MS / 1000} s`);
    finish(1);
  }, TIMEOUT_MS);
  await page.exposeFunction('codeAutomationLog', (type, args) => {
    const line = format(...(Array.isArray(args) ? args : [args]));
    if (!process.env.HDE_DEBUG && WORKBENCH_NOISE.some((pattern) => pattern.test(line))) return;
    (type === 'error' ? process.stderr : process.stdout).write(`${line}\n`);
  });
  await page.exposeFunction('codeAutomationExit', (code) => finish(Number.isInteger(code) ? code : 1));
  page.on('crash', () => {
    console.error('[launcher] the workbench page crashed');
    finish(1);
  });
  page.on('pageerror', (error) => {
    if (process.env.HDE_DEBUG) console.error(`[workbench] ${error.message}`);
  });
  // The suite reports through codeAutomationExit; a loaded machine may take long to reach "load".
  await page.goto(url, { waitUntil: 'commit', timeout: TIMEOUT_MS });
  const code = await finished;
  clearTimeout(timer);
  return code;
}

async function shutDown(code) {
  await browser?.close();
  await server?.stop();
  browser = undefined;
  server = undefined;
  process.exit(code);
}

function parseArgs(argv) {
  const developmentPaths = [];
  let testsPath;
  let folder;
  for (const arg of argv) {
    if (arg.startsWith('--extensionDevelopmentPath=')) developmentPaths.push(arg.slice(arg.indexOf('=') + 1));
    else if (arg.startsWith('--extensionTestsPath=')) testsPath = arg.slice(arg.indexOf('=') + 1);
    // Desktop-only flags (--no-sandbox, --user-data-dir=…, --extensions-dir=…) do not apply: the
    // server always gets a fresh throwaway profile.
    else if (!arg.startsWith('-') && existsSync(arg)) folder = resolve(arg);
  }
  return { developmentPaths, testsPath, folder };
}
