// Every exchange a client made, as it came back on the wire: hand `onRequest` to the client
// (HealthApiClientOptions.onRequest) and each answered attempt becomes a FixtureExchange — every page
// of a paged load, with the arguments it was asked with (its cursor), the deviations the lens named,
// and the redirect the service answered first, if any. Nothing is scrubbed here: writeFixtures does that.
import type { RequestLogEntry } from '../api/requestLogEntry';
import type { FixtureExchange } from './fixtureWriter';

const isRedirect = (status: number): boolean => status >= 300 && status < 400;

function pathOf(url: string): string | undefined {
  try {
    return new URL(url).pathname;
  } catch {
    return undefined;
  }
}

export class ExchangeRecorder {
  readonly #exchanges: FixtureExchange[] = [];
  /** The status of each redirect seen, by the URL it answered. */
  readonly #redirects = new Map<string, number>();
  #bytes = 0;

  /** The client's listener; bound, so it can be passed as it is. */
  readonly onRequest = (entry: RequestLogEntry): void => {
    if (entry.status === undefined || entry.operation === undefined) return;
    if (isRedirect(entry.status)) {
      this.#redirects.set(entry.url, entry.status);
      return;
    }
    if (entry.responseBody === undefined) return;
    this.#bytes += entry.responseBody.length;
    let body: unknown;
    try {
      body = JSON.parse(entry.responseBody);
    } catch {
      body = entry.responseBody;
    }
    const exchange: FixtureExchange = { operation: entry.operation, status: entry.status, body };
    if (entry.deviations) exchange.deviations = entry.deviations;
    const from = entry.redirectedFrom;
    const redirectStatus = from === undefined ? undefined : this.#redirects.get(from);
    const redirectPath = from === undefined ? undefined : pathOf(from);
    if (redirectStatus !== undefined && redirectPath !== undefined) exchange.redirectedFrom = { status: redirectStatus, path: redirectPath };
    this.#exchanges.push(exchange);
  };

  /** The exchanges so far, in the order they were answered. */
  exchanges(): readonly FixtureExchange[] {
    return this.#exchanges;
  }

  /** Bytes of the response bodies received so far. */
  bodyBytes(): number {
    return this.#bytes;
  }
}
