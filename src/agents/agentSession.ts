// What a surface (the extension window, one MCP server) keeps between tool calls: the last coverage
// scan per environment, so a model can page through its rows without scanning again.
import type { ScanResult } from '../domain/coverage/coverageScan';

export interface RememberedScan {
  environmentId: string;
  /** The scan's input, as a key: another input scans again. */
  key: string;
  result: ScanResult;
  listed: number;
  at: number;
}

/** How long a remembered scan answers for its rows; after that a call scans again. */
export const SCAN_MEMORY_MS = 10 * 60_000;

export class AgentSession {
  #scans = new Map<string, RememberedScan>();

  rememberScan(scan: RememberedScan): void {
    this.#scans.set(scan.environmentId, scan);
  }

  scan(environmentId: string, key: string, nowMs: number): RememberedScan | undefined {
    const scan = this.#scans.get(environmentId);
    return scan && scan.key === key && nowMs - scan.at <= SCAN_MEMORY_MS ? scan : undefined;
  }

  clear(): void {
    this.#scans.clear();
  }
}
