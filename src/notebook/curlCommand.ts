// A curl command pasted into a request cell (one line, or several joined by `\`): its method, URL
// and `-d/--data` body (with -G: the query) are used; headers are dropped (a literal key among them is an error; a key
// header holding a placeholder or a shell variable is named, so the result can say it was left
// out), and so are curl's own options.
import { isPlaceholderKeyHeader, keyHeaderProblem, KEY_IN_CELL_MESSAGE } from './keyHeaders';

export type ParsedCurl =
  | { method: string; url: string; data?: string; placeholderKeyHeaders: string[] }
  | { problem: string; keyInCell?: boolean };

/** The lines a curl command spans from `start`: while a line ends in `\` or a quote is open. */
export function curlCommandLines(lines: readonly string[], start: number): { text: string; next: number } {
  let text = '';
  let index = start;
  while (index < lines.length) {
    const line = lines[index]!;
    index++;
    if (line.trimEnd().endsWith('\\') && !openQuote(text + line)) {
      text += `${line.trimEnd().slice(0, -1)} `;
      continue;
    }
    text += line;
    if (!openQuote(text)) break;
    text += '\n';
  }
  return { text, next: index };
}

function openQuote(text: string): boolean {
  return tokenize(text).open;
}

/** POSIX-shell words: single quotes, double quotes (with `\` escapes), backslash outside quotes. */
function tokenize(text: string): { words: string[]; open: boolean } {
  const words: string[] = [];
  let word: string | undefined;
  let quote: '"' | "'" | undefined;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quote === "'") {
      if (char === "'") quote = undefined;
      else word = `${word ?? ''}${char}`;
    } else if (quote === '"') {
      if (char === '"') quote = undefined;
      else if (char === '\\' && /["\\$`]/.test(text[index + 1] ?? '')) word = `${word ?? ''}${text[++index] ?? ''}`;
      else word = `${word ?? ''}${char}`;
    } else if (char === "'" || char === '"') {
      quote = char;
      word ??= '';
    } else if (char === '\\' && index + 1 < text.length) {
      word = (word ?? '') + text[++index];
    } else if (/\s/.test(char)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else {
      word = (word ?? '') + char;
    }
  }
  if (word !== undefined) words.push(word);
  return { words, open: quote !== undefined };
}

const DATA_OPTIONS = new Set(['-d', '--data', '--data-raw', '--data-binary', '--data-ascii', '--json']);
const HEADER_OPTIONS = new Set(['-H', '--header']);
const CREDENTIAL_OPTIONS = new Set(['-u', '--user', '--oauth2-bearer', '-b', '--cookie']);
/** curl options that take an argument we do not use. */
const OPTIONS_WITH_ARGUMENT = new Set([
  '-A', '--user-agent', '-e', '--referer', '-o', '--output', '-m', '--max-time', '--connect-timeout', '-w', '--write-out',
  '--retry', '--proxy', '-x', '--cacert', '--cert', '--key', '-c', '--cookie-jar', '--resolve', '--limit-rate',
]);

export function parseCurlCommand(text: string): ParsedCurl {
  const { words, open } = tokenize(text);
  if (open) return { problem: 'this curl command has a quote that is never closed' };
  let method: string | undefined;
  let url: string | undefined;
  let data: string | undefined;
  const placeholderKeyHeaders: string[] = [];
  let get = false;
  for (let index = 1; index < words.length; index++) {
    const word = words[index]!;
    const [option, inline] = word.startsWith('--') && word.includes('=') ? [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)] : [word, undefined];
    const argument = (): string | undefined => inline ?? words[++index];
    if (option === '-X' || option === '--request') method = argument();
    else if (/^-X[A-Z]+$/.test(word)) method = word.slice(2);
    else if (option === '--url') url = argument();
    else if (option === '-G' || option === '--get') get = true;
    else if (DATA_OPTIONS.has(option)) {
      const value = argument() ?? '';
      data = data === undefined ? value : `${data}&${value}`;
    } else if (HEADER_OPTIONS.has(option)) {
      const header = argument() ?? '';
      const colon = header.indexOf(':');
      const [name, value] = colon > 0 ? [header.slice(0, colon).trim(), header.slice(colon + 1)] : [header, ''];
      const problem = colon > 0 ? keyHeaderProblem(name, value) : undefined;
      if (problem) return { problem, keyInCell: true };
      if (colon > 0 && isPlaceholderKeyHeader(name, value)) placeholderKeyHeaders.push(name);
    } else if (CREDENTIAL_OPTIONS.has(option)) {
      return { problem: `${KEY_IN_CELL_MESSAGE} (remove ${option})`, keyInCell: true };
    } else if (OPTIONS_WITH_ARGUMENT.has(option)) {
      argument();
    } else if (!word.startsWith('-') && url === undefined) {
      url = word;
    }
  }
  if (url === undefined) return { problem: 'this curl command has no URL' };
  // -G: the data is the query of a GET (as the API reference writes its query parameters).
  if (get && data !== undefined) return { method: method ?? 'GET', url: `${url}${url.includes('?') ? '&' : '?'}${data}`, placeholderKeyHeaders };
  if (data !== undefined && data.startsWith('@')) return { problem: `curl reads the body from a file here (${data}): paste the JSON body below the request instead` };
  return { method: method ?? (data !== undefined ? 'POST' : 'GET'), url, ...(data !== undefined ? { data } : {}), placeholderKeyHeaders };
}
