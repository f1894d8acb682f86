// Naming and formatting of the read-only JSON documents that show API objects.
import type { RequestSpec } from '../api/requests';

/** Two-space indentation, a final newline; the value is shown as received (extra fields included). */
export function prettyJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2) ?? 'null'}\n`;
}

/**
 * A file name for the editor tab built from a title such as "GET /v2/user/resolve/abc": characters
 * that are separators in a path or awkward in a tab are replaced, and the name ends in ".json".
 */
export function jsonDocumentFileName(title: string): string {
  const cleaned = [...title]
    .map((char) => (char.charCodeAt(0) < 0x20 ? ' ' : char))
    .join('')
    .replace(/[\\/:*?"<>|#%]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
  return `${cleaned || 'response'}.json`;
}

/** "GET /v2/user/?offset=0&limit=100": the request a response answered, as its document title. */
export function requestTitle(spec: RequestSpec): string {
  const query = Object.entries(spec.query)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return `${spec.method} ${spec.path}${query ? `?${query}` : ''}`;
}
