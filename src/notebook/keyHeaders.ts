// A key never belongs in a notebook: the environment's key is sent for you. A header that carries
// one (by its name, or by a value that looks like a credential) makes the cell an error. A key
// header whose value is a placeholder (`<API_KEY>`, `{{apiKey}}`, `YOUR_API_KEY`: the vendor's API
// reference writes its examples so) carries none: it is left out, and the result says so.
import { DEFAULT_API_KEY_HEADER, VENDOR_API_KEY_HEADER } from '../api/apiKeyHeader';

export const KEY_IN_CELL_MESSAGE = "never put a key in a notebook: the environment's key is sent for you";

const KEY_HEADER_NAMES = new Set([DEFAULT_API_KEY_HEADER, VENDOR_API_KEY_HEADER, 'authorization', 'proxy-authorization', 'x-api-key', 'api-key', 'cookie']);

/** A credential's scheme before its value (`Bearer <token>`). */
const AUTH_SCHEME = /^(bearer|basic|token|digest|apikey)\s+/i;

/** A value that reads as a credential: an auth scheme, or a long token of letters and digits. */
export function looksLikeKey(value: string): boolean {
  const text = value.trim();
  if (/^(bearer|basic|token|digest|apikey)\s+\S+/i.test(text)) return true;
  if (/^(sk|pk|rk)_[A-Za-z0-9_]{8,}$/i.test(text)) return true;
  return /^[A-Za-z0-9_\-+/=.]{24,}$/.test(text) && /\d/.test(text) && /[A-Za-z]/.test(text) && !/^\d{4}-\d{2}-\d{2}/.test(text);
}

/**
 * Whether a header's value is a placeholder rather than a key (after an auth scheme, if any):
 * `<API_KEY>`, `<apiKey>`, `{{apiKey}}`, `{API_KEY}`, `$VITAL_API_KEY`, `${API_KEY}`, or a bare name
 * that says it is one (`YOUR_API_KEY`, `API_KEY`, `your-api-key-here`). What is inside the brackets
 * must read as a name, never as a key: `<sk_us_…>` is a key in brackets.
 */
export function isKeyPlaceholder(value: string): boolean {
  const text = value.trim().replace(AUTH_SCHEME, '');
  const wrapped = /^(?:<\s*([^<>]+?)\s*>|\{\{\s*([^{}]+?)\s*\}\}|\{\s*([^{}]+?)\s*\}|\$\{([A-Za-z_]\w*)\}|\$([A-Za-z_]\w*))$/.exec(text);
  const name = wrapped ? (wrapped[1] ?? wrapped[2] ?? wrapped[3] ?? wrapped[4] ?? wrapped[5]!) : text;
  if (looksLikeKey(name) || /^(sk|pk|rk)_/i.test(name)) return false;
  if (wrapped) return /^[A-Za-z][\w .-]*$/.test(name);
  return /^(your[_-]?)?([a-z]+[_-])?(api[_-]?)?(key|token|secret)([_-]?here)?$/i.test(name) || /^your[_-][\w-]+$/i.test(name);
}

/** Whether a header would carry a credential: by its name, or by a value with an auth scheme. */
function isKeyHeader(name: string, value: string): boolean {
  return KEY_HEADER_NAMES.has(name.trim().toLowerCase()) || AUTH_SCHEME.test(value.trim());
}

/** A key header holding a placeholder, not a key: left out of the request (the environment's key goes instead). */
export function isPlaceholderKeyHeader(name: string, value: string): boolean {
  return isKeyHeader(name, value) && isKeyPlaceholder(value);
}

/** Why a header may not stand in a cell, or undefined when it may (a placeholder key header may: it is left out). */
export function keyHeaderProblem(name: string, value: string): string | undefined {
  if (isPlaceholderKeyHeader(name, value)) return undefined;
  if (isKeyHeader(name, value) || looksLikeKey(value)) return `${KEY_IN_CELL_MESSAGE} (remove the ${name.trim()} header)`;
  return undefined;
}

/** The line a cell's result carries for the key headers it left out. */
export function placeholderKeyNote(headers: readonly string[]): string {
  const names = headers.join(', ');
  return `The ${names} header${headers.length === 1 ? '' : 's'} held a placeholder, not a key, and ${headers.length === 1 ? 'was' : 'were'} left out: the environment's key was sent.`;
}
