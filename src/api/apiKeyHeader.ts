// The header that carries the API key. The spec names x-service-api-key; some deployments of the
// same API expect another name (the vendor's own service: x-vital-api-key).

export const DEFAULT_API_KEY_HEADER = 'x-service-api-key';
/** The header the vendor's own service reads the key from. */
export const VENDOR_API_KEY_HEADER = 'x-vital-api-key';

/**
 * After a 401: the other of the two headers this API is known to read the key from (the spec's and
 * the vendor's), or undefined when the key went in a header of the user's own choosing.
 */
export function otherApiKeyHeader(sent: string | undefined): string | undefined {
  const name = sent?.toLowerCase();
  if (name === DEFAULT_API_KEY_HEADER) return VENDOR_API_KEY_HEADER;
  if (name === VENDOR_API_KEY_HEADER) return DEFAULT_API_KEY_HEADER;
  return undefined;
}

/** Headers the client sets itself or that HTTP reserves: the key must not replace any of them. */
const RESERVED = new Set(['accept', 'user-agent', 'content-type', 'content-length', 'host', 'connection', 'transfer-encoding', 'cookie', 'te', 'upgrade', 'expect', 'keep-alive']);
/** An HTTP token (RFC 9110 §5.6.2), short enough to be a header name someone typed. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,64}$/;

/** The lower-cased header name, or undefined when `value` cannot be one. */
export function normaliseApiKeyHeader(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const name = value.trim().toLowerCase();
  return TOKEN.test(name) && !RESERVED.has(name) ? name : undefined;
}
