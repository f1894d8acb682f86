// `run --fixtures` (and `run --sandbox`) serve from a worker thread: the same verdicts as the sandbox in
// the run's own thread, the server on another thread, a close that ends the worker (the process exits
// by itself), a bad folder or option refused as before, and the in-thread sandbox when no worker can run.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { after, describe, test } from 'node:test';
import { threadId } from 'node:worker_threads';
import { HealthApiClient } from '../../src/api/client';
import { createRunCommand } from '../../src/cli/runCommand';
import { sandboxStarter, type RunDependencies, type SandboxModule, type StartedSandbox } from '../../src/cli/runTargets';
import * as sandboxCli from '../../src/sandbox/cli';
import { startSandbox } from '../../src/sandbox/server';
import { startSandboxInWorker } from '../../src/sandbox/sandboxWorker';
import { RECORDED_FINDING_NOTEBOOK as NOTEBOOK } from './recordedFindingNotebook';

const TODAY = '2026-03-15';
const PINNED = { today: TODAY, seed: 5, bloodPressurePageSize: 10 };


type Started = StartedSandbox & { threadId?: number };

/** The run command with the given starter, pinned; every sandbox it starts is kept in `started`. */
function command(start: RunDependencies['startSandbox'], started: Started[]) {
  return createRunCommand({
    startSandbox: async (options) => {
      const sandbox = await start({ ...options, ...PINNED, users: options.users ?? 10 } as Parameters<RunDependencies['startSandbox']>[0]);
      started.push(sandbox);
      return sandbox;
    },
    createClient: (options) => new HealthApiClient({ ...options, retryBaseDelayMs: 1 }),
    now: () => new Date(`${TODAY}T09:00:00Z`),
  });
}

async function run(start: RunDependencies['startSandbox'], argv: string[], started: Started[] = []): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await command(start, started).run(argv, { stdout: (text) => out.push(text), stderr: (text) => err.push(text), stdin: new PassThrough(), env: { HEALTH_DATA_SCRUB_SECRET: 'worker-secret' } });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const inWorker = sandboxStarter(sandboxCli as unknown as SandboxModule);
const inThread: RunDependencies['startSandbox'] = (options) => startSandbox(options);
const totals = (out: string): string | undefined => out.split('\n').find((line) => /^\d+ passed, \d+ failed/.test(line));

describe('the sandbox of run in a worker thread', () => {
  const work = mkdtempSync(join(tmpdir(), 'hde-sandbox-worker-'));
  after(() => rmSync(work, { recursive: true, force: true }));

  test('run --sandbox --record, then run --fixtures: served from another thread, with the verdicts of the in-thread sandbox', async () => {
    const file = join(work, 'finding.hdnb.md');
    writeFileSync(file, NOTEBOOK);
    const dir = join(work, 'recording');
    const started: Started[] = [];
    const live = await run(inWorker, [file, '--sandbox', '--record', dir], started);
    assert.match(live.out, /Recorded \d+ exchanges/);
    const copy = join(dir, 'finding.hdnb.md');
    const replayed = await run(inWorker, [copy, '--fixtures', dir], started);
    const replayedInThread = await run(inThread, [copy, '--fixtures', dir]);

    assert.equal(started.length, 2);
    for (const sandbox of started) {
      assert.equal(typeof sandbox.threadId, 'number');
      assert.notEqual(sandbox.threadId, threadId, 'the server runs on a thread of its own');
    }
    assert.ok(totals(live.out), live.out);
    assert.equal(replayed.code, live.code);
    assert.equal(totals(replayed.out), totals(live.out));
    assert.equal(replayed.code, replayedInThread.code);
    const untimed = (out: string): string => out.replace(/\s\d+ ms\s/g, ' _ ms ');
    assert.equal(untimed(replayed.out), untimed(replayedInThread.out));
    assert.equal(replayed.err, replayedInThread.err);
    // Closed by the run: the worker's server answers no more.
    await assert.rejects(fetch(`${started[1]!.url}/v2/user/`));
  });

  test('a folder that cannot be read is refused before any cell runs, naming why', async () => {
    const file = join(work, 'missing-case.hdnb.md');
    writeFileSync(file, NOTEBOOK);
    const missing = join(work, 'no-such-folder');
    const replay = await run(inWorker, [file, '--fixtures', missing]);
    assert.equal(replay.code, 2);
    assert.match(replay.err, /it holds no fixture the sandbox can serve \(.*no-such-folder: cannot read the fixtures folder \(ENOENT\)\)/);
  });

  test('an option the sandbox refuses is thrown as in-thread, class and message', async () => {
    const inThreadError = await startSandbox({ today: 'someday' }).then(() => undefined, (error: unknown) => error);
    assert.ok(inThreadError instanceof RangeError);
    await assert.rejects(sandboxCli.startSandboxInWorker({ today: 'someday' }), (error: unknown) => error instanceof RangeError && error.message === inThreadError.message);
  });

  test('when no worker can run, the sandbox serves in the run\'s own thread', async () => {
    const noWorker: SandboxModule = { ...(sandboxCli as unknown as SandboxModule), startSandboxInWorker: (options) => startSandboxInWorker(join(work, 'no-such-entry.js'), options) };
    const sandbox: Started = await sandboxStarter(noWorker)({ host: '127.0.0.1', port: 0, shape: 'spec', users: 1 });
    try {
      assert.equal(sandbox.threadId, undefined);
      assert.equal((await fetch(`${sandbox.url}/v2/user/`, { headers: { [sandbox.apiKeyHeader]: sandbox.apiKey } })).status, 200);
    } finally {
      await sandbox.close();
    }
  });

  test('close ends the worker: a process that started and closed one exits by itself', () => {
    const script = `
      const { startSandboxInWorker } = require('./src/sandbox/cli');
      startSandboxInWorker({ users: 1, today: '${TODAY}' }).then(async (sandbox) => {
        const answered = (await fetch(sandbox.url + '/v2/user/', { headers: { [sandbox.apiKeyHeader]: sandbox.apiKey } })).status;
        await sandbox.close();
        console.log(JSON.stringify({ answered, threadId: sandbox.threadId }));
      });`;
    // No timer, no exit call: the child ends only if nothing (no worker, no socket) is left running.
    const output = execFileSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: join(__dirname, '..', '..'), encoding: 'utf8', timeout: 60_000 });
    const result = JSON.parse(output.trim()) as { answered: number; threadId: number };
    assert.equal(result.answered, 200);
    assert.ok(result.threadId > 0);
  });
});
