// A request cell's text, line by line: the request line (an HTTP message line, a pasted URL or a
// pasted curl command), optional headers, a POST's JSON body after a blank line, then directives
// (`pages`, `let`, `expect`). Comments (`#…`, `//…`) may stand on any line. Variables are left as
// written: the runner fills them in when the cell runs.
import { parseAssertion, type Assertion } from './assertions';
import { parseCurlCommand, curlCommandLines } from './curlCommand';
import { isFieldPath, parseFieldPath, type FieldPath } from './fieldPath';
import { isPlaceholderKeyHeader, keyHeaderProblem } from './keyHeaders';
import { splitHostPlaceholder } from './referencePlaceholders';
import { RecentlyUsed } from './recentlyUsed';

export interface CellLet {
  name: string;
  path: FieldPath;
  line: number;
}

export interface CellAssertion {
  /** 1-based line in the cell. */
  line: number;
  /** The line as written, without a trailing comment. */
  text: string;
  assertion: Assertion;
}

export interface ParsedRequestCell {
  method: 'GET' | 'POST';
  /** Path and query as written (variables not filled in yet); never a host. */
  target: string;
  /** 1-based line of the request line. */
  line: number;
  /** The host of a pasted absolute URL or curl command: not used, the environment decides. */
  ignoredHost?: string;
  /** The host was a placeholder of the API reference (`{{BASE_URL}}`): it stands for the environment's address. */
  hostPlaceholder?: boolean;
  /** Key headers whose value was a placeholder (`<API_KEY>`): left out, the environment's key goes instead. */
  placeholderKeyHeaders?: string[];
  fromCurl: boolean;
  /** A POST's JSON body as written, with the line it starts on. */
  body?: { text: string; line: number };
  pages: 'all' | 'first';
  lets: CellLet[];
  assertions: CellAssertion[];
}

export interface CellSyntaxError {
  kind: 'syntax' | 'keyInCell';
  message: string;
  /** 1-based line in the cell. */
  line: number;
}

export function isCellSyntaxError(value: ParsedRequestCell | CellSyntaxError): value is CellSyntaxError {
  return 'kind' in value;
}

