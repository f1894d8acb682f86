// Reading an undici response: the body (bounded), the FastAPI detail, headers.
import { finished, type Readable } from 'node:stream';

export class BodyTooLargeError extends Error {}

/**
 * The body as text, refused past `maxBytes`. Read through its events, not an async iterator (a
 * promise per chunk): the bare `body.text()` of the raw transfer reads the same bytes about ten
 * times cheaper than the iterator did. Ends as the iterator did: the stream's own error (an abort,
 * a timeout, a reset, a premature close) as thrown, BodyTooLargeError with the stream destroyed.
 */
export function readBody(body: Readable, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    body.on('data', (chunk: Buffer) => {
      if (tooLarge) return;
      size += chunk.length;
      if (size > maxBytes) {
        tooLarge = true;
        reject(new BodyTooLargeError());
        body.destroy();
        return;
      }
      chunks.push(chunk);
    });
    finished(body, (error) => {
      if (tooLarge) return;
      if (error) reject(error);
      else resolve(Buffer.concat(chunks, size).toString('utf8'));
    });
  });
}

export function parseDetail(text: string): unknown {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && 'detail' in parsed) return (parsed as { detail: unknown }).detail;
    return undefined;
  } catch {
    return undefined;
  }
}

export function firstHeader(headers: Record<string, string | string[] | undefined>, names: string[]): string | undefined {
  for (const name of names) {
    const value = headers[name];
    if (typeof value === 'string' && value) return value;
    if (Array.isArray(value) && value[0]) return value[0];
  }
  return undefined;
}
