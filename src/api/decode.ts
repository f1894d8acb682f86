import type { z } from 'zod';

export type Decoded<T> = { ok: true; value: T } | { ok: false; problem: string };

/** JSON text → validated value, or a one-line problem naming the offending field path. */
export function decodeJson<T>(text: string, schema: z.ZodType<T>): Decoded<T> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    const start = text.trimStart().slice(0, 40).replace(/\s+/g, ' ');
    return { ok: false, problem: text.trim() === '' ? 'the body is empty' : `the body is not JSON (it starts with "${start}")` };
  }
  const result = schema.safeParse(parsed);
  if (result.success) return { ok: true, value: result.data };
  const issues = result.error.issues.slice(0, 3).map((issue) => `${formatPath(issue.path)}: ${issue.message}`);
  const more = result.error.issues.length > 3 ? ` (and ${result.error.issues.length - 3} more)` : '';
  return { ok: false, problem: issues.join('; ') + more };
}

function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(root)';
  return path
    .map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`))
    .join('');
}
