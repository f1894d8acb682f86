// A notebook's deviation baseline: the deviations from the spec a team has seen from the vendor and
// accepted, kept beside the notebook (`x.hdnb.md` → `x.hdnb.baseline.json`) and committed with it, so
// `expect no new deviations` fails only when the vendor's contract moves. An entry is the request (the
// spec's path template), the kind, the place (`groups.*[*].data[*].timezone_offset`) and the spec
// section: never a value, an id or a date, so the file holds nothing about a person and changes only
// when the contract does. The file is sorted, one entry a line: a change reads as a one-line diff.
import { isDeviationKind, type Deviation, type DeviationKind } from '../api/contract/deviations';
import { CONTRACT_OPERATIONS, SPEC_PATHS } from '../api/contract/inspect';
import type { RequestOperationName } from '../api/requests';
import { NOTEBOOK_FILE_SUFFIX } from './model';

export const BASELINE_FILE_SUFFIX = '.hdnb.baseline.json';
export const BASELINE_FORMAT_VERSION = 1;

export interface BaselineEntry {
  /** The spec's request, e.g. `GET /v2/user/resolve/{client_user_id}`. */
  request: string;
  kind: DeviationKind;
  /** The deviation's place as the lens names it (its `pattern`); '' for the request itself. */
  at: string;
  section: string;
}

/** What a run compares with: the file as read (none yet: no entries), or the run that writes it. */
export type BaselineState =
  | { kind: 'loaded'; name: string; exists: boolean; entries: readonly BaselineEntry[] }
  | { kind: 'unreadable'; name: string; problem: string }
  | { kind: 'updating'; name: string };

/** One cell's answer as the baseline sees it: which request, and the deviations over all its pages. */
export interface BaselineObservation {
  operation: RequestOperationName;
  deviations: readonly Deviation[];
}

/** The baseline beside a notebook: `checks/vendor.hdnb.md` → `checks/vendor.hdnb.baseline.json`. */
export function baselinePathOf(notebookPath: string): string {
  const stem = notebookPath.endsWith(NOTEBOOK_FILE_SUFFIX) ? notebookPath.slice(0, -NOTEBOOK_FILE_SUFFIX.length) : notebookPath;
  return `${stem}${BASELINE_FILE_SUFFIX}`;
}

/** The spec's request of a client call, without the base URL: the same for every id and date. */
export function baselineRequestOf(operation: RequestOperationName): string {
  return SPEC_PATHS[CONTRACT_OPERATIONS[operation]].replace('{base_url}', '');
}

export function baselineEntryOf(operation: RequestOperationName, deviation: Deviation): BaselineEntry {
  return { request: baselineRequestOf(operation), kind: deviation.kind, at: deviation.pattern, section: deviation.section };
}

const keyOf = (entry: BaselineEntry): string => `${entry.request}\u0000${entry.at}\u0000${entry.kind}\u0000${entry.section}`;

/** Code-unit order, never the locale's: the file is the same on every machine. */
const byKey = (a: BaselineEntry, b: BaselineEntry): number => {
  const [x, y] = [keyOf(a), keyOf(b)];
  return x < y ? -1 : x > y ? 1 : 0;
};

/** Each entry once, in the file's order. */
export function normalisedEntries(entries: Iterable<BaselineEntry>): BaselineEntry[] {
  const unique = new Map<string, BaselineEntry>();
  for (const entry of entries) unique.set(keyOf(entry), { request: entry.request, kind: entry.kind, at: entry.at, section: entry.section });
  return [...unique.values()].sort(byKey);
}

/** "unknownField at loyalty_tier (spec 3.1)", with the request in front when asked. */
export function describeBaselineEntry(entry: BaselineEntry, withRequest = false): string {
  const text = `${entry.kind} at ${entry.at === '' ? 'the request' : entry.at} (spec ${entry.section})`;
  return withRequest ? `${entry.request}: ${text}` : text;
}

export function serializeBaseline(entries: Iterable<BaselineEntry>): string {
  const lines = normalisedEntries(entries).map(
    (entry) => `    { "request": ${JSON.stringify(entry.request)}, "kind": ${JSON.stringify(entry.kind)}, "at": ${JSON.stringify(entry.at)}, "section": ${JSON.stringify(entry.section)} }`,
  );
  const list = lines.length === 0 ? '[]' : `[\n${lines.join(',\n')}\n  ]`;
  return `{\n  "version": ${BASELINE_FORMAT_VERSION},\n  "deviations": ${list}\n}\n`;
}

