// What the Requests view shows of a record: row texts, the tooltip's facts, the Open document, the
// response side of a diff, and the cURL line. Pure: the wording comes in through `RequestWords`.
import { requestOfOperation } from '../../api/requests';
import { curlOfSentRequest } from './curl';
import { deviationCountText, deviationListLines, deviationSummaryLine, type DeviationWords } from './deviationPresentation';
import { jsonDocumentFileName } from './jsonDocument';
import type { RequestOrigin } from './requestOrigin';
import { isErrorRecord, type RequestAttempt, type RequestRecord, type RequestRow } from './requestRecords';

/** The localised words the texts below are built from (src/l10n/requestStrings.ts). */
export interface RequestWords {
  pages(count: number): string;
  attempts(count: number): string;
  attempt(outcome: string, ms: number): string;
  waited(ms: number): string;
  environment: string;
  baseUrl: string;
  sentAt: string;
  requestId: string;
  noResponse(failure: string): string;
  bodyNotKept: string;
  emptyBody: string;
  /** "for agent (diagnose_user)": a request a language-model tool made. Optional for older callers. */
  forAgent?(tool: string): string;
  /** When a request was sent, as the reader's language writes a time of day (with seconds). */
  sentTime(epochMs: number): string;
  /** The contract lens's words; without them the rows and documents leave the deviations out. */
  lens?: DeviationWords;
  /** What made a request, as a row's description names it ("look-up", "Compare Environments"…). */
  origin?(origin: RequestOrigin): string;
  /** The tooltip's name for that line ("Made by"). */
  madeBy?: string;
  /** A scan's or a diagnosis's row: "Coverage scan: 75 requests". */
  runLabel?(origin: RequestOrigin, requests: number): string;
  /** "3 failed". */
  failed?(count: number): string;
  /** A paged load's requests cut by Cancel, apart from its pages: "1 cancelled". */
  cancelled?(count: number): string;
  /** A paged load's tooltip: "156 pages in 2.4 s", and, when Cancel ended it, "Cancelled after 156 pages". */
  loadSummary?(pages: number, duration: string): string;
  loadCancelled?(pages: number): string;
}

/** The origins whose requests show under one row per run, like a paged load. */
const RUN_ORIGINS: ReadonlySet<RequestOrigin> = new Set(['scan', 'diagnosis']);

/** The origin of a load row when it is one scan's or one diagnosis's requests, else undefined. */
export function runOriginOf(pages: readonly Pick<RequestRecord, 'origin'>[]): RequestOrigin | undefined {
  const origin = pages[0]?.origin;
  return origin !== undefined && RUN_ORIGINS.has(origin) ? origin : undefined;
}

/** What made the record, in the row's words: the agent tool by name, else its origin. */
function originText(record: RequestRecord, words: RequestWords): string | undefined {
  if (record.agentTool && words.forAgent) return words.forAgent(record.agentTool);
  return record.origin !== undefined && words.origin ? words.origin(record.origin) : undefined;
}

function isCancelledRecord(record: Pick<RequestRecord, 'status' | 'failure'>): boolean {
  return record.status === undefined && record.failure === 'cancelled';
}

export function outcomeOf(record: Pick<RequestRecord, 'status' | 'failure'>): string {
  return record.status !== undefined ? String(record.status) : (record.failure ?? '?');
}

export function pathOf(record: Pick<RequestRecord, 'url' | 'baseUrl'>): string {
  try {
    const url = new URL(record.url);
    const basePath = new URL(record.baseUrl).pathname.replace(/\/+$/, '');
    return url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) || '/' : url.pathname;
  } catch {
    return record.url;
  }
}

/** The path and query below the base URL, in full: what tells two requests of one operation apart. */
export function pathAndQueryOf(record: Pick<RequestRecord, 'url' | 'baseUrl'>): string {
  let query = '';
  try {
    query = new URL(record.url).search;
  } catch {
    // the path alone
  }
  return `${pathOf(record)}${query}`;
}

export function durationText(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}

function totalMs(record: RequestRecord): number {
  return record.attempts.reduce((sum, attempt) => sum + attempt.ms + (attempt.waitMs ?? 0), 0);
}

export interface RowText {
  label: string;
  description: string;
  isError: boolean;
}

const LONG_SEGMENT = 14;

/** The path with long ids cut to their first 8 characters, so a row fits a side bar (the tooltip has it all). */
export function compactPath(path: string): string {
  return path
    .split('/')
    .map((segment) => (segment.length > LONG_SEGMENT && !segment.includes('_') ? `${segment.slice(0, 8)}…` : segment))
    .join('/');
}

