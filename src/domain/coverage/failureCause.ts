// The short cause of a failed request, for a tree row's label ("connection refused").
import { isHealthApiError } from '../../api/errors';

export type FailureCause =
  | { kind: 'connectionRefused' | 'hostNotFound' | 'connectionReset' | 'hostUnreachable' | 'connectTimeout' }
  | { kind: 'code'; code: string };

const NETWORK_CODES: Record<string, Exclude<FailureCause['kind'], 'code'>> = {
  ECONNREFUSED: 'connectionRefused',
  ENOTFOUND: 'hostNotFound',
  EAI_AGAIN: 'hostNotFound',
  ECONNRESET: 'connectionReset',
  UND_ERR_SOCKET: 'connectionReset',
  EHOSTUNREACH: 'hostUnreachable',
  ENETUNREACH: 'hostUnreachable',
  ETIMEDOUT: 'connectTimeout',
  UND_ERR_CONNECT_TIMEOUT: 'connectTimeout',
};

/** Only network failures have one; other titles already say all ("The API failed (503)", a 401…). */
export function failureCause(error: unknown): FailureCause | undefined {
  if (!isHealthApiError(error)) return undefined;
  if (error.kind === 'network') {
    const code = (error.cause as { code?: unknown } | undefined)?.code;
    if (typeof code !== 'string') return undefined;
    const known = NETWORK_CODES[code];
    return known ? { kind: known } : { kind: 'code', code };
  }
  return undefined;
}
