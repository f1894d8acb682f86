// Classifying transport failures and wording them without ever repeating the key.
import type { checkBaseUrl } from './transportSecurity';
import { redactText } from './redaction';

export function isUndiciTimeout(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT';
}

/** The server answered with bytes that are not HTTP/1.1: another protocol, or garbage. */
export function isNotHttp(error: unknown): boolean {
  const { name, code } = (error ?? {}) as { name?: unknown; code?: unknown };
  return name === 'HTTPParserError' || (typeof code === 'string' && code.startsWith('HPE_'));
}

/**
 * Low-level errors carry what the server sent (undici's parser error keeps the raw bytes in
 * `data`); only their name, code and redacted message are kept for debugging.
 */
export function describedCause(error: unknown, apiKey: string): Error {
  const source = (error ?? {}) as { name?: unknown; message?: unknown; code?: unknown };
  const described = new Error(redactText(typeof source.message === 'string' ? source.message : String(error), apiKey));
  if (typeof source.name === 'string') described.name = source.name;
  if (typeof source.code === 'string') Object.assign(described, { code: source.code });
  return described;
}

export function networkReason(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  // The words first, the code for searching: "connection refused (ECONNREFUSED)".
  if (typeof code === 'string') return SHORT_NETWORK_CAUSES[code] ? `${SHORT_NETWORK_CAUSES[code]} (${code})` : code;
  return error instanceof Error ? error.message : 'connection failed';
}

export function redactUrl(value: string): string {
  try {
    const url = new URL(value);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return '(invalid location)';
  }
}

export function baseUrlMessage(problem: NonNullable<ReturnType<typeof checkBaseUrl>>, baseUrl: string): string {
  switch (problem) {
    case 'invalid':
      return `The base URL "${truncate(baseUrl, 200)}" is not a valid URL`;
    case 'unsupportedScheme':
      return 'The base URL must start with https:// (or http:// for this machine only)';
    case 'hasCredentials':
      return 'The base URL must not contain a user name or password';
    case 'plainHttpToRemoteHost':
      return 'Refusing to send the API key over plain http:// to a host other than this machine; use https://';
  }
}

export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

const SHORT_NETWORK_CAUSES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  UND_ERR_SOCKET: 'connection reset',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'host unreachable',
};

/** A few words for the request log: "connection refused", "timeout after 30 s", "cancelled"… */
export function shortFailure(kind: string, cause: unknown, timeoutMs: number): string {
  if (kind === 'cancelled') return 'cancelled';
  if (kind === 'timeout') return `timeout after ${Math.round(timeoutMs / 100) / 10} s`;
  if (kind === 'invalid_response') return 'invalid response';
  const code = (cause as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return SHORT_NETWORK_CAUSES[code] ?? code;
  return 'network';
}
