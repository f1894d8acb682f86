// "Save as Sandbox Fixture": one exchange, scrubbed, as the file the sandbox replays. The arguments
// are scrubbed with the same secret as the body, so the path the fixture answers is the scrubbed
// user's, and a blood-pressure body's dates move by that user's offset like the query's.
import { createHash } from 'node:crypto';
import type { Deviation } from '../api/contract/deviations';
import { CONTRACT_OPERATIONS, inspectResponse } from '../api/contract/inspect';
import { requestOfOperation, type RequestOperation } from '../api/requests';
import { canonicalJson, FIXTURE_FORMAT, formatFixture, type FixtureFile } from '../sandbox/fixtures/fixtureFile';
import { BodyScrubber } from './bodyScrubber';
import { Pseudonyms } from './pseudonyms';
import { describeReport, scrubBodyWith, scrubOperationWith } from './scrubber';
import type { ScrubReport } from './scrubTypes';

export interface FixtureExchange {
  /** The operation as sent, with its real arguments. */
  operation: RequestOperation;
  status: number;
  /** The parsed response body as received. */
  body: unknown;
  /** The deviations the lens named on it; computed from the body when absent (2xx only). */
  deviations?: readonly Deviation[];
  /** When it is saved; default now. */
  savedAt?: Date;
  /** The service first redirected the request from this path (as sent, real ids) with this status. */
  redirectedFrom?: { status: number; path: string };
}

export interface WrittenFixture {
  /** `<operation>-<short id>.json`: the same request always gets the same name. */
  fileName: string;
  text: string;
  /** The request the sandbox answers with it: `GET /v2/user/resolve/user-3f9a…`. */
  sandboxPath: string;
  report: ScrubReport;
}

/** The request line of an operation: method, path and query as the client sends them. */
export function requestLine(operation: RequestOperation): string {
  const request = requestOfOperation(operation);
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(request.query)) if (value !== undefined) query.append(key, String(value));
  const search = query.toString();
  return `${request.method} ${request.path}${search === '' ? '' : `?${search}`}`;
}

export function writeFixture(exchange: FixtureExchange, secret: string): WrittenFixture {
  const { operation } = exchange;
  const pseudonyms = new Pseudonyms(secret);
  const args = scrubOperationWith(pseudonyms, operation);
  const body = scrubBodyWith(pseudonyms, operation, exchange.body);
  const ok = exchange.status >= 200 && exchange.status < 300;
  const deviations = exchange.deviations ?? (ok ? inspectResponse(CONTRACT_OPERATIONS[operation.name], exchange.body, { request: requestOfOperation(operation) }) : []);
  // A deviation names an unknown value as it was seen: the same text rules as the body.
  const text = new BodyScrubber(pseudonyms, undefined);
  const scrubbedDeviations = deviations.map((deviation) => (deviation.value === undefined ? { ...deviation } : { ...deviation, value: text.text(deviation.value) }));
  const report: ScrubReport = {
    pseudonymised: pseudonyms.replaced.size,
    datesShifted: args.report.datesShifted + body.report.datesShifted,
    textRemoved: args.report.textRemoved + body.report.textRemoved + text.textRemoved,
  };
  const file: FixtureFile = {
    fixture: FIXTURE_FORMAT,
    operation: operation.name,
    args: args.operation.args,
    status: exchange.status,
    body: body.body,
    deviations: scrubbedDeviations,
    savedAt: (exchange.savedAt ?? new Date()).toISOString(),
    scrubbed: describeReport(report),
    ...redirectOf(exchange, args.operation),
  };
  const shortId = createHash('sha256').update(canonicalJson(args.operation)).digest('hex').slice(0, 10);
  return { fileName: `${operation.name}-${shortId}.json`, text: formatFixture(file), sandboxPath: requestLine(args.operation), report };
}

/** The recorded redirect on the scrubbed path: only a trailing slash more or less is ever followed. */
function redirectOf(exchange: FixtureExchange, scrubbed: RequestOperation): Pick<FixtureFile, 'redirectedFrom'> {
  const redirect = exchange.redirectedFrom;
  if (!redirect) return {};
  const real = requestOfOperation(exchange.operation).path;
  const path = requestOfOperation(scrubbed).path;
  const bare = path.endsWith('/') ? path.slice(0, -1) : path;
  if (redirect.path === `${real.replace(/\/$/, '')}/`) return { redirectedFrom: { status: redirect.status, path: `${bare}/` } };
  if (redirect.path === real.replace(/\/$/, '')) return { redirectedFrom: { status: redirect.status, path: bare } };
  return {};
}

/**
 * Many exchanges (every page of a load, a whole notebook's run) as fixture files, one per distinct
 * request: the last answer to a request wins (a retried 503 gives way to the 200 that followed).
 */
export function writeFixtures(exchanges: readonly FixtureExchange[], secret: string): WrittenFixture[] {
  const byName = new Map<string, WrittenFixture>();
  for (const exchange of exchanges) {
    const fixture = writeFixture(exchange, secret);
    byName.delete(fixture.fileName);
    byName.set(fixture.fileName, fixture);
  }
  return [...byName.values()];
}
