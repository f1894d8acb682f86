// Requests node:http cannot parse (a request line or headers over its 16 KiB limit, bytes that
// are not HTTP, a non-ASCII path) never reach a handler; node's default answer is a bare status
// line. This answers them in the sandbox's own shape: JSON with a FastAPI `detail`.
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

const DETAILS: Record<number, string> = {
  400: 'Invalid HTTP request received.',
  408: 'Request Timeout',
  413: 'Request Entity Too Large',
  431: 'Request Header Fields Too Large',
};

function statusFor(code: string | undefined): number {
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return 413;
  return 400;
}

/** A HEAD request takes no body in its answer, or a strict client fails on the extra bytes. */
function isHead(error: { rawPacket?: unknown }): boolean {
  return Buffer.isBuffer(error.rawPacket) && error.rawPacket.subarray(0, 5).toString('latin1') === 'HEAD ';
}

export function answerClientError(error: Error & { code?: string; rawPacket?: unknown }, socket: Duplex): void {
  // A reset connection or one already answered cannot take a response.
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = statusFor(error.code);
  const body = JSON.stringify({ detail: DETAILS[status] });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'content-type: application/json\r\n' +
      `content-length: ${Buffer.byteLength(body)}\r\n` +
      'connection: close\r\n\r\n' +
      (isHead(error) ? '' : body),
  );
}
