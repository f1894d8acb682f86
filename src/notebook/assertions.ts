// A request cell's `expect …` lines: read once when the cell is parsed, judged against what came
// back. Each message says what was expected and what was found, with the path, and for deviations
// the spec's section, so a failure reads on its own in a CI log.
import { DEVIATION_KINDS, type Deviation, type DeviationKind } from '../api/contract/deviations';
import { describeBaselineEntry, type BaselineEntry } from './deviationBaseline';
import { isFieldPath, parseFieldPath, valuesAt, type FieldPath } from './fieldPath';

export const COMPARE_OPERATORS = ['==', '!=', '<=', '>=', '<', '>'] as const;
export type CompareOperator = (typeof COMPARE_OPERATORS)[number];

export { DEVIATION_KINDS };

export type Assertion =
  | { kind: 'status'; expected: number }
  | { kind: 'statusClass'; hundreds: number }
  | { kind: 'count'; path: FieldPath; op: CompareOperator; expected: number }
  | { kind: 'compare'; path: FieldPath; op: CompareOperator; expected: unknown }
  | { kind: 'exists'; path: FieldPath }
  | { kind: 'missing'; path: FieldPath }
  | { kind: 'contains'; path: FieldPath; text: string }
  | { kind: 'deviationCount'; op: CompareOperator; expected: number }
  | { kind: 'noDeviationsOfKind'; deviationKind: DeviationKind }
  | { kind: 'noDeviationsAt'; pattern: string }
  | { kind: 'noNewDeviations' }
  | { kind: 'readingsEveryDay' };

/** What an assertion is judged against. */
export interface AssertionSubject {
  status: number | undefined;
  /** Absent when no body came back. */
  body: unknown;
  hasBody: boolean;
  deviations: readonly Deviation[];
  /** For `expect readings every day`: the days of the query's window without a reading, or why it cannot tell. */
  missingDays?: () => { missing: string[]; days: number } | { problem: string } | undefined;
  /** For `expect no new deviations`: the deviations the notebook's baseline does not hold; absent: the notebook has none. */
  baseline?: () => BaselineCheck;
}

/** The cell's deviations against the notebook's baseline file (deviationBaseline.ts). */
export type BaselineCheck =
  | { kind: 'compared'; name: string; exists: boolean; fresh: readonly Deviation[]; gone: readonly BaselineEntry[] }
  | { kind: 'updating'; name: string; accepted: number }
  | { kind: 'unreadable'; name: string; problem: string };

export interface Verdict {
  passed: boolean;
  message: string;
  section?: string;
}

const OPERATOR = String.raw`(==|!=|<=|>=|<|>)`;
const WHOLE_NUMBER = /^\d+$/;

