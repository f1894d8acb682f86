// The sandbox CLI: start-up output, serving, clean stop on signals, bad flags; and the bundle
// (dist/sandbox.js) that both runs as the CLI and exports startSandbox for the extension.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import * as esbuild from 'esbuild';
import { parseArgs } from '../../src/sandbox/cliArgs';
import type { startSandbox } from '../../src/sandbox/server';

const ROOT = path.resolve(__dirname, '..', '..');
const CLI_SOURCE = path.join(ROOT, 'src', 'sandbox', 'cli.ts');

interface Running {
  child: ChildProcessWithoutNullStreams;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function run(args: string[]): Running {
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: 'pipe' });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => output, exited };
}

/** Waits until the CLI has printed its banner (or exited). */
async function banner(running: Running): Promise<string> {
  for (;;) {
    if (/Press Ctrl\+C to stop\./.test(running.output())) return running.output();
    const settled = await Promise.race([running.exited.then(() => true), new Promise((r) => setTimeout(() => r(false), 50))]);
    if (settled) return running.output();
  }
}

describe('sandbox CLI', () => {
  it('prints the base URL, key, lab tests and accounts; serves; exits 0 on SIGTERM', async () => {
    const running = run(['--import', 'tsx', CLI_SOURCE, '--port', '0', '--users', '7', '--api-key', 'cli-key', '--seed', '3', '--heavy-user-readings', '10']);
    const text = await banner(running);
    const url = /^Base URL: (http:\/\/127\.0\.0\.1:\d+)$/m.exec(text)?.[1];
    assert.ok(url, text);
    assert.match(text, /^API key: +cli-key$/m);
    assert.match(text, /^Lab tests:$/m);
    assert.match(text, /^ {2}[0-9a-f-]{36} {2}Lipid panel$/m);
    assert.match(text, /^Lab accounts:$/m);
    assert.match(text, /sample-heavy-reader \(10 readings\)/);
    const response = await fetch(`${url}/v2/user/`, { headers: { 'x-service-api-key': 'cli-key' } });
    assert.equal(((await response.json()) as { total: number }).total, 8);
    running.child.kill('SIGTERM');
    assert.deepEqual(await running.exited, { code: 0, signal: null });
    assert.match(running.output(), /Sandbox stopped\./);
  });

  it('stops cleanly on SIGINT too', async () => {
    const running = run(['--import', 'tsx', CLI_SOURCE, '--port=0']);
    assert.match(await banner(running), /Base URL: /);
    running.child.kill('SIGINT');
    assert.deepEqual(await running.exited, { code: 0, signal: null });
  });

  it('bad flags print the usage and exit 2', async () => {
    for (const args of [['--bogus'], ['--port'], ['--users', 'many'], ['--port', '99999']]) {
      const running = run(['--import', 'tsx', CLI_SOURCE, ...args]);
      const { code } = await running.exited;
      assert.equal(code, 2, `${args.join(' ')}: ${running.output()}`);
      assert.match(running.output(), /Usage:|must be an integer/);
    }
  });

  it('parses every flag into startSandbox options (defaults: port 4010)', () => {
    assert.deepEqual(parseArgs([]), { kind: 'run', options: { port: 4010 } });
    assert.deepEqual(
      parseArgs(['--host', '0.0.0.0', '--port', '0', '--api-key=k', '--users', '9', '--seed', '4', '--heavy-user-readings', '5', '--hostile', '--null-time-zones', '--page-size', '50', '--today', '2026-01-02']),
      {
        kind: 'run',
        options: { host: '0.0.0.0', port: 0, apiKey: 'k', users: 9, seed: 4, heavyUserReadings: 5, hostile: true, nullTimeZones: true, bloodPressurePageSize: 50, today: '2026-01-02' },
      },
    );
    assert.deepEqual(parseArgs(['-h']), { kind: 'help' });
    assert.equal(parseArgs(['--users', '--seed']).kind, 'error');
  });

  describe('bundle', () => {
    let dir: string;
    let bundle: string;
    before(async () => {
      dir = mkdtempSync(path.join(tmpdir(), 'sandbox-bundle-'));
      bundle = path.join(dir, 'sandbox.js');
      // The same options as esbuild.mjs's sandbox target, into a scratch directory.
      await esbuild.build({ entryPoints: [CLI_SOURCE], outfile: bundle, bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'silent' });
    });
    after(() => rmSync(dir, { recursive: true, force: true }));

    it('required, it exports startSandbox and starts nothing by itself', async () => {
      const loaded = createRequire(__filename)(bundle) as { startSandbox: typeof startSandbox };
      assert.equal(typeof loaded.startSandbox, 'function');
      const sandbox = await loaded.startSandbox({ port: 0 });
      try {
        const response = await fetch(`${sandbox.url}/v2/user/?limit=1`, { headers: { 'x-service-api-key': sandbox.apiKey } });
        assert.equal(response.status, 200);
      } finally {
        await sandbox.close();
      }
    });

    it('run with node, it is the CLI', async () => {
      const running = run([bundle, '--port', '0']);
      assert.match(await banner(running), /^Base URL: http:\/\/127\.0\.0\.1:\d+$/m);
      running.child.kill('SIGTERM');
      assert.equal((await running.exited).code, 0);
    });
  });
});
