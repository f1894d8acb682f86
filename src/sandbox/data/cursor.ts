// Opaque, signed blood-pressure cursors. A cursor names where the next page starts and the query
// it belongs to; the signature makes a forged or edited cursor a 422 instead of a wrong page.
import { createHmac } from 'node:crypto';

export interface CursorState {
  userId: string;
  start: number;
  end: number | null;
  provider: string;
  /** Local day of the next reading (0 for the heavy reader, whose readings are indexed). */
  day: number;
  /** Index of the next reading within that day (or overall, for the heavy reader). */
  index: number;
}

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url').slice(0, 16);
}

export function encodeCursor(secret: string, state: CursorState): string {
  const payload = Buffer.from(
    JSON.stringify([state.userId, state.start, state.end, state.provider, state.day, state.index]),
  ).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

export function decodeCursor(secret: string, token: string): CursorState | undefined {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0 || sign(secret, payload) !== signature) return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== 6) return undefined;
    const [userId, start, end, provider, day, index] = parsed as unknown[];
    if (typeof userId !== 'string' || typeof provider !== 'string') return undefined;
    if (!isInt(start) || !(end === null || isInt(end)) || !isInt(day) || !isInt(index) || index < 0) return undefined;
    return { userId, start, end, provider, day, index };
  } catch {
    return undefined;
  }
}

const isInt = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);
