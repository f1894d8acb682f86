// Turns the client's report of one attempt into what the Requests view records, with where it went.
import type { RequestLogEntry } from '../../api/client';
import type { RequestRecordInput } from './requestRecord';

export interface RecordedEnvironment {
  id: string;
  label: string;
  baseUrl: string;
}

export function requestRecordInput(
  entry: RequestLogEntry,
  environment: RecordedEnvironment,
  endedAt: number,
  loadId?: string,
): RequestRecordInput {
  return {
    environmentId: environment.id,
    environmentLabel: environment.label,
    baseUrl: environment.baseUrl,
    method: entry.method,
    url: entry.url,
    ...(entry.redirectedFrom !== undefined ? { redirectedFrom: entry.redirectedFrom } : {}),
    requestHeaders: entry.requestHeaders ?? {},
    ...(entry.requestBody !== undefined ? { requestBody: entry.requestBody } : {}),
    ...(entry.status !== undefined ? { status: entry.status } : {}),
    ...(entry.failure !== undefined || entry.error !== undefined ? { failure: entry.failure ?? entry.error } : {}),
    ...(entry.responseHeaders ? { responseHeaders: entry.responseHeaders } : {}),
    ...(entry.responseBody !== undefined ? { responseBody: entry.responseBody } : {}),
    ...(entry.requestId ? { requestId: entry.requestId } : {}),
    attempts: [
      {
        ms: entry.ms,
        endedAt,
        ...(entry.status !== undefined ? { status: entry.status } : {}),
        ...(entry.failure !== undefined || entry.error !== undefined ? { failure: entry.failure ?? entry.error } : {}),
      },
    ],
    startedAt: endedAt - entry.ms,
    ...(loadId !== undefined ? { loadId } : {}),
    ...(entry.operation !== undefined ? { operation: entry.operation } : {}),
    ...(entry.deviations !== undefined ? { deviations: entry.deviations } : {}),
  };
}
