// Entry point VS Code's extension host loads as `extensionTestsPath` (built to out/integration/index.js).
//
// Adding a test: drop `test/integration/<feature>.test.ts` next to this file. It is bundled on
// its own by test/integration/build.mjs (`vscode` stays external: the real API of the host).
// Mocha runs with the TDD interface: `suite`, `test`, `suiteSetup`, `suiteTeardown`, `setup`,
// `teardown` (globals; `import * as assert from 'node:assert/strict'` for assertions). Shared
// helpers live in test/integration/helpers.ts. Run with `npm run test:integration`;
// HDE_TEST_GREP=<text> runs only the tests whose full title contains it.
//
// The suite runs in every test host (test/host/hosts.mjs: VS Code at the engine minimum and the
// newest; HDE_HOSTS=minimum|newest picks one). A test of an API that only newer hosts have asks
// `vscode.version` through helpers.ts: `test('…', function () { skipBelowVsCode(this, '1.101.0'); … })`
// (mocha lists it as pending in the older host), or guards a whole suite with `vsCodeAtLeast('1.101.0')`.
//
// Counts are written to out/integration/results.json for test/runAll.mjs and printed as one
// `[integration] N passed, N failed` line.
import Mocha from 'mocha';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';

export const RESULTS_FILE = 'results.json';

export async function run(): Promise<void> {
  const host = `VS Code ${vscode.version} (${vscode.env.appName}, ${vscode.env.appHost})`;
  console.log(`[integration] extension host of ${host}`);
  const grep = process.env.HDE_TEST_GREP;
  // 90 s a test: on a first run the next host installs in the background (npm, native builds) while
  // this one's suites run, and the first panel a cold host opens took over 30 s there. A test that
  // passes takes no longer; one that hangs fails a minute later.
  const mocha = new Mocha({ ui: 'tdd', color: false, timeout: 90_000, reporter: 'spec', ...(grep ? { grep } : {}) });
  const files = readdirSync(__dirname)
    .filter((name) => name.endsWith('.test.js'))
    .sort();
  for (const file of files) mocha.addFile(join(__dirname, file));

  // The failing titles travel up to test/runAll.mjs's summary, so a CI log's tail names them.
  // The clock and zone the host ran on: `npm run test:clock` checks its faked clock reached the host.
  const clock = { startedAt: Date.now(), zone: Intl.DateTimeFormat().resolvedOptions().timeZone };
  const counts = { vscode: vscode.version, clock, passed: 0, failed: 0, pending: 0, files, failures: [] as string[] };
  const failures = await new Promise<number>((resolve) => {
    const runner = mocha.run((failureCount) => resolve(failureCount));
    runner.on('pass', () => counts.passed++);
    runner.on('fail', (test, error: unknown) => {
      counts.failed++;
      const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
      counts.failures.push(`${test.fullTitle()}: ${reason}`);
    });
    runner.on('pending', () => counts.pending++);
  });
  writeFileSync(join(__dirname, RESULTS_FILE), JSON.stringify(counts, null, 2));
  console.log(`[integration] VS Code ${vscode.version}: ${counts.passed} passed, ${counts.failed} failed, ${counts.pending} pending`);
  if (failures > 0 || counts.passed === 0) {
    throw new Error(`${failures} integration test(s) failed, ${counts.passed} passed`);
  }
}
