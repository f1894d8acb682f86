// The real entry points (npm test, the two host-driven layers, the demo) on a machine that lacks the
// build tools: each stops before building or running anything, with one message naming the command.
// The machine is made "bare" for the child only: a PATH holding just node and apt-get, and an empty
// folder in place of the installed code-server. HDE_PREFLIGHT=report keeps it from installing.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';

const ROOT = path.resolve(__dirname, '..', '..');
const ENTRY_POINTS = [
  { name: 'npm test', script: 'test/runAll.mjs' },
  { name: 'npm run test:integration', script: 'test/integration/run.mjs' },
  { name: 'npm run test:e2e', script: 'test/e2e/run.mjs' },
  { name: 'npm run demo', script: 'test/host/demo.mjs' },
];
const COMMAND = 'apt-get update && apt-get install -y --no-install-recommends build-essential python3';

let sandboxDir: string;
let env: NodeJS.ProcessEnv;

before(() => {
  sandboxDir = mkdtempSync(path.join(tmpdir(), 'hde-preflight-'));
  const bin = path.join(sandboxDir, 'bin');
  mkdirSync(bin);
  symlinkSync(process.execPath, path.join(bin, 'node'));
  if (existsSync('/usr/bin/apt-get')) symlinkSync('/usr/bin/apt-get', path.join(bin, 'apt-get'));
  mkdirSync(path.join(sandboxDir, 'vscode-test'));
  const { HDE_CHROMIUM: _chromium, HDE_VSCODE_HOST: _host, HDE_HOSTS: _hosts, ...rest } = process.env;
  env = { ...rest, PATH: bin, HDE_VSCODE_TEST_DIR: path.join(sandboxDir, 'vscode-test'), HDE_PREFLIGHT: 'report', HDE_DEMO_HOST: 'code-server' };
});

after(() => rmSync(sandboxDir, { recursive: true, force: true }));

describe('preflight in the real entry points', () => {
  for (const { name, script } of ENTRY_POINTS) {
    it(`${name}: stops before any build or layer with one message naming the command`, { skip: !existsSync('/usr/bin/apt-get') && 'needs apt-get' }, () => {
      const result = spawnSync(process.execPath, [script], { cwd: ROOT, env, encoding: 'utf8', timeout: 60_000 });
      const output = `${result.stdout}${result.stderr}`;
      assert.equal(result.status, 1, output);
      assert.ok(output.includes(COMMAND), output);
      assert.match(output, /a C\+\+ toolchain \(g\+\+, make\): code-server's native modules are compiled on its first install/);
      assert.equal(output.match(/This machine lacks/g)?.length, 1, 'one message');
      // Nothing ran: no build, no layer, no code-server install, no summary.
      assert.doesNotMatch(output, /════|test summary|passed, \d+ failed|installing code-server|esbuild|Opening VS Code/);
      assert.equal(result.stdout, '', 'nothing before the message');
    });
  }
});
