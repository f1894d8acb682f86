// `run` with its dependencies in hand: a failure after the built-in sandbox started must still close
// it, or the process (and the CI job running it) never exits; a run stopped half-way reports the cells
// it never ran as skipped, with the reason.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, test } from 'node:test';
import { HealthApiClient } from '../../src/api/client';
import { createRunCommand } from '../../src/cli/runCommand';
import { startSandbox } from '../../src/sandbox/server';

const SAMPLE = resolve(import.meta.dirname, '../../media/notebook/sample.hdnb.md');

describe('node dist/cli.js run, its dependencies in hand', () => {
  test('the client cannot be made: exit 2 with the reason, and the sandbox it started is closed', async () => {
    let closed = false;
    const errors: string[] = [];
    const command = createRunCommand({
      startSandbox: async (options) => {
        const sandbox = await startSandbox({ ...options, port: 0 });
        return {
          url: sandbox.url,
          apiKey: sandbox.apiKey,
          apiKeyHeader: sandbox.apiKeyHeader,
          close: async () => {
            closed = true;
            await sandbox.close();
          },
        };
      },
      createClient: () => {
        throw new Error("Cannot find module 'apiClient.js'");
      },
      readFile: async (file) => readFileSync(file, 'utf8'),
    });
    const code = await command.run([SAMPLE, '--sandbox'], { stdout: () => undefined, stderr: (text) => errors.push(text), stdin: new PassThrough(), env: {} });
    assert.equal(code, 2);
    assert.match(errors.join('\n'), /Cannot start the built-in sandbox: Cannot find module/);
    assert.equal(closed, true, 'the sandbox was closed');
  });

  test('stopped (Ctrl+C) after the first cell: the cells never run are <skipped> with the reason, in this notebook and the next; exit 2', async () => {
    let stop: () => void = () => assert.fail('the command hooks the interrupt');
    let clock = 0;
    const stdout: string[] = [];
    const errors: string[] = [];
    const written = new Map<string, string>();
    const command = createRunCommand({
      startSandbox: async (options) => startSandbox({ ...options, port: 0, today: '2026-03-10' }),
      createClient: (options) => new HealthApiClient(options),
      readFile: async () => readFileSync(SAMPLE, 'utf8'),
      writeFile: async (file, text) => void written.set(file, text),
      // The runner reads the clock twice per cell as it starts it: the third read starts the second cell.
      now: () => {
        if (++clock === 3) stop();
        return new Date('2026-03-10T12:00:00Z');
      },
      onInterrupt: (stopRun) => {
        stop = stopRun;
        return () => undefined;
      },
    });
    const code = await command.run(['first.hdnb.md', 'second.hdnb.md', '--sandbox', '--junit', 'r.xml'], { stdout: (text) => stdout.push(text), stderr: (text) => errors.push(text), stdin: new PassThrough(), env: {} });
    assert.equal(code, 2, stdout.join('\n'));
    assert.match(errors.join('\n'), /Stopped before every cell ran\./);
    const xml = written.get('r.xml') ?? assert.fail('the JUnit report is written');
    assert.match(xml, /<testsuite name="first\.hdnb\.md" tests="\d+" failures="0" errors="0" skipped="4"/);
    assert.match(xml, /<testsuite name="second\.hdnb\.md" tests="5" failures="0" errors="0" skipped="5"/);
    assert.equal((xml.match(/<skipped message="not run: the run was stopped \(interrupted\) before this cell"\/>/g) ?? []).length, 9);
    assert.equal(stdout.filter((line) => / {2}SKIPPED {2}not run: /.test(line)).length, 9);
    assert.match(stdout.at(-1)!, /^\d+ passed, 0 failed \(9 cells skipped\)$/);
  });
});
