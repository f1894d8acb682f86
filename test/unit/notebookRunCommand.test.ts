// `run` with its dependencies in hand: a failure after the built-in sandbox started must still close
// it, or the process (and the CI job running it) never exits.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, test } from 'node:test';
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
});
