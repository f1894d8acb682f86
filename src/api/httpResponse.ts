// Reading an undici response: the body (bounded), the FastAPI detail, headers.

export class BodyTooLargeError extends Error {}

export async function readBody(body: AsyncIterable<Buffer>, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > maxBytes) throw new BodyTooLargeError();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size).toString('utf8');
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
