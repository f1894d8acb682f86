// Which paged load a request belongs to, carried through async calls: every request made inside
// inRequestLoad() shows as one expandable row of the Requests view. One store for the window, so any
// part of the shell (a panel, the users filter, a look-up) can group its pages without plumbing.
import { AsyncLocalStorage } from 'node:async_hooks';

const loads = new AsyncLocalStorage<string>();
// Saved rows keep their load ids; a new window must not reuse them.
const session = Date.now().toString(36);
let next = 1;

export function newRequestLoadId(): string {
  return `${session}-${next++}`;
}

export function inRequestLoad<T>(work: () => Promise<T>, loadId = newRequestLoadId()): Promise<T> {
  return loads.run(loadId, work);
}

export function currentRequestLoad(): string | undefined {
  return loads.getStore();
}
