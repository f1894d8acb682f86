// The Requests view's rows as an earlier window saved them in workspace state, checked on the way back in.
import { isRequestOrigin } from './requestOrigin';
import { parseOperation } from '../../api/replay';
import type { RequestAttempt, RequestRecord } from './requestRecord';
import { parseSavedDeviations } from './savedDeviations';

/**
 * Saved rows from workspace state, which an older version or a hand edit may have changed: anything
 * that is not a well-formed row is left out rather than shown half-broken.
 */
export function parseSavedRecords(value: unknown): RequestRecord[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isSavedRecord).map(withCheckedOperation);
}

/**
 * A saved operation of the wrong shape is dropped: the row is still shown, its Replay says why not.
 * Saved deviations keep their well-formed entries; a row saved without them shows no count.
 */
function withCheckedOperation(record: RequestRecord): RequestRecord {
  const { operation: saved, deviations: savedDeviations, origin: savedOrigin, ...rest } = record;
  const operation = parseOperation(saved);
  const deviations = parseSavedDeviations(savedDeviations);
  const origin = isRequestOrigin(savedOrigin) ? savedOrigin : undefined;
  return { ...rest, ...(operation ? { operation } : {}), ...(deviations ? { deviations } : {}), ...(origin ? { origin } : {}) };
}

function isSavedRecord(value: unknown): value is RequestRecord {
  if (!value || typeof value !== 'object') return false;
  const record = value as Partial<Record<keyof RequestRecord, unknown>>;
  return (
    typeof record.id === 'number' &&
    Number.isInteger(record.id) &&
    typeof record.environmentId === 'string' &&
    typeof record.environmentLabel === 'string' &&
    typeof record.baseUrl === 'string' &&
    typeof record.method === 'string' &&
    typeof record.url === 'string' &&
    typeof record.startedAt === 'number' &&
    (record.status === undefined || typeof record.status === 'number') &&
    (record.failure === undefined || typeof record.failure === 'string') &&
    (record.requestId === undefined || typeof record.requestId === 'string') &&
    (record.loadId === undefined || typeof record.loadId === 'string') &&
    (record.agentTool === undefined || typeof record.agentTool === 'string') &&
    (record.loadCancelled === undefined || record.loadCancelled === true) &&
    (record.loadRequest === undefined || typeof record.loadRequest === 'number') &&
    isStringRecord(record.requestHeaders) &&
    (record.responseHeaders === undefined || isStringRecord(record.responseHeaders)) &&
    Array.isArray(record.attempts) &&
    record.attempts.every((attempt: unknown) => !!attempt && typeof (attempt as RequestAttempt).ms === 'number')
  );
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return !!value && typeof value === 'object' && Object.values(value).every((item) => typeof item === 'string');
}
