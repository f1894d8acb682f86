// The legs of a replayed investigation, each timed on its own over the recorded pages, so the
// investigationReplay figure says where its time goes: the sandbox serving the fixtures (its
// transfer against the raw server's), the client's JSON parse, the spec-exact test, the contract
// lens's one walk with the reader's checks on the way (as src/api/responseReader.ts makes it) over
// the pages of one load, the merge of the pages and the cell's assertions.
import { inspectAndRead } from '../../src/api/contract/inspect';
import { PageTracker } from '../../src/api/contract/pageChecks';
import { isSpecExact } from '../../src/api/contract/specExact';
import { isGroupedBloodPressure } from '../../src/api/fastChecks';
import { requestOfOperation, type RequestSpec } from '../../src/api/requests';
import type { GroupedBloodPressure } from '../../src/api/schemas';
import { mergeGroupedPages } from '../../src/domain/bloodPressure/bloodPressureGroups';
import { evaluateAssertion } from '../../src/notebook/assertions';
import { DeviationTotals } from '../../src/notebook/deviationTotals';
import { isCellSyntaxError, parsedRequestCell } from '../../src/notebook/requestCell';
import type { LoadedFixture } from '../../src/sandbox/fixtures/fixtureFile';

export interface ReplayPage {
  /** Path and query as the client sends it. */
  target: string;
  spec: RequestSpec;
}

export type LegName = 'sandboxServe' | 'rawTransfer' | 'parse' | 'specExact' | 'lensAndReader' | 'merge' | 'assertions';
export type LegTimes = Record<LegName, number>;

/** The recorded blood-pressure pages in the order the load asks for them (the cursor chain from the first). */
export function bloodPressurePages(fixtures: readonly LoadedFixture[]): ReplayPage[] {
  const pages = fixtures.filter((fixture) => fixture.file.operation === 'getGroupedBloodPressure');
  const byCursor = new Map(pages.map((fixture) => [new URLSearchParams(fixture.query).get('next_cursor') ?? '', fixture]));
  const ordered: ReplayPage[] = [];
  for (let fixture = byCursor.get(''); fixture; ) {
    const spec = requestOfOperation(fixture.operation);
    ordered.push({ target: `${fixture.path}?${fixture.query}`, spec });
    const next = (fixture.file.body as { next_cursor?: string | null }).next_cursor;
    fixture = next ? byCursor.get(next) : undefined;
  }
  return ordered;
}

async function fetchText(times: LegTimes, leg: 'sandboxServe' | 'rawTransfer', url: string, headers: Record<string, string>): Promise<string> {
  const started = performance.now();
  const text = await (await fetch(url, { headers })).text();
  times[leg] += performance.now() - started;
  return text;
}

/** `task`'s value, its ms added to `times[leg]`. */
function timed<T>(times: LegTimes, leg: LegName, task: () => T): T {
  const started = performance.now();
  const value = task();
  times[leg] += performance.now() - started;
  return value;
}

/**
 * One pass of every leg, page after page as a load goes (served by the replay sandbox and by the raw
 * server, in turns, so both meet the same collector's work; parsed, tested for spec-exactness, through
 * the lens with the reader's checks), then the merge and the cell's assertions (from the notebook copy's `cellSource`) over
 * the merged body.
 */
export async function measureLegs(
  replay: { url: string; headers: Record<string, string> },
  rawUrl: string,
  pages: readonly ReplayPage[],
  cellSource: string,
): Promise<LegTimes> {
  const times: LegTimes = { sandboxServe: 0, rawTransfer: 0, parse: 0, specExact: 0, lensAndReader: 0, merge: 0, assertions: 0 };
  const tracker = new PageTracker();
  const totals = new DeviationTotals();
  const values: GroupedBloodPressure[] = [];
  for (const [index, page] of pages.entries()) {
    const rawFirst = index % 2 === 1;
    if (rawFirst) await fetchText(times, 'rawTransfer', `${rawUrl}${page.target}`, {});
    const text = await fetchText(times, 'sandboxServe', `${replay.url}${page.target}`, replay.headers);
    if (!rawFirst) await fetchText(times, 'rawTransfer', `${rawUrl}${page.target}`, {});
    const value = timed(times, 'parse', () => JSON.parse(text) as unknown);
    const specExact = timed(times, 'specExact', () => isSpecExact('groupedBloodPressure', value));
    timed(times, 'lensAndReader', () => {
      const read = inspectAndRead('groupedBloodPressure', value, isGroupedBloodPressure, { request: page.spec, tracker, specExact });
      if (!read.accepted) throw new Error('a recorded page is refused by the reader');
      totals.add(read.deviations);
    });
    values.push(value as GroupedBloodPressure);
  }
  const body = timed(times, 'merge', () => ({ ...values[values.length - 1]!, groups: mergeGroupedPages(values.map((value) => value.groups)) }));
  const subject = { status: 200, body, hasBody: true, deviations: totals.list() };
  timed(times, 'assertions', () => assertionsOf(cellSource).map((assertion) => evaluateAssertion(assertion, subject)));
  return times;
}

function assertionsOf(source: string): Parameters<typeof evaluateAssertion>[0][] {
  const cell = parsedRequestCell(source);
  if (isCellSyntaxError(cell)) throw new Error(`the bench's cell does not parse: ${cell.message}`);
  return cell.assertions.map(({ assertion }) => assertion);
}

/** Per leg, the median over the passes, in ms. */
export function legMedians(passes: readonly LegTimes[], median: (values: number[]) => number, round: (value: number) => number): Record<LegName, number> {
  const names = Object.keys(passes[0] ?? {}) as LegName[];
  return Object.fromEntries(names.map((name) => [name, round(median(passes.map((pass) => pass[name])))])) as Record<LegName, number>;
}
