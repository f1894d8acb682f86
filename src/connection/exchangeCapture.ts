// Every exchange made inside inExchangeCapture(), handed to its listener as the client saw it (every
// page, the key never in it), whatever client of the connection made it: how Save Investigation
// records the requests its notebook makes, and nothing another panel sends meanwhile.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestLogEntry } from '../api/requestLogEntry';

export type ExchangeListener = (entry: RequestLogEntry) => void;

const STORE_KEY = Symbol.for('healthData.exchangeCaptures');
/** One store for the whole extension host (as requestOrigins.ts: the panels' bundle has its own copy of this module). */
const captures: AsyncLocalStorage<ExchangeListener> = ((globalThis as { [STORE_KEY]?: AsyncLocalStorage<ExchangeListener> })[STORE_KEY] ??=
  new AsyncLocalStorage<ExchangeListener>());

export function inExchangeCapture<T>(listener: ExchangeListener, work: () => Promise<T>): Promise<T> {
  return captures.run(listener, work);
}

/** Called by the connection's clients for each attempt. */
export function captureExchange(entry: RequestLogEntry): void {
  captures.getStore()?.(entry);
}
