import { DEFAULT_API_KEY_HEADER } from '../api/apiKeyHeader';
import { requestUrl, type RequestSpec } from '../api/requests';

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
  const lines = [
    `curl --request ${spec.method} ${shellQuote(requestUrl(baseUrl, spec))}`,
    `  --header "${apiKeyHeader}: $${API_KEY_VARIABLE}"`,
    `  --header 'Accept: application/json'`,
  ];
  if (spec.body !== undefined) {
    lines.push(`  --header 'Content-Type: application/json'`);
    lines.push(`  --data ${shellQuote(JSON.stringify(spec.body))}`);
  }
  return lines.join(' \\\n');
}
