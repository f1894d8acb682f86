import type { z } from 'zod';

export type Decoded<T> = { ok: true; value: T } | { ok: false; problem: string };

interface SchemaIssue {
  code: string;
  path: readonly PropertyKey[];
  expected?: string;
  message: string;
}

/** JSON text → the parsed value, or a one-line problem ("the body is not JSON (it starts with …)"). */
export function parseJson(text: string): Decoded<unknown> {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    const start = text.trimStart().slice(0, 40).replace(/\s+/g, ' ');
    return { ok: false, problem: text.trim() === '' ? 'the body is empty' : `the body is not JSON (it starts with "${start}")` };
  }
}

/**
 * A parsed value → validated value, or a one-line problem naming the offending field path.
 * `fastCheck` (src/api/fastChecks.ts) accepts a well-formed value without zod's copy; zod judges the rest.
 */
export function validate<T>(parsed: unknown, schema: z.ZodType<T>, fastCheck?: (value: unknown) => boolean): Decoded<T> {
  if (fastCheck?.(parsed)) return { ok: true, value: parsed as T };
  const result = schema.safeParse(parsed);
  if (result.success) return { ok: true, value: result.data };
  const issues = result.error.issues as readonly SchemaIssue[];
  const described = issues.slice(0, 3).map((issue) => `${formatPath(issue.path)}: ${describeIssue(issue, parsed)}`);
  const more = issues.length > 3 ? ` (and ${issues.length - 3} more)` : '';
  return { ok: false, problem: described.join('; ') + more };
}

/** JSON text → validated value, or a one-line problem (parseJson, then validate). */
export function decodeJson<T>(text: string, schema: z.ZodType<T>, fastCheck?: (value: unknown) => boolean): Decoded<T> {
  const parsed = parseJson(text);
  return parsed.ok ? validate(parsed.value, schema, fastCheck) : parsed;
}

function describeIssue(issue: SchemaIssue, root: unknown): string {
  if (issue.code !== 'invalid_type' || issue.expected === undefined) return issue.message;
  const received = valueAt(root, issue.path);
  if (received === undefined) return `required field is missing (expected ${issue.expected})`;
  return `expected ${issue.expected}, got ${received === null ? 'null' : Array.isArray(received) ? 'array' : typeof received}`;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = root;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(root)';
  return path
    .map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`))
    .join('');
}
