import type * as vscode from 'vscode';
import type { RequestLogEntry } from '../api/client';
import { formatRequestLogLine } from '../domain/requests/requestLog';
import { currentAgentTool } from './agentCalls';

const RECENT_LINES = 200;

/**
 * Writes one line per HTTP attempt to the "Health Data" log channel. Entries come from the client's
 * onRequest hook and never carry the key. The last lines are also kept for the integration tests.
 */
export class RequestLog {
  private readonly recent: string[] = [];

  constructor(private readonly channel: vscode.LogOutputChannel) {}

  readonly onRequest = (entry: RequestLogEntry, environment?: string): void => {
    const line = formatRequestLogLine(entry, environment, currentAgentTool());
    this.channel[line.level](line.text);
    this.recent.push(line.text);
    if (this.recent.length > RECENT_LINES) this.recent.shift();
  };

  recentLines(): readonly string[] {
    return [...this.recent];
  }
}
