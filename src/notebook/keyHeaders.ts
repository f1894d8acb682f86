// A key never belongs in a notebook: the environment's key is sent for you. A header that carries
// one (by its name, or by a value that looks like a credential) makes the cell an error.
import { DEFAULT_API_KEY_HEADER, VENDOR_API_KEY_HEADER } from '../api/apiKeyHeader';

export const KEY_IN_CELL_MESSAGE = "never put a key in a notebook: the environment's key is sent for you";

const KEY_HEADER_NAMES = new Set([DEFAULT_API_KEY_HEADER, VENDOR_API_KEY_HEADER, 'authorization', 'proxy-authorization', 'x-api-key', 'api-key', 'cookie']);

/** A value that reads as a credential: an auth scheme, or a long token of letters and digits. */
export function looksLikeKey(value: string): boolean {
  const text = value.trim();
  if (/^(bearer|basic|token|digest|apikey)\s+\S+/i.test(text)) return true;
  if (/^(sk|pk|rk)_[A-Za-z0-9_]{8,}$/i.test(text)) return true;
  return /^[A-Za-z0-9_\-+/=.]{24,}$/.test(text) && /\d/.test(text) && /[A-Za-z]/.test(text) && !/^\d{4}-\d{2}-\d{2}/.test(text);
}

/** Why a header may not stand in a cell, or undefined when it may. */
export function keyHeaderProblem(name: string, value: string): string | undefined {
  if (KEY_HEADER_NAMES.has(name.trim().toLowerCase()) || looksLikeKey(value)) return `${KEY_IN_CELL_MESSAGE} (remove the ${name.trim()} header)`;
  return undefined;
}

/** In a pasted curl command: a shell variable (`$SERVICE_API_KEY`) is no key, a literal value is. */
export function curlHeaderProblem(name: string, value: string): string | undefined {
  if (/^\$(\{[A-Za-z_]\w*\}|[A-Za-z_]\w*)$/.test(value.trim())) return undefined;
  return keyHeaderProblem(name, value);
}
