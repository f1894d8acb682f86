// A failed cell in words: what happened and the next step, for the cell's output and the command
// line alike. The client's messages never hold the key; nothing here adds one.
import { isHealthApiError, type HealthApiError, type HealthApiErrorKind } from '../api/errors';
import type { CellResult } from './model';

const NEXT_STEP: Record<HealthApiErrorKind, string> = {
  unauthorized: "Check the environment's API key (Health Data: Set API Key…; on the command line, HEALTH_DATA_API_KEY).",
  forbidden: "Check that the environment's API key may read this (its team, its region).",
  not_found: 'Check the ids in the request: an earlier cell can set them with "let".',
  invalid_request: "Fix the request's arguments as the message says.",
  rate_limited: 'Wait a little and run the cell again.',
  server: 'The server failed: run the cell again later.',
  network: "Check that the environment's server is reachable and its base URL is right.",
  timeout: 'Run the cell again; if it keeps timing out, ask for fewer pages ("pages first").',
  invalid_response: 'Check that the base URL points at the health-data API itself, not a web page, a login page or a proxy.',
  cancelled: 'Run the cell again when you are ready.',
};

/** A response body that is a web page, not the API's JSON. */
function isHtml(body: string | undefined): boolean {
  return body !== undefined && /^\s*<(!doctype\s+html|html|head|body|\?xml|!--)/i.test(body);
}

export function requestFailure(error: HealthApiError): NonNullable<CellResult['error']> {
  const message =
    error.kind === 'invalid_response' && isHtml(error.responseBody)
      ? `The server answered ${error.method} ${error.url} with an HTML page, not the API's JSON${error.status ? ` (status ${error.status})` : ''}: this is not the health-data API answering`
      : error.message;
  return { kind: error.kind, message, nextStep: NEXT_STEP[error.kind] };
}

/** Any other thrown value: a defect of ours, said plainly rather than crashing the notebook. */
export function unexpectedFailure(error: unknown): NonNullable<CellResult['error']> {
  if (isHealthApiError(error)) return requestFailure(error);
  const detail = error instanceof Error ? error.message : String(error);
  return { kind: 'unexpected', message: `The cell could not run: ${detail}`, nextStep: 'Run the cell again; if it fails the same way, report it with this message.' };
}

/** A cell stopped by a cancel (the run's, or the cell's own). */
export function cancelledFailure(): NonNullable<CellResult['error']> {
  return { kind: 'cancelled', message: 'Stopped before the cell finished.', nextStep: 'Run the cell again when you are ready.' };
}

/** The JSON an error response carried (a 404's detail, a 422's issues), when it was JSON. */
export function errorBody(error: HealthApiError): unknown {
  if (error.responseBody === undefined) return undefined;
  try {
    return JSON.parse(error.responseBody) as unknown;
  } catch {
    return undefined;
  }
}
