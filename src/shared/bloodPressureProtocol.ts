// Messages between the blood-pressure panel (host) and its webview. Both sides switch over `type`
// exhaustively. The webview says `ready` first; only then does the host post `init` and data.
import { isEnvironmentId, type EnvironmentId } from '../domain/environments';
import type { PageColumns } from '../domain/bloodPressure/bloodPressureColumns';
import type { BloodPressureForm } from '../domain/bloodPressure/bloodPressureQuery';
import type { Coverage } from '../domain/coverage/bloodPressureCoverage';
import type { PanelErrorAction, PanelErrorView } from './panelError';
import type { PanelActionMessage } from './panelActions';

/** Localized text of the webview (built by the host in src/l10n; `{0}` marks an argument). */
export interface BloodPressureStrings {
  heading: string;
  queryLabel: string;
  actionsLabel: string;
  startDate: string;
  startDatePlaceholder: string;
  endDate: string;
  endDatePlaceholder: string;
  pressureAxis: string;
  provider: string;
  allProviders: string;
  apply: string;
  cancel: string;
  exportCsv: string;
  exportJson: string;
  openRawJson: string;
  copyCurl: string;
  startMissing: string;
  startInvalid: string;
  endInvalid: string;
  endBeforeStart: string;
  loadingPages: string;
  loadedSummary: string;
  cancelledSummary: string;
  /** The status between Cancel and the host's last page of the load. */
  cancelling: string;
  /** A cancelled load's chart and coverage strip: the part of the range never loaded. */
  notLoaded: string;
  /** Under the chart and the strip: {0}–{1} the first and last day never loaded. */
  notLoadedNote: string;
  /** A coverage cell never loaded: {0} its day or days. */
  coverageCellNotLoaded: string;
  unreadableTimestamps: string;
  emptyTitle: string;
  emptyMessage: string;
  emptyMessageAllProviders: string;
  openEnd: string;
  nearestSearching: string;
  nearestBefore: string;
  nearestAfter: string;
  nearestNone: string;
  showAround: string;
  chartHeading: string;
  chartLabel: string;
  systolicOf: string;
  diastolicOf: string;
  categoryLegend: string;
  categoryNormal: string;
  categoryElevated: string;
  categoryStage1: string;
  categoryStage2: string;
  categoryCrisis: string;
  diastolicThresholdNote: string;
  coverageHeading: string;
  coverageProviderDays: string;
  /** After a cancel: "{0} of {1} loaded days; {2} not loaded". */
  coverageProviderLoadedDays: string;
  coverageCellDay: string;
  coverageCellRange: string;
  summaryHeading: string;
  summaryProvider: string;
  summarySourceTypes: string;
  summaryCount: string;
  summaryFirst: string;
  summaryLast: string;
  summaryMeanSystolic: string;
  summaryMeanDiastolic: string;
  tableHeading: string;
  tableLabel: string;
  columnTime: string;
  columnOffset: string;
  columnSystolic: string;
  columnDiastolic: string;
  columnUnit: string;
  columnCategory: string;
  groupRow: string;
  columnTimeOwn: string;
  columnSourceType: string;
  columnDevice: string;
  columnApp: string;
  timeInZone: string;
  timeInOwnOffset: string;
  offsetOwn: string;
  offsetWritten: string;
  offsetNotSent: string;
  notSent: string;
  notMmHg: string;
  notMmHgHint: string;
  summaryOtherUnits: string;
  summaryNoPressure: string;
  /** Readings that cannot be a blood pressure: the table's category cell, the tooltip, the summary. */
  implausible: string;
  implausibleNotAboveDiastolic: string;
  implausibleSystolicBounds: string;
  implausibleDiastolicBounds: string;
  implausibleNotANumber: string;
  summaryImplausible: string;
  summaryImplausibleHint: string;
  /** The tooltip of a reading beyond its axis, drawn at the edge: name, value, edge, unit. */
  outlierAbove: string;
  outlierBelow: string;
  /** Under the chart: values beyond an axis, drawn at its edge ({0} count, {1} unit, {2}–{3} the axis). */
  outlierNote: string;
  /** The group header for one reading ("1 reading"); `groupRow` is for any other count. */
  groupRowOne: string;
  otherUnitsNote: string;
  coverageSourceNotSent: string;
  timeZoneNote: string;
  timeZoneMissing: string;
  presetsLabel: string;
  presetLast7: string;
  presetLast30: string;
  presetLast90: string;
  presetLastYear: string;
  presetSinceIngestion: string;
  presetSinceIngestionHint: string;
  presetSinceIngestionNone: string;
  presetLastHint: string;
  dateFieldHint: string;
  zoomHint: string;
  chartRange: string;
  resetZoom: string;
  resetZoomHint: string;
}

