// What the contract lens reports: one Deviation per way a response differs from the spec, with the
// same deviation on many items summarised exactly (how many, out of how many, the first paths), so a
// page of 100,000 readings that all carry an extra field is one entry, not 100,000.

export type DeviationKind =
  /** A field the spec requires is not there. */
  | 'missingRequired'
  /** null where the spec does not allow null. */
  | 'nullNotAllowed'
  /** A value of another type than the spec's. */
  | 'unexpectedType'
  /** A field the spec does not have. */
  | 'unknownField'
  /** An open value (source.type, marker type, unit) the product has not seen before. */
  | 'unknownValue'
  /** A deprecated field or parameter in use (request `cursor`, response `next`, connected source `source`). */
  | 'deprecated'
  /** Paging that does not add up: a page longer than its size or limit, `total` below what was shown, a cursor that repeats. */
  | 'pagingMismatch'
  /** The request was answered with a redirect that the client followed. */
  | 'redirectFollowed'
  /** A reading's timezone_offset and the offset written in its timestamp disagree on its wall time. */
  | 'offsetMismatch';

/** Every kind, once: a Record so a new kind cannot be left out of the lists built from it. */
const KIND_PRESENT: Record<DeviationKind, true> = {
  missingRequired: true,
  nullNotAllowed: true,
  unexpectedType: true,
  unknownField: true,
  unknownValue: true,
  deprecated: true,
  pagingMismatch: true,
  redirectFollowed: true,
  offsetMismatch: true,
};

export const DEVIATION_KINDS = Object.keys(KIND_PRESENT) as readonly DeviationKind[];

export function isDeviationKind(value: unknown): value is DeviationKind {
  return typeof value === 'string' && Object.hasOwn(KIND_PRESENT, value);
}

export interface Deviation {
  kind: DeviationKind;
  /** JSON path of the first occurrence, e.g. `markers[3].lab_id`; `?cursor` for a query parameter, `` for the request itself. */
  path: string;
  /** The place for every occurrence: indexes as `[*]`, keys of `groups` as `.*`, e.g. `markers[*].lab_id`. */
  pattern: string;
  /** How many times it occurs in the response. */
  count: number;
  /** How many objects the response has at that place (the 50 in "missing in 40 of 50 markers"). */
  of: number;
  /** The first occurrences' paths, in document order (at most MAX_PATHS). */
  paths: string[];
  /** The value or type seen, where it matters: the unknown value, the type received, the redirect. */
  value?: string;
  /** What the spec says. */
  spec: string;
  /** The spec's section, e.g. "2.3". */
  section: string;
}

export const MAX_PATHS = 5;

/** The path of one place, from segments: field names, array indexes and keys of `groups`. */
export function formatPath(segments: readonly (string | number)[]): string {
  let path = '';
  for (const segment of segments) {
    if (typeof segment === 'number') path += `[${segment}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(segment)) path += path === '' ? segment : `.${segment}`;
    else path += `[${JSON.stringify(segment)}]`;
  }
  return path;
}

interface Entry extends Deviation {
  /** Objects at the parent place: `of` is read from it when the list is done. */
  parent: PlaceCounter | undefined;
}

/** Counts the objects the walk visits at one place (every marker, every reading…). */
export interface PlaceCounter {
  visits: number;
}

/**
 * Collects deviations, one entry per (kind, place, value). The walker hands it the place's pattern
 * (built once per place, not per item) and a way to build the concrete path, called only for the
 * first MAX_PATHS occurrences.
 */
export class DeviationCollector {
  /** Entries per place; a place rarely has more than one or two, so they are searched in a row. */
  // Made on the first deviation: a conforming response costs no collections.
  private byPattern: Map<string, Entry[]> | undefined;
  private ordered: Entry[] | undefined;

  /** Positional arguments and no key strings: a page of 100,000 alike readings costs no allocation per reading. */
  add(
    kind: DeviationKind,
    pattern: string,
    path: string | (() => string),
    spec: string,
    section: string,
    value?: string,
    parent?: PlaceCounter,
  ): void {
    this.byPattern ??= new Map();
    this.ordered ??= [];
    let entries = this.byPattern.get(pattern);
    if (entries) {
      for (let index = 0; index < entries.length; index++) {
        const entry = entries[index] as Entry;
        if (entry.kind !== kind || entry.value !== value) continue;
        entry.count++;
        if (entry.paths.length < MAX_PATHS) entry.paths.push(typeof path === 'string' ? path : path());
        return;
      }
    } else {
      entries = [];
      this.byPattern.set(pattern, entries);
    }
    const first = typeof path === 'string' ? path : path();
    const entry: Entry = { kind, path: first, pattern, count: 1, of: 1, paths: [first], spec, section, parent };
    if (value !== undefined) entry.value = value;
    entries.push(entry);
    this.ordered.push(entry);
  }

  get isEmpty(): boolean {
    return this.ordered === undefined;
  }

  /** The deviations in the order they were first met. */
  list(): Deviation[] {
    if (!this.ordered) return [];
    return this.ordered.map(({ parent, ...deviation }) => ({ ...deviation, of: Math.max(deviation.count, parent?.visits ?? 1) }));
  }
}

/** Occurrences over every deviation: "differs from the spec in N places" counts these. */
export function deviationCount(deviations: readonly Deviation[]): number {
  let total = 0;
  for (const deviation of deviations) total += deviation.count;
  return total;
}