/** The assertion of an `expect` line (without the word `expect`), or why it cannot be read. */
export function parseAssertion(text: string): Assertion | { problem: string } {
  const words = text.trim();
  let match: RegExpExecArray | null;
  if ((match = /^status\s+(\d{3})$/.exec(words))) return { kind: 'status', expected: Number(match[1]) };
  if ((match = /^status\s+([1-5])xx$/i.exec(words))) return { kind: 'statusClass', hundreds: Number(match[1]) };
  if (/^status\b/.test(words) && !new RegExp(`^status\\s*${OPERATOR}`).test(words)) {
    return { problem: `"expect ${words}": write "expect status 200" or "expect status 2xx"` };
  }
  if (/^no\s+deviations$/.test(words)) return { kind: 'deviationCount', op: '==', expected: 0 };
  if (/^no\s+new\s+deviations$/.test(words)) return { kind: 'noNewDeviations' };
  if ((match = new RegExp(`^deviations\\s*${OPERATOR}\\s*(\\S+)$`).exec(words))) {
    if (!WHOLE_NUMBER.test(match[2]!)) return { problem: `"expect ${words}": the number of deviations is a whole number` };
    return { kind: 'deviationCount', op: match[1] as CompareOperator, expected: Number(match[2]) };
  }
  if ((match = /^no\s+deviations\s+of\s+kind\s+(\S+)$/.exec(words))) {
    const kind = DEVIATION_KINDS.find((candidate) => candidate.toLowerCase() === match![1]!.toLowerCase());
    if (!kind) return { problem: `unknown deviation kind "${match[1]}": one of ${DEVIATION_KINDS.join(', ')}` };
    return { kind: 'noDeviationsOfKind', deviationKind: kind };
  }
  if ((match = /^no\s+deviations\s+at\s+(\S+)$/.exec(words))) return { kind: 'noDeviationsAt', pattern: match[1]! };
  if (/^no\s+(new\s+)?deviations\b/.test(words) || /^deviations\b/.test(words)) {
    return { problem: `"expect ${words}": write "no deviations", "no new deviations", "deviations <= N", "no deviations of kind KIND" or "no deviations at PATTERN"` };
  }
  if (/^readings\s+every\s+day$/.test(words)) return { kind: 'readingsEveryDay' };

  if ((match = new RegExp(`^count\\s+(\\S+)\\s*${OPERATOR}\\s*(\\S+)$`).exec(words))) {
    const path = parseFieldPath(match[1]!);
    if (!isFieldPath(path)) return path;
    if (!WHOLE_NUMBER.test(match[3]!)) return { problem: `"expect ${words}": a count is compared with a whole number` };
    return { kind: 'count', path, op: match[2] as CompareOperator, expected: Number(match[3]) };
  }
  if ((match = /^(\S+)\s+(exists|missing)$/.exec(words))) {
    const path = parseFieldPath(match[1]!);
    if (!isFieldPath(path)) return path;
    return { kind: match[2] === 'exists' ? 'exists' : 'missing', path };
  }
  if ((match = /^(\S+)\s+contains\s+(.+)$/.exec(words))) {
    const path = parseFieldPath(match[1]!);
    if (!isFieldPath(path)) return path;
    return { kind: 'contains', path, text: unquoted(match[2]!.trim()) };
  }
  if ((match = new RegExp(`^([^\\s=!<>]+)\\s*${OPERATOR}\\s*(.+)$`).exec(words))) {
    const path = parseFieldPath(match[1]!);
    if (!isFieldPath(path)) return path;
    return { kind: 'compare', path, op: match[2] as CompareOperator, expected: literal(match[3]!.trim()) };
  }
  return {
    problem: `cannot read "expect ${words}": try "expect status 200", "expect count users >= 1", "expect user_id exists", "expect users[0].client_user_id == patient-0042" or "expect no deviations"`,
  };
}

/** A JSON literal, else the bare word as text. */
function literal(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return unquoted(text);
  }
}

function unquoted(text: string): string {
  if (text.length >= 2 && ((text.startsWith('"') && text.endsWith('"')) || (text.startsWith("'") && text.endsWith("'")))) {
    try {
      return text.startsWith('"') ? (JSON.parse(text) as string) : text.slice(1, -1);
    } catch {
      return text.slice(1, -1);
    }
  }
  return text;
}