export function rowText(row: RequestRow, words: RequestWords): RowText {
  if (row.kind === 'request') {
    const record = row.record;
    const parts = [durationText(totalMs(record))];
    if (record.attempts.length > 1) parts.push(words.attempts(record.attempts.length));
    const deviations = words.lens && deviationCountText([record], words.lens);
    if (deviations) parts.push(deviations);
    parts.push(record.environmentLabel);
    const origin = originText(record, words);
    if (origin) parts.push(origin);
    // The outcome leads: it is what a narrow side bar must not cut off.
    return { label: `${outcomeOf(record)} ${record.method} ${compactPath(pathOf(record))}`, description: parts.join(' · '), isError: isErrorRecord(record) };
  }
  const first = row.pages[0];
  const last = row.pages[row.pages.length - 1];
  if (!first || !last) return { label: '', description: '', isError: false };
  const failed = row.pages.find(isErrorRecord);
  const ms = row.pages.reduce((sum, page) => sum + totalMs(page), 0);
  const deviations = words.lens && deviationCountText(row.pages, words.lens);
  const run = runOriginOf(row.pages);
  if (run !== undefined && words.runLabel) {
    const failures = row.pages.filter(isErrorRecord).length;
    const parts = [failures > 0 && words.failed ? words.failed(failures) : undefined, durationText(ms), deviations || undefined, first.environmentLabel];
    return { label: words.runLabel(run, row.requests ?? row.pages.length), description: parts.filter(Boolean).join(' · '), isError: failed !== undefined };
  }
  // A request cut by Cancel brought no page: the pages counted are the ones the panel could show.
  const cancelled = words.cancelled ? row.pages.filter(isCancelledRecord).length : 0;
  const parts = [words.pages(row.pages.length - cancelled), ...(cancelled > 0 && words.cancelled ? [words.cancelled(cancelled)] : []), durationText(ms)];
  if (deviations) parts.push(deviations);
  parts.push(first.environmentLabel);
  const origin = originText(first, words);
  if (origin) parts.push(origin);
  // Cancel ended the load: its row leads with that, whether a request was cut or none was in flight.
  const lead = failed ?? (row.pages.some((page) => page.loadCancelled) ? { status: undefined, failure: 'cancelled' } : last);
  return {
    label: `${outcomeOf(lead)} ${first.method} ${compactPath(pathOf(first))}`,
    description: parts.join(' · '),
    isError: failed !== undefined,
  };
}

function attemptText(attempt: RequestAttempt, words: RequestWords): string {
  const text = words.attempt(attempt.status !== undefined ? String(attempt.status) : (attempt.failure ?? '?'), attempt.ms);
  return attempt.waitMs !== undefined ? `${text}, ${words.waited(attempt.waitMs)}` : text;
}

/**
 * A request as a picker lists it (Compare with…, the palette's request pickers): outcome, method,
 * path and query in full; when, where and how long. No row number: the tree shows none.
 */
export function pickItemText(record: RequestRecord, words: RequestWords): { label: string; description: string } {
  const description = [words.sentTime(record.startedAt), record.environmentLabel, durationText(totalMs(record))];
  return { label: `${outcomeOf(record)} ${record.method} ${pathAndQueryOf(record)}`, description: description.join(' · ') };
}

/** One side of a Compare diff's title: the request and where and when it was sent. */
export function compareSideLabel(record: RequestRecord, words: RequestWords): string {
  return `${record.method} ${compactPath(pathOf(record))} (${record.environmentLabel}, ${words.sentTime(record.startedAt)})`;
}

/** The tooltip's lines, plain text (the view shows them as such): full URL, request id, time, attempts. */
export function tooltipLines(record: RequestRecord, words: RequestWords): string[] {
  const lines = [`${record.method} ${record.url}`, `${words.environment}: ${record.environmentLabel} (${record.baseUrl})`];
  if (record.requestId) lines.push(`${words.requestId}: ${record.requestId}`);
  const origin = originText(record, words);
  if (origin) lines.push(words.madeBy ? `${words.madeBy}: ${origin}` : origin);
  lines.push(`${words.sentAt}: ${new Date(record.startedAt).toISOString()}`);
  lines.push(...record.attempts.map((attempt) => attemptText(attempt, words)));
  const deviations = words.lens && deviationSummaryLine([record], words.lens);
  if (deviations) lines.push(deviations);
  return lines;
}

/** A paged load's tooltip: its first request's lines, and the deviations summed over its pages. */
export function loadTooltipLines(pages: readonly RequestRecord[], words: RequestWords, requests = pages.length): string[] {
  const first = pages[0];
  if (!first) return [];
  const run = runOriginOf(pages);
  if (run !== undefined && words.runLabel) return runTooltipLines(run, pages, words, requests);
  const lines = tooltipLines({ ...first, deviations: [] }, words);
  // The first request's attempts alone ("200 after 8 ms") would read as the load's: say what the load did.
  const loaded = pages.filter((page) => !isCancelledRecord(page)).length;
  if (words.loadSummary) lines.push(words.loadSummary(loaded, durationText(pages.reduce((sum, page) => sum + totalMs(page), 0))));
  if (words.loadCancelled && pages.some((page) => page.loadCancelled || isCancelledRecord(page))) lines.push(words.loadCancelled(loaded));
  const deviations = words.lens && deviationSummaryLine(pages, words.lens);
  if (deviations) lines.push(deviations);
  return lines;
}

