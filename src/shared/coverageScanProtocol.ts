// Messages between the Scan Data Coverage panel (host) and its webview. The host runs the scan and
// sends progress, then every row; the webview filters, sorts and draws them, and asks the host to
// open a user's diagnosis or export the rows.
import { isEnvironmentId, type EnvironmentId } from '../domain/environments';
import type { ScanRow } from '../domain/coverage/coverageScan';
import type { ScanFilter, ScanSortKey } from '../domain/coverage/coverageScanTable';
import type { PanelErrorAction, PanelErrorView } from './panelError';
import type { PanelActionMessage } from './panelActions';

export type ScanScope = { kind: 'all' } | { kind: 'filtered'; prefix: string } | { kind: 'first'; count: number };

/** What was asked: kept in the panel's state so a reload can offer the same scan again. */
export interface ScanRequest {
  days: number;
  scope: ScanScope;
  /** Provider slug, or '' for every provider. */
  provider: string;
}

export interface CoverageScanStrings {
  heading: string;
  environment: string;
  scopeAll: string;
  scopeFiltered: string;
  scopeFirst: string;
  anyProvider: string;
  cancel: string;
  listingUsers: string;
  progress: string;
  summary: string;
  cancelledSummary: string;
  notRun: string;
  clearedBySettings: string;
  scanAgain: string;
  exportCsv: string;
  filterLabel: string;
  filterAll: string;
  filterConnectedButSilent: string;
  filterStoppedSyncing: string;
  filterNeverDelivered: string;
  stoppedDays: string;
  sortLabel: string;
  sortDaysWithoutData: string;
  sortLastReading: string;
  sortReadings: string;
  sortSilentSources: string;
  reverse: string;
  shownRows: string;
  tableLabel: string;
  columnUser: string;
  columnLastReading: string;
  columnDaysWithoutData: string;
  columnReadings: string;
  columnSilentSources: string;
  columnFindings: string;
  noReading: string;
  openHint: string;
  emptyFilter: string;
  emptyScan: string;
  failedHeading: string;
  failedRow: string;
  notScannedHeading: string;
  notScannedNote: string;
  heatMapHeading: string;
  /** Above the heat map when users' windows differ by their zones: first day, last day, days. */
  heatMapAxisZones: string;
  heatMapLabel: string;
  legendNone: string;
  legendOne: string;
  legendSome: string;
  legendMany: string;
  heatMapTextAlternative: string;
  finding: Record<string, string>;
}

export interface ScanRenderSnapshot {
  phase: 'idle' | 'listing' | 'scanning' | 'done' | 'error';
  environment: string;
  request: ScanRequest;
  total: number;
  scanned: number;
  failed: number;
  notScanned: number;
  cancelled: boolean;
  /** The status line's text: the progress, or the summary with its request count. */
  status: string;
  /** The panel's message box ('' without one): why there are no rows, or an error. */
  message: string;
  filter: ScanFilter;
  sort: ScanSortKey;
  descending: boolean;
  /** The "stopped for at least N days" of the stopped-syncing filter. */
  stoppedDays: number;
  /** Rows the table shows after the filter, and the first of them in order (client_user_ids). */
  shownRows: number;
  firstShown: string[];
  /** Rows the heat map has drawn on its canvas in the last frame (only the visible ones). */
  heatMapRowsDrawn: number;
  /** How the heat map draws in the current theme: row height and label font (px), the four step colours. */
  heatMap: { rowHeight: number; fontPx: number; levels: readonly string[] };
  error?: { actions: PanelErrorAction[]; fields: string[] };
}

export interface ScanPanelState {
  version: 1;
  request: ScanRequest;
  /** The environment the panel scanned; absent in states saved before panels were bound to one. */
  environment?: EnvironmentId;
}

export type CoverageScanHostMessage =
  | { type: 'init'; strings: CoverageScanStrings; locale: string; environment: string; request: ScanRequest; providerName: string }
  | { type: 'listing'; users: number }
  | { type: 'progress'; done: number; total: number; requests: number; errors: number }
  | { type: 'rows'; rows: ScanRow[]; cancelled: boolean; requests: number }
  /** No rows to show: `reloaded`, the window reloaded (results are not kept); `settingsChanged`, the environment's address or key changed. */
  | { type: 'idle'; reason: 'reloaded' | 'settingsChanged' }
  | { type: 'error'; error: PanelErrorView };

export type CoverageScanWebviewMessage =
  | { type: 'ready' }
  | { type: 'diagnose'; userId: string; clientUserId: string }
  | { type: 'scanAgain' }
  | PanelActionMessage
  | { type: 'rendered'; snapshot: ScanRenderSnapshot };

function isScope(value: unknown): value is ScanScope {
  if (!value || typeof value !== 'object') return false;
  const scope = value as Record<string, unknown>;
  if (scope.kind === 'all') return true;
  if (scope.kind === 'filtered') return typeof scope.prefix === 'string';
  return scope.kind === 'first' && typeof scope.count === 'number' && Number.isInteger(scope.count) && scope.count >= 1;
}

export function isScanRequest(value: unknown): value is ScanRequest {
  if (!value || typeof value !== 'object') return false;
  const request = value as Record<string, unknown>;
  return (
    typeof request.days === 'number' && Number.isInteger(request.days) && request.days >= 1 && request.days <= 366 && isScope(request.scope) && typeof request.provider === 'string'
  );
}

export function parseScanPanelState(value: unknown): ScanPanelState | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const state = value as Record<string, unknown>;
  if (state.version !== 1 || !isScanRequest(state.request)) return undefined;
  return { version: 1, request: state.request, ...(isEnvironmentId(state.environment) ? { environment: state.environment } : {}) };
}