export interface BloodPressureUserView {
  userId: string;
  clientUserId: string;
  /** IANA zone every time and day is shown in (the user's fallback zone, or UTC). */
  timeZone: string;
  /** False when the user has no usable fallback zone and UTC is used instead. */
  timeZoneFromUser: boolean;
  /** The user's connected sources, for the provider filter. */
  providers: { slug: string; name: string }[];
  /** The user's first ingested day in their zone (the "since ingestion start" preset), if known. */
  ingestionStartDay?: string;
}

/** What a restored panel needs: ids and the query, never data or keys. */
export interface BloodPressurePanelState {
  version: 1;
  userId: string;
  clientUserId: string;
  form: BloodPressureForm;
  /** The environment the panel shows; absent in states saved before panels were bound to one. */
  environment?: EnvironmentId;
}

export type BloodPressureHostMessage =
  | {
      type: 'init';
      strings: BloodPressureStrings;
      locale: string;
      user: BloodPressureUserView;
      form: BloodPressureForm;
    }
  /** A new load (numbered: a `stop` names the load it stops). */
  | { type: 'loading'; form: BloodPressureForm; load: number }
  /**
   * One cursor page as columns (typed arrays: they cross postMessage as buffers, and the webview
   * appends them without building an object per reading). `readingsLoaded` counts what the API sent.
   */
  | { type: 'page'; columns: PageColumns; pageNumber: number; readingsLoaded: number }
  | { type: 'complete'; pages: number; readings: number; cancelled: boolean }
  /** After an empty result: coverage of a wider window and the readings nearest to the range. */
  | { type: 'nearest'; coverage: Coverage | undefined; beforeDay: string | undefined; afterDay: string | undefined }
  | { type: 'error'; error: PanelErrorView };

/** Counts the webview reports after each render; tests read them through the host. */
export interface BloodPressureRenderSnapshot {
  /** `loading` may already show data: chart, table and the rest grow as pages arrive. */
  phase: 'loading' | 'data' | 'empty' | 'error';
  /** The query this render belongs to. */
  form: BloodPressureForm;
  readings: number;
  /** Pages of the load in view. */
  pages: number;
  /** Whether Cancel ended the load in view. */
  cancelled: boolean;
  tableRows: number;
  groups: number;
  chartSeries: number;
  /** Readings the chart's view holds. */
  chartPoints: number;
  /** Rows the chart draws (decimated per pixel column: bounded by its width, not the readings). */
  chartRows: number;
  /** Whether the chart shows less than the whole range. */
  chartZoomed: boolean;
  /** The colour each provider's series are stroked with (a provider keeps its colour). */
  chartColors?: Record<string, string>;
  /** Per chart series label, the axis it is drawn on: `mmHg` or the other unit as sent. */
  chartAxes?: Record<string, string>;
  /** Line breaks the chart has at gaps in a provider's readings. */
  chartGaps?: number;
  /** The date-range preset the query matches, if any. */
  preset?: string;
  coverageProviders: number;
  summaryProviders: number;
  /** The next steps offered and the 422 fields listed, while an error is shown. */
  error?: { actions: PanelErrorAction[]; fields: string[] };
  /** In the empty state, once known: the days of the nearest readings before and after the range. */
  nearest?: { beforeDay?: string; afterDay?: string };
  /** After a Cancel: whether the chart and the coverage strip mark the part of the range never loaded. */
  notLoaded?: { chart: boolean; coverage: boolean };
}

export type BloodPressureWebviewMessage =
  | { type: 'ready' }
  | { type: 'apply'; form: BloodPressureForm }
  /**
   * Cancel, pressed in the webview: stop load `load` now (its request in flight is aborted). The host
   * still posts the pages that came back, then `complete`; the webview takes them in until then.
   */
  | { type: 'stop'; load: number }
  /**
   * After each page: the webview has taken in `pages` pages of load `load` in all. The host requests
   * at most a few pages beyond that (flow control, src/api/pageWindow.ts).
   */
  | { type: 'taken'; load: number; pages: number }
  | PanelActionMessage
  | { type: 'rendered'; snapshot: BloodPressureRenderSnapshot };

export function isBloodPressureForm(value: unknown): value is BloodPressureForm {
  if (!value || typeof value !== 'object') return false;
  const form = value as Record<string, unknown>;
  return typeof form.startDate === 'string' && typeof form.endDate === 'string' && typeof form.provider === 'string';
}

/** Reads a saved state defensively: it comes from disk after a reload and may be from an older version. */
export function parseBloodPressurePanelState(value: unknown): BloodPressurePanelState | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const state = value as Record<string, unknown>;
  if (state.version !== 1 || typeof state.userId !== 'string' || typeof state.clientUserId !== 'string') return undefined;
  if (!isBloodPressureForm(state.form)) return undefined;
  const { startDate, endDate, provider } = state.form;
  return {
    version: 1,
    userId: state.userId,
    clientUserId: state.clientUserId,
    form: { startDate, endDate, provider },
    ...(isEnvironmentId(state.environment) ? { environment: state.environment } : {}),
  };
}
