// The error of a response with a status other than 2xx: a redirect the client does not follow, or
// an HTTP error with its FastAPI detail. Everything repeated from the response is key-redacted.
import { HealthApiError, describeDetail, kindForStatus } from './errors';
import { firstHeader, parseDetail } from './httpResponse';
import { redactText, redactValue } from './redaction';
import { isRetryableStatus, parseRetryAfter } from './retryPolicy';
import { redactUrl, truncate } from './transportFailures';

export interface HttpFailureInput {
  method: string;
  url: string;
  status: number;
  /** The body, already key-redacted. */
  text: string;
  headers: Record<string, string | string[] | undefined>;
  apiKey: string;
  /** Name of the header that carried the key: a 401 names it. */
  keyHeader: string;
  /** Set when a redirect was followed already: this one is a second (a loop, or another place). */
  afterRedirect: boolean;
}

/** The Location of a redirect, key-redacted and without credentials, for a message. */
export function shownLocation(headers: HttpFailureInput['headers'], apiKey: string): string | undefined {
  const location = firstHeader(headers, ['location']);
  return location ? redactText(redactUrl(location), apiKey) : undefined;
}

export function httpFailure(input: HttpFailureInput): { error: HealthApiError; retryable: boolean } {
  const { method, url, status, text, headers, apiKey } = input;
  const base = { method, url, status, responseBody: text };
  if (status >= 300 && status < 400) {
    const location = shownLocation(headers, apiKey);
    const to = location ? ` to ${location}` : '';
    const message = input.afterRedirect
      ? `${method} ${url} answered with a redirect again (${status}${to}); a redirect is followed once at most, so the key stays with the configured host`
      : `${method} ${url} answered with a redirect (${status}${to}); only a redirect to the same address with or without a trailing slash is followed, so the key stays with the configured host`;
    return { error: new HealthApiError({ kind: 'invalid_response', message, ...base }), retryable: false };
  }
  const detail = redactValue(parseDetail(text), apiKey);
  const retryAfterMs = parseRetryAfter(firstHeader(headers, ['retry-after']));
  const described = describeDetail(detail);
  const header = status === 401 ? ` (the key was sent in the ${input.keyHeader} header)` : '';
  return {
    error: new HealthApiError({
      kind: kindForStatus(status),
      message: `${method} ${url} failed with ${status}${described ? `: ${truncate(described, 500)}` : ''}${header}`,
      ...base,
      ...(status === 401 ? { keyHeader: input.keyHeader } : {}),
      ...(detail === undefined ? {} : { detail }),
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    }),
    retryable: isRetryableStatus(status),
  };
}
