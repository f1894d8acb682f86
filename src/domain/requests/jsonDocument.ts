// Naming and formatting of the read-only JSON documents that show API objects.
import type { RequestSpec } from '../../api/requests';

/** Two-space indentation, a final newline; the value is shown as received (extra fields included). */
export function prettyJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2) ?? 'null'}\n`;
}

const NAME_LENGTH = 120;
const LONGEST_NAME = 240;

/**
 * A file name for the editor tab built from a title such as "GET /v2/user/resolve/abc": characters
 * that are separators in a path or awkward in a tab are replaced, and the name ends in ".json".
 * A long title loses the middle of its path, never its query: the query is what tells two
 * responses of the same operation apart.
 */
export function jsonDocumentFileName(title: string): string {
  const queryAt = title.indexOf('?');
  const path = cleanName(queryAt < 0 ? title : title.slice(0, queryAt));
  const query = queryAt < 0 ? '' : cleanName(title.slice(queryAt + 1));
  const name = query ? `${shortened(path, Math.max(24, NAME_LENGTH - query.length - 1))} ${query}` : shortened(path, NAME_LENGTH);
  return `${name.slice(0, LONGEST_NAME).trim() || 'response'}.json`;
}

function cleanName(text: string): string {
  return [...text]
    .map((char) => (char.charCodeAt(0) < 0x20 ? ' ' : char))
    .join('')
    .replace(/[\\/:*?"<>|#%]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function shortened(text: string, length: number): string {
  if (text.length <= length) return text;
  const half = Math.floor((length - 1) / 2);
  return `${text.slice(0, half)}…${text.slice(text.length - (length - 1 - half))}`;
}

/** "GET /v2/user/?offset=0&limit=100": the request a response answered, as its document title. */
export function requestTitle(spec: RequestSpec): string {
  const query = Object.entries(spec.query)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return `${spec.method} ${spec.path}${query ? `?${query}` : ''}`;
}
