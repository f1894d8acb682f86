// One line per HTTP attempt for the "Health Data" output channel. Built from the client's log entry,
// which never holds the key; the line keeps only the path and query, not the host.
import type { RequestLogEntry } from '../../api/client';

export type RequestLogLevel = 'info' | 'warn' | 'error';

export interface RequestLogLine {
  level: RequestLogLevel;
  text: string;
}

/** The path and query of a URL (the host left out); the text as given when it is no URL. */
export function pathAndQuery(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

/**
 * `environment` (its label) ends the line, so lines from two environments cannot be confused; a
 * request made for an agent tool says so after it.
 */
export function formatRequestLogLine(entry: RequestLogEntry, environment?: string, agentTool?: string): RequestLogLine {
  const outcome = entry.status !== undefined ? String(entry.status) : (entry.failure ?? entry.error ?? 'failed');
  const parts = [`${entry.method} ${pathAndQuery(entry.url)}`, outcome, `${entry.ms} ms`, `attempt ${entry.attempt}`];
  if (entry.requestId) parts.push(`request id ${entry.requestId}`);
  if (environment) parts.push(environment);
  if (agentTool) parts.push(`for agent tool ${agentTool}`);
  const level: RequestLogLevel =
    entry.status === undefined ? (entry.error === 'cancelled' ? 'info' : 'error') : entry.status >= 400 ? 'warn' : 'info';
  return { level, text: parts.join(' · ') };
}