const COMMENT_LINE = /^\s*(#|\/\/)/;
const DIRECTIVE = /^\s*(pages|let|expect)(\s|$)/;
const HEADER_LINE = /^([A-Za-z0-9!#$%&'*+.^_`|~-]+)\s*:\s*(.*)$/;
const HTTP_VERSION = /\s+HTTP\/\d(?:\.\d)?\s*$/i;

const syntaxError = (line: number, message: string): CellSyntaxError => ({ kind: 'syntax', line, message });

/** A directive line without its trailing comment (` # …` or ` // …` outside quotes). */
export function withoutTrailingComment(line: string): string {
  let quote: string | undefined;
  for (let index = 0; index < line.length; index++) {
    const char = line[index]!;
    if (quote) {
      if (char === '\\') index++;
      else if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (/\s/.test(char) && (line[index + 1] === '#' || line.startsWith('//', index + 1))) {
      return line.slice(0, index).trimEnd();
    }
  }
  return line.trimEnd();
}

/** The target of a request line: an absolute URL (or one whose host is a placeholder) loses its host, a bare path gains its slash. */
function splitTarget(written: string): { target: string; host?: string; hostPlaceholder?: boolean } {
  const trimmed = written.trim();
  const placeholder = splitHostPlaceholder(trimmed);
  if (placeholder) return { ...splitTarget(placeholder.rest), host: placeholder.host, hostPlaceholder: true };
  const absolute = /^https?:\/\/([^/?#]*)([^#]*)/i.exec(trimmed);
  if (absolute) return { target: absolute[2] === '' ? '/' : absolute[2]!.startsWith('/') ? absolute[2]! : `/${absolute[2]}`, host: absolute[1]! };
  const path = trimmed.replace(/#.*$/, '');
  return { target: path.startsWith('/') ? path : `/${path}` };
}

/** Spaces typed in a path are sent as %20; those inside a {{ variable }} stay. */
function encodeSpaces(target: string): string {
  return target.replace(/\{\{[^{}]*\}\}| /g, (part) => (part === ' ' ? '%20' : part));
}

function methodOf(word: string, line: number): 'GET' | 'POST' | CellSyntaxError {
  const method = word.toUpperCase();
  if (method === 'GET' || method === 'POST') return method;
  return syntaxError(line, `${word} is not a method this API has: its five operations are GET or POST requests`);
}

interface RequestStart {
  method: 'GET' | 'POST';
  target: string;
  host?: string;
  hostPlaceholder?: boolean;
  placeholderKeyHeaders?: string[];
  fromCurl: boolean;
  body?: { text: string; line: number };
  /** Index of the first line after the request (and, for curl, its continuation lines). */
  next: number;
}

function readRequestStart(lines: readonly string[], index: number): RequestStart | CellSyntaxError {
  const line = index + 1;
  const text = lines[index]!.trim();
  if (/^curl\s/i.test(text)) {
    const span = curlCommandLines(lines, index);
    const curl = parseCurlCommand(span.text);
    if ('problem' in curl) return { kind: curl.keyInCell ? 'keyInCell' : 'syntax', line, message: curl.problem };
    const method = methodOf(curl.method, line);
    if (typeof method !== 'string') return method;
    return {
      method,
      ...splitTarget(curl.url),
      ...(curl.placeholderKeyHeaders.length > 0 ? { placeholderKeyHeaders: curl.placeholderKeyHeaders } : {}),
      fromCurl: true,
      ...(curl.data !== undefined ? { body: { text: curl.data, line } } : {}),
      next: span.next,
    };
  }
  const withoutVersion = withoutTrailingComment(text).replace(HTTP_VERSION, '');
  const parts = /^([A-Za-z]+)\s+(.+)$/.exec(withoutVersion);
  if (parts && !/^(https?:|\/)/i.test(parts[1]!)) {
    const method = methodOf(parts[1]!, line);
    if (typeof method !== 'string') return method;
    return { method, ...splitTarget(encodeSpaces(parts[2]!)), fromCurl: false, next: index + 1 };
  }
  if (/^(https?:\/\/|\/)/i.test(withoutVersion) || splitHostPlaceholder(withoutVersion)) {
    return { method: 'GET', ...splitTarget(encodeSpaces(withoutVersion)), fromCurl: false, next: index + 1 };
  }
  return syntaxError(line, `the first line of a request cell is the request, e.g. "GET /v2/user/resolve/patient-0042" (got "${text.slice(0, 60)}")`);
}

function readDirective(text: string, line: number, cell: ParsedRequestCell): CellSyntaxError | undefined {
  const [word] = text.split(/\s/, 1);
  const rest = text.slice(word!.length).trim();
  if (word === 'pages') {
    if (rest !== 'all' && rest !== 'first') return syntaxError(line, `write "pages all" or "pages first" (got "pages ${rest}")`);
    cell.pages = rest;
    return undefined;
  }
  if (word === 'let') {
    const parts = /^([A-Za-z_][\w]*)\s*=\s*(\S+)$/.exec(rest);
    if (!parts) return syntaxError(line, `write "let NAME = PATH", e.g. "let userId = user_id" (got "let ${rest}")`);
    const path = parseFieldPath(parts[2]!);
    if (!isFieldPath(path)) return syntaxError(line, path.problem);
    cell.lets.push({ name: parts[1]!, path, line });
    return undefined;
  }
  const assertion = parseAssertion(rest);
  if ('problem' in assertion) return syntaxError(line, assertion.problem);
  cell.assertions.push({ line, text, assertion });
  return undefined;
}

/** Parsed cells by source text: a notebook run again re-reads no cell it has not changed. */
const PARSED_CELLS = new RecentlyUsed<ParsedRequestCell | CellSyntaxError>(256);

/** parseRequestCell, once per source text; the result is shared, so it must be treated as read-only. */
export function parsedRequestCell(source: string): ParsedRequestCell | CellSyntaxError {
  return PARSED_CELLS.get(source, () => parseRequestCell(source));
}

export function parseRequestCell(source: string): ParsedRequestCell | CellSyntaxError {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  let index = 0;
  while (index < lines.length && (lines[index]!.trim() === '' || COMMENT_LINE.test(lines[index]!))) index++;
  if (index === lines.length) {
    return syntaxError(1, 'this request cell is empty: write a request, e.g. "GET /v2/user/" or "GET /v2/user/resolve/{{clientUserId}}"');
  }
  const start = readRequestStart(lines, index);
  if ('kind' in start) return start;
  const cell: ParsedRequestCell = {
    method: start.method,
    target: start.target,
    line: index + 1,
    ...(start.host !== undefined ? { ignoredHost: start.host } : {}),
    ...(start.hostPlaceholder ? { hostPlaceholder: true } : {}),
    ...(start.placeholderKeyHeaders ? { placeholderKeyHeaders: [...start.placeholderKeyHeaders] } : {}),
    fromCurl: start.fromCurl,
    ...(start.body !== undefined ? { body: start.body } : {}),
    pages: 'all',
    lets: [],
    assertions: [],
  };
  index = start.next;

  // Headers: right after the request line, up to the first blank line.
  for (; index < lines.length; index++) {
    const text = lines[index]!;
    if (text.trim() === '' || DIRECTIVE.test(text)) break;
    if (COMMENT_LINE.test(text)) continue;
    const header = HEADER_LINE.exec(text.trim());
    if (!header) {
      if (cell.method === 'POST' && /^\s*[{[]/.test(text)) break; // a body without the blank line before it
      return syntaxError(index + 1, `expected a header ("Name: value"), a blank line or a directive (pages, let, expect), got "${text.trim().slice(0, 60)}"`);
    }
    const keyProblem = keyHeaderProblem(header[1]!, header[2]!);
    if (keyProblem) return { kind: 'keyInCell', line: index + 1, message: keyProblem };
    if (isPlaceholderKeyHeader(header[1]!, header[2]!)) (cell.placeholderKeyHeaders ??= []).push(header[1]!);
    if (header[1]!.toLowerCase() === 'content-type' && !/^application\/([\w.+-]*\+)?json\b/i.test(header[2]!.trim())) {
      return syntaxError(index + 1, `the API takes JSON bodies: write "Content-Type: application/json" or leave the header out (got "${header[2]!.trim().slice(0, 40)}")`);
    }
  }

  // A POST's body: from the first non-blank line up to the first directive (comment lines blanked).
  while (index < lines.length && lines[index]!.trim() === '') index++;
  const bodyStart = index;
  const bodyLines: string[] = [];
  for (; index < lines.length && !DIRECTIVE.test(lines[index]!); index++) {
    bodyLines.push(COMMENT_LINE.test(lines[index]!) ? '' : lines[index]!);
  }
  const bodyText = bodyLines.join('\n').trim();
  if (bodyText !== '') {
    if (cell.method !== 'POST') {
      const first = bodyLines.findIndex((text) => text.trim() !== '');
      return syntaxError(bodyStart + first + 1, `a GET has no body; a line here is a directive (pages, let, expect) or a comment (got "${bodyLines[first]!.trim().slice(0, 60)}")`);
    }
    if (cell.body) return syntaxError(bodyStart + 1, 'this request has its body twice: in the curl command and below it');
    cell.body = { text: bodyLines.join('\n'), line: bodyStart + 1 };
  }

  for (; index < lines.length; index++) {
    const text = lines[index]!;
    if (text.trim() === '' || COMMENT_LINE.test(text)) continue;
    if (!DIRECTIVE.test(text)) {
      return syntaxError(index + 1, `after the body, a line is a directive (pages, let, expect) or a comment (got "${text.trim().slice(0, 60)}")`);
    }
    const problem = readDirective(withoutTrailingComment(text.trim()), index + 1, cell);
    if (problem) return problem;
  }
  return cell;
}
