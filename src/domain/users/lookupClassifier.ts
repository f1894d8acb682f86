// What a piece of text taken from an editor, a debugger or a terminal could be: the pure half of
// "Look up in Health Data". The shell then tries the candidates in order against the API.
import { isUuid } from '../inputValidation';

export type LookupTarget = 'userId' | 'labTestId' | 'clientUserId';

export type LookupPlan =
  | { kind: 'id'; value: string; tries: LookupTarget[] }
  | { kind: 'junk'; reason: 'empty' | 'tooLong' | 'notAnId' };

export interface KnownIds {
  /** Lab test ids seen in this environment (recents, the local sandbox's samples). */
  labTestIds?: ReadonlySet<string>;
  /** Whether a user_id (lower case) belongs to a user already fetched in this window. */
  isKnownUserId?: (userId: string) => boolean;
}

/** Longest text taken as an id; anything longer is prose or a whole log line. */
export const MAX_ID_LENGTH = 128;

/** A client_user_id the team chose: printable, no spaces, no path or query characters. */
const CLIENT_USER_ID = /^[A-Za-z0-9][A-Za-z0-9._:@+|~-]*$/;

/**
 * Strips what surrounds an id where it was found: whitespace, quotes of a JSON or source string,
 * a debugger's quoted value, `{}` of a braced GUID, a `urn:uuid:` prefix, a trailing comma.
 */
export function unwrapIdText(text: string): string {
  let value = text.trim();
  for (let round = 0; round < 3; round++) {
    const before = value;
    value = value.replace(/[,;]+$/, '').trim();
    const quoted = /^(["'`])([\s\S]*)\1$/.exec(value) ?? /^\{([\s\S]*)\}$/.exec(value);
    if (quoted) value = (quoted[2] ?? quoted[1] ?? '').trim();
    value = value.replace(/^urn:uuid:/i, '');
    if (value === before) break;
  }
  return value;
}

const EMBEDDED_UUID = /(?<![0-9a-f-])[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![0-9a-f-])/gi;
/** Longest selection searched for a single UUID (a log line or two). */
const MAX_SELECTION_LENGTH = 2_000;

/**
 * Decides what `text` may be, and in which order to try it. A UUID can be a user_id or a lab test
 * id (both are UUIDs): a user already fetched goes first (no request), then the lab test (one
 * request), then the user searched page by page (many). Anything else shaped like an identifier is
 * a client_user_id. A longer selection (a log line) holding exactly one UUID is that UUID; the
 * rest is refused before a request is made.
 */
export function classifyLookupText(text: string, known: KnownIds = {}): LookupPlan {
  const value = unwrapIdText(text);
  if (value === '') return { kind: 'junk', reason: 'empty' };
  if (isUuid(value)) return uuidPlan(value.toLowerCase(), known);
  if (value.length <= MAX_ID_LENGTH && CLIENT_USER_ID.test(value)) return { kind: 'id', value, tries: ['clientUserId'] };
  if (value.length <= MAX_SELECTION_LENGTH) {
    const uuids = new Set([...value.matchAll(EMBEDDED_UUID)].map((match) => match[0].toLowerCase()));
    const [only] = uuids;
    if (uuids.size === 1 && only) return uuidPlan(only, known);
  }
  return { kind: 'junk', reason: value.length > MAX_ID_LENGTH ? 'tooLong' : 'notAnId' };
}

function uuidPlan(id: string, known: KnownIds): LookupPlan {
  const tries: LookupTarget[] =
    known.labTestIds?.has(id) || !known.isKnownUserId?.(id) ? ['labTestId', 'userId'] : ['userId', 'labTestId'];
  return { kind: 'id', value: id, tries };
}

/** The id-like token around `offset` in `line`, for the word under the cursor or a hover. */
export function idTokenAt(line: string, offset: number): { start: number; end: number; text: string } | undefined {
  const isIdChar = (char: string | undefined): boolean => char !== undefined && /[A-Za-z0-9._:@+|~-]/.test(char);
  if (!isIdChar(line[offset]) && !isIdChar(line[offset - 1])) return undefined;
  let start = isIdChar(line[offset]) ? offset : offset - 1;
  let end = start + 1;
  while (start > 0 && isIdChar(line[start - 1])) start--;
  while (end < line.length && isIdChar(line[end])) end++;
  // Sentence punctuation around a token is not part of it ("see patient-0001.").
  let text = line.slice(start, end);
  const lead = /^[.:]+/.exec(text)?.[0].length ?? 0;
  const trail = /[.:]+$/.exec(text)?.[0].length ?? 0;
  text = text.slice(lead, text.length - trail);
  if (text === '') return undefined;
  return { start: start + lead, end: end - trail, text };
}
