// A PATH in `let` and `expect`: `user_id`, `users[0].client_user_id`, `groups.omron[0].data[2].systolic`,
// `$.` in front allowed, `[*]` for every item, `["odd key"]` for any key. Two names stand for places
// the response spreads out: `readings` (every blood-pressure reading of every group) and `markers`.

export type PathSegment = { field: string } | { index: number } | { every: true };

export interface FieldPath {
  /** As written, for messages. */
  text: string;
  segments: PathSegment[];
}

const NAME = /^[A-Za-z_$][\w$-]*/;

/** The path, or why it cannot be read. */
export function parseFieldPath(text: string): FieldPath | { problem: string } {
  const written = text.trim();
  let rest = written.startsWith('$.') ? written.slice(2) : written === '$' ? '' : written;
  const segments: PathSegment[] = [];
  while (rest !== '') {
    if (rest.startsWith('.') && segments.length > 0) rest = rest.slice(1);
    const name = NAME.exec(rest);
    if (name) {
      segments.push({ field: name[0] });
      rest = rest.slice(name[0].length);
      continue;
    }
    const bracket = /^\[\s*(\*|\d+|"(?:[^"\\]|\\.)*"|'[^']*')\s*\]/.exec(rest);
    if (!bracket) return { problem: `cannot read the path "${written}" at "${rest.slice(0, 20)}"` };
    const inside = bracket[1]!;
    if (inside === '*') segments.push({ every: true });
    else if (/^\d+$/.test(inside)) segments.push({ index: Number(inside) });
    else if (inside.startsWith("'")) segments.push({ field: inside.slice(1, -1) });
    else segments.push({ field: JSON.parse(inside) as string });
    rest = rest.slice(bracket[0].length);
  }
  return { text: written === '' ? '$' : written, segments };
}

export function isFieldPath(value: FieldPath | { problem: string }): value is FieldPath {
  return 'segments' in value;
}

/** A body's readings, gathered once: a cell's assertions (`count readings`, `readings[0].systolic`) share them. */
const READINGS = new WeakMap<object, unknown[]>();

/** Every blood-pressure reading of every group of a grouped body, in the order sent. Read only: the list is shared. */
export function readingsOf(body: unknown): readonly unknown[] {
  const groups = isRecord(body) ? body.groups : undefined;
  if (!isRecord(groups)) return [];
  let readings = READINGS.get(groups);
  if (readings === undefined) {
    readings = gatherReadings(groups);
    READINGS.set(groups, readings);
  }
  return readings;
}

/** The groups' `data` arrays, then one list sized once and filled in place (no growing copy of 100,000 items). */
function gatherReadings(groups: Record<string, unknown>): unknown[] {
  const lists: unknown[][] = [];
  let total = 0;
  for (const key of Object.keys(groups)) {
    const sourceGroups = groups[key];
    if (!Array.isArray(sourceGroups)) continue;
    for (const group of sourceGroups) {
      if (isRecord(group) && Array.isArray(group.data)) {
        lists.push(group.data);
        total += group.data.length;
      }
    }
  }
  const readings: unknown[] = new Array(total);
  let at = 0;
  for (const list of lists) for (let index = 0; index < list.length; index++) readings[at++] = list[index];
  return readings;
}

export interface PathValues {
  /** The values found; one for a plain path, any number through `[*]`. */
  values: unknown[];
  /** Whether the path has `[*]` (or starts at `readings`): then it names many places. */
  many: boolean;
}

/** The values at `path` in `body`. A missing place gives no value, never an error. */
export function valuesAt(body: unknown, path: FieldPath): PathValues {
  let current: unknown[] = [body];
  let many = false;
  path.segments.forEach((segment, position) => {
    if (position === 0 && 'field' in segment && segment.field === 'readings' && !(isRecord(body) && 'readings' in body)) {
      current = [readingsOf(body)];
      return;
    }
    const next: unknown[] = [];
    for (const value of current) {
      if ('every' in segment) {
        many = true;
        if (Array.isArray(value)) next.push(...value);
        else if (isRecord(value)) next.push(...Object.values(value));
      } else if ('index' in segment) {
        if (Array.isArray(value) && segment.index < value.length) next.push(value[segment.index]);
      } else if (isRecord(value) && Object.hasOwn(value, segment.field)) {
        next.push(value[segment.field]);
      }
    }
    current = next;
  });
  return { values: current, many };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
