// A hostile or careless server may echo the API key back (in a 401 detail, a 422 `input`, a
// request id, a redirect location, an error page). Everything the client repeats from a response
// passes through here first, so the key cannot reach a message, the request log or a document.

export const REDACTED = '[redacted]';
/** What stands in a recorded header for the value of the header that carries the key. */
export const REDACTED_HEADER = '<redacted>';

// Shorter "keys" are substrings of ordinary words; hiding them would garble messages and hide nothing.
const MIN_REDACTED_LENGTH = 4;

export function redactText(text: string, secret: string): string {
  if (secret.length < MIN_REDACTED_LENGTH || !text.includes(secret)) return text;
  return text.split(secret).join(REDACTED);
}

/** A copy of JSON-like `value` with the secret replaced in every string, keys included. */
export function redactValue(value: unknown, secret: string, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value, secret);
  if (value === null || typeof value !== 'object') return value;
  // Parsed JSON is finite; the bound only guards against pathological nesting.
  if (depth > 64) return REDACTED;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, secret, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([name, item]) => [redactText(name, secret), redactValue(item, secret, depth + 1)]),
  );
}
