// The deviation baseline over one run of a notebook, for whoever runs it (the command line, VS Code):
// which cells watch the contract (`expect no new deviations`), what they saw, and after the run what
// the refreshed file holds or which entries were no longer seen. Pure: the caller reads and writes.
import { parseAssertion } from './assertions';
import {
  describeBaselineEntry,
  goneEntries,
  parseBaseline,
  refreshedBaseline,
  serializeBaseline,
  type BaselineEntry,
  type BaselineObservation,
  type BaselineState,
} from './deviationBaseline';
import type { CellResult } from './model';
import { isCellSyntaxError, parsedRequestCell } from './requestCell';

/** Whether a cell's source says `expect no new deviations`. */
export function watchesNewDeviations(source: string): boolean {
  const cell = parsedRequestCell(source);
  return !isCellSyntaxError(cell) && cell.assertions.some(({ assertion }) => assertion.kind === 'noNewDeviations');
}

/** Whether an assertion as written (`expect no new deviations`) is that assertion. */
export function isNoNewDeviationsAssertion(text: string): boolean {
  const assertion = parseAssertion(text.replace(/^\s*expect\s+/, ''));
  return 'kind' in assertion && assertion.kind === 'noNewDeviations';
}

/** What a watching cell's answer tells the baseline; a cell that got no answer tells it nothing. */
export function observationOf(source: string, result: CellResult): BaselineObservation | undefined {
  if (result.outcome !== 'ok' || result.operation === undefined || !watchesNewDeviations(source)) return undefined;
  return { operation: result.operation, deviations: result.deviations };
}

/** The baseline file as read: its text, none (`undefined`), or why it could not be read. */
export type BaselineFileText = string | undefined | { problem: string };

/** What a run compares with, from the file beside the notebook. */
export function baselineStateOf(name: string, file: BaselineFileText, updating: boolean): BaselineState {
  if (updating) return { kind: 'updating', name };
  if (file === undefined) return { kind: 'loaded', name, exists: false, entries: [] };
  const entries = typeof file === 'string' ? parseBaseline(file) : file;
  return 'problem' in entries ? { kind: 'unreadable', name, problem: entries.problem } : { kind: 'loaded', name, exists: true, entries };
}

/** After a run: the file to write (with `--update-baseline`) and the lines that say what happened. */
export interface BaselineOutcome {
  write?: string;
  lines: string[];
  /** The same in numbers, for a shell that words it in its own language. */
  summary: BaselineSummary;
}

interface BaselineCounts {
  entries: number;
  added: number;
  removed: number;
  gone: number;
}

export type BaselineSummary =
  | ({ kind: 'written' } & BaselineCounts)
  | ({ kind: 'unchanged' } & BaselineCounts)
  | { kind: 'noWatchingCell' }
  | { kind: 'noAnswer' }
  | { kind: 'compared'; gone: number };

/** `add`: accept what is new, keep every entry; `prune`: and drop the entries the answered requests no longer show. */
export type BaselineUpdate = 'add' | 'prune';

/**
 * `watching`: how many cells said `expect no new deviations`; `observations`: what those that got an
 * answer saw. Updating writes the baseline with what is new (an unreadable file is replaced). Entries
 * no longer seen are news either way: the vendor came closer to the spec, or that deviation shows
 * only on some data; pruning is a separate, deliberate step.
 */
export function baselineOutcome(name: string, file: BaselineFileText, watching: number, observations: readonly BaselineObservation[], update: BaselineUpdate | undefined): BaselineOutcome {
  const parsed = typeof file === 'string' ? parseBaseline(file) : [];
  const previous: readonly BaselineEntry[] = 'problem' in parsed ? [] : parsed;
  const listed = (sign: string, entries: readonly BaselineEntry[]): string[] => entries.map((entry) => `    ${sign} ${describeBaselineEntry(entry, true)}`);
  const gone = goneEntries(previous, observations);
  const goneLines = (verb: string): string[] =>
    gone.length === 0 ? [] : [`${name}: ${gone.length} ${gone.length === 1 ? 'entry' : 'entries'} no longer seen, ${verb}:`, ...listed('?', gone)];
  if (update === undefined) return { summary: { kind: 'compared', gone: gone.length }, lines: goneLines('still accepted (the answers came closer to the spec, or show it only on some data; --update-baseline=prune removes them)') };
  if (watching === 0) return { summary: { kind: 'noWatchingCell' }, lines: [`${name}: not written: no cell says "expect no new deviations"`] };
  if (observations.length === 0) return { summary: { kind: 'noAnswer' }, lines: [`${name}: left as it was: no cell that says "expect no new deviations" got an answer`] };
  const refreshed = refreshedBaseline(previous, observations, update === 'prune');
  const text = serializeBaseline(refreshed.entries);
  const count = `${refreshed.entries.length} ${refreshed.entries.length === 1 ? 'entry' : 'entries'}`;
  const kept = update === 'add' ? goneLines('kept (--update-baseline=prune removes them)') : [];
  const numbers = { entries: refreshed.entries.length, added: refreshed.added.length, removed: refreshed.removed.length, gone: gone.length };
  if (text === file) return { summary: { kind: 'unchanged', ...numbers }, lines: [`${name}: unchanged, ${count}`, ...kept] };
  const replaced = typeof file === 'object' ? ' (replaced a file that could not be read)' : file === undefined ? ' (new file)' : '';
  return {
    write: text,
    summary: { kind: 'written', ...numbers },
    lines: [`${name}: wrote ${count}${replaced}: ${refreshed.added.length} added, ${refreshed.removed.length} removed`, ...listed('+', refreshed.added), ...listed('-', refreshed.removed), ...kept],
  };
}
