import * as vscode from 'vscode';
import { CONFIG_SECTION, SETTINGS } from '../constants';

export const SCAN_CONCURRENCY_DEFAULT = 4;
export const SCAN_CONCURRENCY_MAX = 16;

/** `healthData.scan.concurrency`: users a coverage scan reads at once (1–16). */
export function scanConcurrency(): number {
  const value = vscode.workspace.getConfiguration(CONFIG_SECTION).get<number>(SETTINGS.scanConcurrency, SCAN_CONCURRENCY_DEFAULT);
  if (typeof value !== 'number' || !Number.isFinite(value)) return SCAN_CONCURRENCY_DEFAULT;
  return Math.min(SCAN_CONCURRENCY_MAX, Math.max(1, Math.floor(value)));
}