export function compare(actual: unknown, op: CompareOperator, expected: unknown): boolean {
  switch (op) {
    case '==':
      return sameValue(actual, expected);
    case '!=':
      return !sameValue(actual, expected);
    default: {
      const ordered =
        (typeof actual === 'number' && typeof expected === 'number') || (typeof actual === 'string' && typeof expected === 'string');
      if (!ordered) return false;
      const [a, b] = [actual as number | string, expected as number | string];
      return op === '<' ? a < b : op === '<=' ? a <= b : op === '>' ? a > b : a >= b;
    }
  }
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  const bKeys = Object.keys(b);
  if (aKeys.length !== bKeys.length) return false;
  return aKeys.every((key) => Object.hasOwn(b, key) && sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/** A value in a message: JSON, shortened. */
export function shown(value: unknown, max = 80): string {
  const text = value === undefined ? 'nothing' : (JSON.stringify(value) ?? String(value));
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function deviationLine(deviation: Deviation): string {
  const place = deviation.pattern === '' ? 'the request' : deviation.pattern;
  const times = deviation.count > 1 ? ` (${deviation.count} of ${deviation.of})` : '';
  return `${deviation.kind} at ${place}${times}: ${deviation.spec} (spec ${deviation.section})`;
}

function deviationVerdict(found: readonly Deviation[], passed: boolean, what: string): Verdict {
  if (passed) return { passed, message: found.length === 0 ? `no deviations${what}` : `${found.length} deviation${found.length === 1 ? '' : 's'}${what}` };
  const listed = found.slice(0, 3).map(deviationLine);
  const more = found.length > 3 ? `; and ${found.length - 3} more` : '';
  return {
    passed,
    message: `${found.length} deviation${found.length === 1 ? '' : 's'}${what}: ${listed.join('; ')}${more}`,
    ...(found[0] ? { section: found[0].section } : {}),
  };
}

/** Whether a deviation is at `pattern`: the same place, a place below it, or a `*` glob over it. */
export function deviationIsAt(deviation: Deviation, pattern: string): boolean {
  const places = [deviation.pattern, deviation.path, ...deviation.paths];
  const glob = new RegExp(`^${pattern.replace(/^\$\./, '').replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}(?:$|[.[])`);
  return places.some((place) => place === pattern || glob.test(place));
}

const deviationPlace = (deviation: Deviation): string => `${deviation.kind} at ${deviation.pattern === '' ? 'the request' : deviation.pattern} (spec ${deviation.section})`;

/** Every new deviation is named (a CI log is where the team learns of it); entries no longer seen are news, not failures. */
function noNewDeviationsVerdict(subject: AssertionSubject): Verdict {
  const check = subject.baseline?.();
  if (!check) return { passed: false, message: 'no new deviations: this notebook has no baseline to compare with: save it as a file (its baseline is kept beside it)' };
  if (check.kind === 'unreadable') return { passed: false, message: `no new deviations: the baseline ${check.name} cannot be read: ${check.problem}` };
  if (check.kind === 'updating') return { passed: true, message: `${check.accepted} deviation${check.accepted === 1 ? '' : 's'} written to the baseline ${check.name}` };
  const gone = check.gone.length === 0 ? '' : `; no longer seen (--update-baseline=prune tidies): ${check.gone.map((entry) => describeBaselineEntry(entry)).join('; ')}`;
  if (check.fresh.length === 0) {
    const held = subject.deviations.length === 0 ? 'no deviations' : `${subject.deviations.length} deviation${subject.deviations.length === 1 ? '' : 's'}, each in the baseline ${check.name}`;
    return { passed: true, message: `${held}${gone}` };
  }
  const where = check.exists ? `not in the baseline ${check.name}` : `and no baseline ${check.name} yet (run --update-baseline or Update Deviation Baseline writes it)`;
  const count = check.fresh.length;
  return {
    passed: false,
    message: `${count} new deviation${count === 1 ? '' : 's'} ${where}: ${check.fresh.map(deviationPlace).join('; ')}${gone}`,
    section: check.fresh[0]!.section,
  };
}

function describePath(path: FieldPath, values: unknown[]): string {
  return values.length === 0 ? `${path.text} is not in the response` : `${path.text} is ${shown(values.length === 1 ? values[0] : values)}`;
}

export function evaluateAssertion(assertion: Assertion, subject: AssertionSubject): Verdict {
  switch (assertion.kind) {
    case 'status': {
      const passed = subject.status === assertion.expected;
      return { passed, message: subject.status === undefined ? `expected status ${assertion.expected}, no response came back` : `expected status ${assertion.expected}, got ${subject.status}` };
    }
    case 'statusClass': {
      const passed = subject.status !== undefined && Math.floor(subject.status / 100) === assertion.hundreds;
      return { passed, message: subject.status === undefined ? `expected status ${assertion.hundreds}xx, no response came back` : `expected status ${assertion.hundreds}xx, got ${subject.status}` };
    }
    case 'deviationCount': {
      const passed = compare(subject.deviations.length, assertion.op, assertion.expected);
      const verdict = deviationVerdict(subject.deviations, passed, '');
      return assertion.op === '==' && assertion.expected === 0 ? verdict : { ...verdict, message: `expected deviations ${assertion.op} ${assertion.expected}: ${verdict.message}` };
    }
    case 'noDeviationsOfKind': {
      const found = subject.deviations.filter((deviation) => deviation.kind === assertion.deviationKind);
      return deviationVerdict(found, found.length === 0, ` of kind ${assertion.deviationKind}`);
    }
    case 'noDeviationsAt': {
      const found = subject.deviations.filter((deviation) => deviationIsAt(deviation, assertion.pattern));
      return deviationVerdict(found, found.length === 0, ` at ${assertion.pattern}`);
    }
    case 'noNewDeviations':
      return noNewDeviationsVerdict(subject);
    case 'readingsEveryDay': {
      const days = subject.missingDays?.();
      if (!days) return { passed: false, message: 'readings every day: only a blood-pressure cell has readings' };
      if ('problem' in days) return { passed: false, message: `readings every day: ${days.problem}` };
      if (days.missing.length === 0) return { passed: true, message: `a reading on each of the ${days.days} days` };
      const listed = days.missing.length > 5 ? `${days.missing.slice(0, 5).join(', ')} and ${days.missing.length - 5} more` : days.missing.join(', ');
      return { passed: false, message: `${days.missing.length} of ${days.days} days without a reading: ${listed}` };
    }
  }
  if (!subject.hasBody) return { passed: false, message: `${assertion.path.text}: no response body to look in` };
  const { values, many } = valuesAt(subject.body, assertion.path);
  switch (assertion.kind) {
    case 'exists':
      return { passed: values.length > 0, message: values.length > 0 ? describePath(assertion.path, values) : `${assertion.path.text} is not in the response` };
    case 'missing':
      return { passed: values.length === 0, message: values.length === 0 ? `${assertion.path.text} is not in the response` : `expected ${assertion.path.text} missing: ${describePath(assertion.path, values)}` };
    case 'count': {
      const only = values[0];
      const count = many || values.length !== 1 ? values.length : Array.isArray(only) ? only.length : typeof only === 'object' && only !== null ? Object.keys(only).length : 1;
      const passed = compare(count, assertion.op, assertion.expected);
      const absent = values.length === 0 ? ` (${assertion.path.text} is not in the response)` : '';
      return { passed, message: `expected count ${assertion.path.text} ${assertion.op} ${assertion.expected}, got ${count}${absent}` };
    }
    case 'contains': {
      if (values.length === 0) return { passed: false, message: `expected ${assertion.path.text} to contain ${shown(assertion.text)}: ${assertion.path.text} is not in the response` };
      const expected = literal(assertion.text);
      const holds = (value: unknown): boolean =>
        typeof value === 'string' ? value.includes(assertion.text) : Array.isArray(value) ? value.some((item) => sameValue(item, expected) || item === assertion.text) : false;
      const failing = values.findIndex((value) => !holds(value));
      return {
        passed: failing === -1,
        message: failing === -1 ? `${assertion.path.text} contains ${shown(assertion.text)}` : `expected ${assertion.path.text}${many ? `[${failing}]` : ''} to contain ${shown(assertion.text)}, got ${shown(values[failing])}`,
      };
    }
    case 'compare': {
      if (values.length === 0) return { passed: false, message: `expected ${assertion.path.text} ${assertion.op} ${shown(assertion.expected)}: ${assertion.path.text} is not in the response` };
      const failing = values.findIndex((value) => !compare(value, assertion.op, assertion.expected));
      return {
        passed: failing === -1,
        message:
          failing === -1
            ? `${describePath(assertion.path, values)}`
            : `expected ${assertion.path.text}${many ? ` (item ${failing})` : ''} ${assertion.op} ${shown(assertion.expected)}, got ${shown(values[failing])}`,
      };
    }
  }
}
