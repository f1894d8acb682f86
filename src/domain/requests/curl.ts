import { DEFAULT_API_KEY_HEADER } from '../../api/apiKeyHeader';
import { requestUrl, type RequestSpec } from '../../api/requests';

export const API_KEY_VARIABLE = 'SERVICE_API_KEY';

/** POSIX-shell single-quoting: safe for any byte sequence a server or user may hand us. */
function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'"'"'`)}'`;
}

/**
 * The exact request as a cURL command line. The key is referenced as "$SERVICE_API_KEY" (double
 * quotes so the shell expands it), never inlined: the copied text is safe to paste in a ticket.
 */
export function buildCurlCommand(baseUrl: string, spec: RequestSpec, apiKeyHeader = DEFAULT_API_KEY_HEADER): string {
  return curlOfSentRequest(spec.method, requestUrl(baseUrl, spec), spec.body === undefined ? undefined : JSON.stringify(spec.body), apiKeyHeader);
}

/** A request as it was sent (method, absolute URL, JSON body), e.g. a row of the Requests view. */
export function curlOfSentRequest(method: string, url: string, jsonBody: string | undefined, apiKeyHeader = DEFAULT_API_KEY_HEADER): string {
  const lines = [
    `curl --request ${/^[A-Z]+$/.test(method) ? method : shellQuote(method)} ${shellQuote(url)}`,
    `  --header "${apiKeyHeader}: $${API_KEY_VARIABLE}"`,
    `  --header 'Accept: application/json'`,
  ];
  if (jsonBody !== undefined) {
    lines.push(`  --header 'Content-Type: application/json'`);
    lines.push(`  --data ${shellQuote(jsonBody)}`);
  }
  return lines.join(' \\\n');
}
