// Query and path parameter parsing with pydantic-v2-compatible 422 items.
import { missing, typeError } from './httpErrors';
import type { IssueList } from './httpErrors';

/** The last value of a repeated parameter wins, as with Starlette's QueryParams. */
export function lastValue(query: URLSearchParams, name: string): string | undefined {
  const values = query.getAll(name);
  return values.length === 0 ? undefined : values[values.length - 1];
}

export interface IntBounds {
  fallback: number;
  ge?: number;
  le?: number;
}

export function readInt(query: URLSearchParams, name: string, bounds: IntBounds, issues: IssueList): number {
  const raw = lastValue(query, name);
  if (raw === undefined) return bounds.fallback;
  const loc = ['query', name];
  const trimmed = raw.trim();
  if (!/^[+-]?\d+$/.test(trimmed)) {
    issues.add(typeError('int_parsing', loc, raw, 'Input should be a valid integer, unable to parse string as an integer'));
    return bounds.fallback;
  }
  const value = Number(trimmed);
  if (bounds.ge !== undefined && value < bounds.ge) {
    issues.add({
      type: 'greater_than_equal',
      loc,
      msg: `Input should be greater than or equal to ${bounds.ge}`,
      input: raw,
      ctx: { ge: bounds.ge },
    });
  } else if (bounds.le !== undefined && value > bounds.le) {
    issues.add({
      type: 'less_than_equal',
      loc,
      msg: `Input should be less than or equal to ${bounds.le}`,
      input: raw,
      ctx: { le: bounds.le },
    });
  }
  return value;
}

export function readString(query: URLSearchParams, name: string): string | undefined {
  return lastValue(query, name);
}

export function requireString(query: URLSearchParams, name: string, issues: IssueList): string | undefined {
  const value = lastValue(query, name);
  if (value === undefined) issues.add(missing(['query', name]));
  return value;
}

const UUID_CHARS = /^[0-9a-fA-F-]$/;

/** A uuid as pydantic accepts it (hyphenated or 32 hex digits, optional urn:uuid: prefix), normalised. */
export function readUuid(value: string, loc: (string | number)[], issues: IssueList): string | undefined {
  const body = value.replace(/^urn:uuid:/i, '');
  const hex = body.replace(/-/g, '');
  const hyphenated = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(body);
  if ((hyphenated || /^[0-9a-f]{32}$/i.test(body)) && hex.length === 32) {
    const h = hex.toLowerCase();
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }
  const badIndex = [...body].findIndex((c) => !UUID_CHARS.test(c));
  const error =
    badIndex >= 0
      ? `invalid character: expected an optional prefix of \`urn:uuid:\` followed by [0-9a-fA-F-], found \`${[...body][badIndex]}\` at ${badIndex + 1}`
      : body.includes('-')
        ? `invalid group length or count in \`${body.length > 40 ? body.slice(0, 40) + '…' : body}\``
        : `invalid length: expected length 32 for simple format, found ${body.length}`;
  issues.add({ type: 'uuid_parsing', loc, msg: `Input should be a valid UUID, ${error}`, input: value, ctx: { error } });
  return undefined;
}
