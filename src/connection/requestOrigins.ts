// What a request is made for, carried through async calls like the agent tool's name: every request
// made inside inRequestOrigin() is recorded with that origin (the innermost one wins).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestOrigin } from '../domain/requests/requestOrigin';

const STORE_KEY = Symbol.for('healthData.requestOrigins');
/**
 * One store for the whole extension host: the panels' host code is a bundle of its own
 * (dist/panels.js) with its own copy of this module, and the recorder reads the extension's copy.
 */
const origins: AsyncLocalStorage<RequestOrigin> = ((globalThis as { [STORE_KEY]?: AsyncLocalStorage<RequestOrigin> })[STORE_KEY] ??=
  new AsyncLocalStorage<RequestOrigin>());

export function inRequestOrigin<T>(origin: RequestOrigin, work: () => Promise<T>): Promise<T> {
  return origins.run(origin, work);
}

export function currentRequestOrigin(): RequestOrigin | undefined {
  return origins.getStore();
}