/** The entries of a baseline file, however it is laid out, or what is wrong with it. */
export function parseBaseline(text: string): BaselineEntry[] | { problem: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { problem: `not JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { problem: 'not a baseline: expected an object with "deviations"' };
  const { version, deviations } = parsed as { version?: unknown; deviations?: unknown };
  if (typeof version === 'number' && version > BASELINE_FORMAT_VERSION) return { problem: `written by a newer version (format ${version}): update Health Data` };
  if (!Array.isArray(deviations)) return { problem: 'not a baseline: "deviations" is not a list' };
  const entries: BaselineEntry[] = [];
  for (const [index, item] of deviations.entries()) {
    const entry = item as Partial<Record<keyof BaselineEntry, unknown>> | null;
    const fields = entry && typeof entry === 'object' ? [entry.request, entry.at, entry.section] : [];
    if (!entry || fields.length === 0 || fields.some((field) => typeof field !== 'string')) {
      return { problem: `entry ${index + 1} needs "request", "kind", "at" and "section" as text` };
    }
    if (!isDeviationKind(entry.kind)) return { problem: `entry ${index + 1}: "${String(entry.kind)}" is not a deviation kind` };
    entries.push({ request: entry.request as string, kind: entry.kind, at: entry.at as string, section: entry.section as string });
  }
  return normalisedEntries(entries);
}

/** A cell's deviations the baseline does not hold (new), and the baseline's entries for its request it did not show (gone). */
export function compareWithBaseline(observation: BaselineObservation, baseline: readonly BaselineEntry[]): { fresh: Deviation[]; gone: BaselineEntry[] } {
  const request = baselineRequestOf(observation.operation);
  const known = new Set(baseline.map(keyOf));
  const seen = new Set(observation.deviations.map((deviation) => keyOf(baselineEntryOf(observation.operation, deviation))));
  return {
    fresh: observation.deviations.filter((deviation) => !known.has(keyOf(baselineEntryOf(observation.operation, deviation)))),
    gone: baseline.filter((entry) => entry.request === request && !seen.has(keyOf(entry))),
  };
}

/** Entries of requests the run answered that none of its answers showed: the contract got better there. */
export function goneEntries(baseline: readonly BaselineEntry[], observations: readonly BaselineObservation[]): BaselineEntry[] {
  const answered = new Set(observations.map((observation) => baselineRequestOf(observation.operation)));
  const seen = new Set(observations.flatMap((observation) => observation.deviations.map((deviation) => keyOf(baselineEntryOf(observation.operation, deviation)))));
  return baseline.filter((entry) => answered.has(entry.request) && !seen.has(keyOf(entry)));
}

export interface RefreshedBaseline {
  entries: BaselineEntry[];
  added: BaselineEntry[];
  removed: BaselineEntry[];
  /** Entries the run's answers did not show that stay in the file (without prune: every one of them). */
  unseen: BaselineEntry[];
}

/**
 * The baseline after a run: every entry it had, and each deviation the run showed that it did not.
 * With `prune`, the entries of requests the run answered that none of its answers showed go; those of
 * requests it did not answer (a cell that failed to run) stay either way, so a bad night never empties it.
 */
export function refreshedBaseline(previous: readonly BaselineEntry[], observations: readonly BaselineObservation[], prune: boolean): RefreshedBaseline {
  const gone = new Set(goneEntries(previous, observations).map(keyOf));
  const seen = observations.flatMap((observation) => observation.deviations.map((deviation) => baselineEntryOf(observation.operation, deviation)));
  const entries = normalisedEntries([...previous.filter((entry) => !prune || !gone.has(keyOf(entry))), ...seen]);
  const before = new Set(previous.map(keyOf));
  const after = new Set(entries.map(keyOf));
  const seenKeys = new Set(seen.map(keyOf));
  return {
    entries,
    added: entries.filter((entry) => !before.has(keyOf(entry))),
    removed: normalisedEntries(previous.filter((entry) => !after.has(keyOf(entry)))),
    unseen: entries.filter((entry) => !seenKeys.has(keyOf(entry))),
  };
}