/** A scan's or a diagnosis's tooltip: what ran, where, when, and how many of its requests failed. */
function runTooltipLines(run: RequestOrigin, pages: readonly RequestRecord[], words: RequestWords, requests: number): string[] {
  const first = pages[0];
  if (!first || !words.runLabel) return [];
  const failures = pages.filter(isErrorRecord).length;
  const lines = [words.runLabel(run, requests), `${words.environment}: ${first.environmentLabel} (${first.baseUrl})`];
  lines.push(`${words.sentAt}: ${new Date(first.startedAt).toISOString()}`);
  if (failures > 0 && words.failed) lines.push(words.failed(failures));
  const deviations = words.lens && deviationSummaryLine(pages, words.lens);
  if (deviations) lines.push(deviations);
  return lines;
}

function prettyBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function headerLines(headers: Record<string, string> | undefined): string[] {
  return Object.entries(headers ?? {}).map(([name, value]) => `${name}: ${value}`);
}

/** The Open document: the request as sent and the response as received, key redacted. */
export function requestDocumentText(record: RequestRecord, words: RequestWords): string {
  const lines = [
    `${record.method} ${record.url}`,
    `# ${words.environment}: ${record.environmentLabel}`,
    `# ${words.baseUrl}: ${record.baseUrl}`,
    `# ${words.sentAt}: ${new Date(record.startedAt).toISOString()}`,
    ...record.attempts.map((attempt, index) => `# ${index + 1}. ${attemptText(attempt, words)}`),
    ...headerLines(record.requestHeaders),
  ];
  if (record.requestBody !== undefined) lines.push('', prettyBody(record.requestBody));
  else if (record.bodyDropped && record.method === 'POST') lines.push('', words.bodyNotKept);
  lines.push('');
  if (record.status === undefined) {
    lines.push(words.noResponse(record.failure ?? '?'));
    return `${lines.join('\n')}\n`;
  }
  const statusLine = [`HTTP ${record.status}`];
  if (record.requestId) statusLine.push(`${words.requestId} ${record.requestId}`);
  lines.push(statusLine.join(' · '));
  // What the contract lens found comes first: it explains the body below it.
  if (words.lens && record.deviations) lines.push(...deviationListLines(record.deviations, words.lens, '# '));
  lines.push(...headerLines(record.responseHeaders), '');
  lines.push(responseBodyText(record, words).trimEnd());
  return `${lines.join('\n')}\n`;
}

/** One side of a Compare diff: the response body, pretty-printed so the diff lines up by field. */
export function responseBodyText(record: RequestRecord, words: RequestWords): string {
  if (record.responseBody === undefined) return `${record.bodyDropped ? words.bodyNotKept : words.noResponse(record.failure ?? '?')}\n`;
  if (record.responseBody === '') return `${words.emptyBody}\n`;
  return `${prettyBody(record.responseBody)}\n`;
}

/**
 * One side of a Compare between two loads: each request's response in turn, headed by its method and
 * path, so a diff lines up request by request (page 2 against page 2, user 7 against user 7).
 */
export function loadResponseText(pages: readonly RequestRecord[], words: RequestWords): string {
  return pages.map((page) => `# ${outcomeOf(page)} ${page.method} ${pathAndQueryOf(page)}\n${responseBodyText(page, words)}`).join('\n');
}

/** A tab name that tells two requests apart: method, path and query, environment, the time it was sent. */
export function requestDocumentName(record: RequestRecord, extension: 'http' | 'json', words: Pick<RequestWords, 'sentTime'>): string {
  // A tab name cannot hold ':' (it becomes a space): the time's separators become dots.
  const time = words.sentTime(record.startedAt).replace(/:/g, '.');
  const name = jsonDocumentFileName(`${record.method} ${pathAndQueryOf(record)} (${record.environmentLabel}, ${time})`);
  return extension === 'json' ? name : name.replace(/\.json$/, '.http');
}

/**
 * The request as it was sent, as a cURL line: its method, URL and body. A POST whose body was
 * dropped gets it back from its operation; undefined when neither is kept.
 */
export function requestCurl(record: RequestRecord, keyHeader: string): string | undefined {
  let body = record.requestBody;
  if (body === undefined && record.method === 'POST') {
    const rebuilt = record.operation && requestOfOperation(record.operation).body;
    if (rebuilt === undefined) return undefined;
    body = JSON.stringify(rebuilt);
  }
  return curlOfSentRequest(record.method, record.url, body, keyHeader);
}
