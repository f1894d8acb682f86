// One host install at a time per folder (test/host/installLock.mjs): `npm test` provisions in the
// background while a suite may start by hand, and clones can share HDE_VSCODE_TEST_DIR.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { withInstallLock } from '../host/installLock.mjs';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'hde-lock-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('install lock', () => {
  it('runs installs of one folder one after another, saying once that it waits, and releases the lock', async () => {
    const target = path.join(dir, 'code-server-9.9.9');
    const events: string[] = [];
    const logs: string[] = [];
    const install = (name: string) =>
      withInstallLock(target, { log: (line: string) => logs.push(line), what: 'code-server 9.9.9' }, async () => {
        events.push(`${name} start`);
        await new Promise((resolve) => setTimeout(resolve, 300));
        events.push(`${name} end`);
        return name;
      });
    const results = await Promise.all([install('first'), install('second')]);
    assert.deepEqual(results, ['first', 'second']);
    assert.deepEqual(events, ['first start', 'first end', 'second start', 'second end']);
    assert.equal(logs.length, 1);
    assert.match(logs[0] ?? '', new RegExp(`another run \\(pid ${process.pid}\\) is installing code-server 9\\.9\\.9; waiting`));
    assert.equal(existsSync(`${target}.lock`), false);
  });

  it('takes over a lock whose owner has exited, and releases it when the install throws', async () => {
    const target = path.join(dir, 'node-v99');
    const exited = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    mkdirSync(`${target}.lock`);
    writeFileSync(path.join(`${target}.lock`, 'pid'), exited.stdout);
    await assert.rejects(
      withInstallLock(target, { log: () => assert.fail('no wait for a dead owner') }, async () => {
        throw new Error('compile failed');
      }),
      /compile failed/,
    );
    assert.equal(existsSync(`${target}.lock`), false);
  });
});
