// One install at a time per folder, across processes: `npm test` provisioning in the background
// and a suite started by hand, or several clones sharing HDE_VSCODE_TEST_DIR, would otherwise
// delete each other's half-done install. The lock is a folder (mkdir is atomic) holding the
// owner's pid; a lock whose owner is gone is taken over.
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const POLL_MS = 2_000;
// A lock folder without a pid file is one being created right now, unless it is older than this.
const UNOWNED_GRACE_MS = 30_000;

/** Runs `fn` while holding the lock `${dir}.lock`; waits (saying so once) while another process holds it. */
export async function withInstallLock(dir, { log = console.error, what = dir } = {}, fn) {
  const lock = `${dir}.lock`;
  let announced = false;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if (error?.code !== 'EEXIST') throw error;
      const owner = lockOwner(lock);
      if (owner === 'gone') {
        rmSync(lock, { recursive: true, force: true });
        continue;
      }
      if (!announced) {
        log(`[host] another run${owner ? ` (pid ${owner})` : ''} is installing ${what}; waiting for it (${lock})…`);
        announced = true;
      }
      await sleep(POLL_MS);
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** The owner's pid while it runs, 'gone' when the lock is stale, undefined while being created. */
function lockOwner(lock) {
  let pid;
  try {
    pid = Number(readFileSync(join(lock, 'pid'), 'utf8'));
  } catch {
    try {
      return Date.now() - statSync(lock).mtimeMs > UNOWNED_GRACE_MS ? 'gone' : undefined;
    } catch {
      return 'gone'; // removed meanwhile: try again
    }
  }
  if (!Number.isInteger(pid) || pid <= 0) return 'gone';
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return error?.code === 'EPERM' ? pid : 'gone';
  }
}
