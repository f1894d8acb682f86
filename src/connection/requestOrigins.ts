// What a request is made for, carried through async calls like the agent tool's name: every request
// made inside inRequestOrigin() is recorded with that origin (the innermost one wins).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestOrigin } from '../domain/requestOrigin';

const origins = new AsyncLocalStorage<RequestOrigin>();

export function inRequestOrigin<T>(origin: RequestOrigin, work: () => Promise<T>): Promise<T> {
  return origins.run(origin, work);
}

export function currentRequestOrigin(): RequestOrigin | undefined {
  return origins.getStore();
}
