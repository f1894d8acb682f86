// A request cell's request as the recording's copy writes it: what was sent, scrubbed. Each part of
// the path and query that scrubbing left as it was stays as written (a `{{variable}}`, a page size);
// a part that changed is written as the scrubbed value that the fixture answers (a pseudonym, a
// shifted date); `range=` becomes the shifted `start_date`/`end_date` it was sent as. A `{{name}}`
// path segment stays when the variable holds the same pseudonym in the copy.
import { requestOfOperation, type RequestOperation, type RequestSpec } from '../../api/requests';
import { canonicalJson } from '../../sandbox/fixtures/fixtureFile';

/** Whether `{{name}}` gives `value` when the copy runs (the caller knows the copy's variables). */
export type KeepsVariable = (name: string, value: string) => boolean;

const decoded = (text: string): string => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

const queryOf = (spec: RequestSpec): Map<string, string> => {
  const query = new Map<string, string>();
  for (const [name, value] of Object.entries(spec.query)) if (value !== undefined && value !== '') query.set(name, String(value));
  return query;
};

const WHOLE_VARIABLE = /^\{\{\s*([^{}]*?)\s*\}\}$/;

function rewrittenPath(written: string, real: string, scrubbed: string, keeps: KeepsVariable): string {
  const trim = (path: string): string[] => path.replace(/\/+$/, '').split('/');
  const [writtenParts, realParts, scrubbedParts] = [trim(written), trim(real), trim(scrubbed)];
  const slash = written.endsWith('/') ? '/' : '';
  if (writtenParts.length !== realParts.length || realParts.length !== scrubbedParts.length) return scrubbed;
  const parts = writtenParts.map((part, index) => {
    const [was, is] = [decoded(realParts[index]!), decoded(scrubbedParts[index]!)];
    if (was === is) return part;
    const variable = WHOLE_VARIABLE.exec(part);
    if (variable && keeps(variable[1]!, is)) return part;
    return encodeURIComponent(is);
  });
  return `${parts.join('/')}${slash}`;
}

function rewrittenQuery(written: string, real: Map<string, string>, scrubbed: Map<string, string>): string {
  const out: string[] = [];
  const named = new Set<string>();
  for (const pair of written === '' ? [] : written.split('&')) {
    const name = decoded(pair.includes('=') ? pair.slice(0, pair.indexOf('=')) : pair);
    if (!real.has(name)) continue; // range=…: sent as start_date and end_date, added below
    named.add(name);
    out.push(real.get(name) === scrubbed.get(name) ? pair : `${name}=${encodeURIComponent(scrubbed.get(name) ?? '')}`);
  }
  for (const [name, value] of scrubbed) if (!named.has(name)) out.push(`${name}=${encodeURIComponent(value)}`);
  return out.join('&');
}

/** The request target (path and query) the copy writes for a cell written as `writtenTarget`. */
export function recordedTarget(writtenTarget: string, call: RequestOperation, scrubbedCall: RequestOperation, keeps: KeepsVariable): string {
  const [real, scrubbed] = [requestOfOperation(call), requestOfOperation(scrubbedCall)];
  const queryStart = writtenTarget.indexOf('?');
  const writtenPath = queryStart === -1 ? writtenTarget : writtenTarget.slice(0, queryStart);
  const writtenQuery = queryStart === -1 ? '' : writtenTarget.slice(queryStart + 1);
  const path = rewrittenPath(writtenPath, real.path, scrubbed.path, keeps);
  const query = rewrittenQuery(writtenQuery, queryOf(real), queryOf(scrubbed));
  return query === '' ? path : `${path}?${query}`;
}

/** The scrubbed POST body when scrubbing changed it (a lab account id), else undefined: the written body stays. */
export function recordedBody(call: RequestOperation, scrubbedCall: RequestOperation): string | undefined {
  const [real, scrubbed] = [requestOfOperation(call).body, requestOfOperation(scrubbedCall).body];
  if (scrubbed === undefined || canonicalJson(real) === canonicalJson(scrubbed)) return undefined;
  return JSON.stringify(scrubbed, null, 2);
}
