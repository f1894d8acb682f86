// Request bodies: read with a size cap, parsed as JSON with FastAPI's 422 shapes for an empty
// body (missing) and for text that is not JSON (json_invalid with the character position).
import type { IncomingMessage } from 'node:http';
import { HttpError, ValidationFailure, missing } from './httpErrors';

export const MAX_BODY_BYTES = 1_000_000;

export function readBody(request: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    request.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        reject(new HttpError(413, 'Request body too large'));
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => {
      if (!failed) resolve(Buffer.concat(chunks));
    });
    request.on('error', (error) => {
      if (!failed) reject(error);
    });
  });
}

export function parseJsonBody(raw: Buffer): unknown {
  const text = raw.toString('utf8');
  if (text.trim() === '') throw new ValidationFailure([missing(['body'])]);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    const position = Number(/position (\d+)/.exec(message)?.[1] ?? 0);
    throw new ValidationFailure([
      { type: 'json_invalid', loc: ['body', position], msg: 'JSON decode error', input: {}, ctx: { error: 'Expecting value' } },
    ]);
  }
}
