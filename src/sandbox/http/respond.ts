// Writes JSON responses. Every response is application/json and carries an x-request-id (set
// by the server before anything else). `mangle` implements the malformedJson and stall faults.
import type { ServerResponse } from 'node:http';

export type Mangle = 'malformedJson' | 'stall' | undefined;

export interface SendOptions {
  headOnly?: boolean;
  mangle?: Mangle;
  headers?: Record<string, string>;
  /** The body already serialised to the bytes sent (a fixture's, sent many times): sent as they are. */
  bytes?: Buffer;
}

const NO_BODY_STATUSES = new Set([204, 304]);

export function sendJson(response: ServerResponse, status: number, body: unknown, options: SendOptions = {}): void {
  if (response.headersSent || response.destroyed) return;
  for (const [name, value] of Object.entries(options.headers ?? {})) response.setHeader(name, value);
  if (NO_BODY_STATUSES.has(status)) {
    response.writeHead(status);
    response.end();
    return;
  }
  const bytes = options.bytes ?? Buffer.from(JSON.stringify(body), 'utf8');
  response.setHeader('content-type', 'application/json');
  const half = bytes.subarray(0, Math.max(1, Math.floor(bytes.length / 2)));
  if (options.mangle === 'stall') {
    // Promise the whole body, deliver half of it, then go quiet (until the client gives up).
    response.writeHead(status, { 'content-length': String(bytes.length) });
    response.write(half);
    return;
  }
  const payload = options.mangle === 'malformedJson' ? half : bytes;
  response.writeHead(status, { 'content-length': String(payload.length) });
  response.end(options.headOnly ? undefined : payload);
}
