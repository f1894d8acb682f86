// Messages between the lab-markers panel (host) and its webview; same rules as the blood-pressure
// protocol: exhaustive switches both sides, `ready` before anything is posted.
import { isEnvironmentId, type EnvironmentId } from '../domain/environments';
import type { Marker, MarkerPage, MarkerPricing } from '../api/schemas';
import type { LabMarkersForm, LabMarkersSource } from '../domain/labs/labMarkersForm';
import type { PanelErrorAction, PanelErrorView } from './panelError';
import type { PanelActionMessage } from './panelActions';

export interface LabMarkersStrings {
  labTestTitle: string;
  orderSetTitle: string;
  labTestId: string;
  labTestIds: string;
  providerIds: string;
  idsPlaceholder: string;
  labAccountId: string;
  optional: string;
  page: string;
  size: string;
  apply: string;
  cancel: string;
  previousPage: string;
  nextPage: string;
  filter: string;
  filterPlaceholder: string;
  exportCsv: string;
  exportJson: string;
  openRawJson: string;
  copyCurl: string;
  labTestIdMissing: string;
  orderSetEmpty: string;
  pageInvalid: string;
  sizeInvalid: string;
  loading: string;
  /** Paging, from what the page says: "Page 2 of 5", or "Page 2" when neither pages nor total was sent. */
  pageOf: string;
  pageOnly: string;
  totalMarkers: string;
  /** "2 markers on this page; the server says 3 in total": a total that cannot be true for the page. */
  totalDisagrees: string;
  totalDisagreesOne: string;
  totalNotSent: string;
  moreMayFollow: string;
  filteredStatus: string;
  emptyTitle: string;
  emptyMessage: string;
  emptyMessageNoTotal: string;
  noFilterMatch: string;
  searchingAllPages: string;
  filteredAllStatus: string;
  noFilterMatchAll: string;
  searchCancelled: string;
  tableLabel: string;
  columnName: string;
  columnSlug: string;
  columnType: string;
  columnUnit: string;
  columnProviderId: string;
  columnLabId: string;
  columnPrice: string;
  columnOrderable: string;
  columnTurnaround: string;
  columnAoe: string;
  /** Tooltip of every "—": the service did not send the value (absent or null). */
  notSent: string;
  typeUnseen: string;
  priceFromPricing: string;
  priceModifiers: string;
  priceFromMarker: string;
  priceUnspecified: string;
  yes: string;
  no: string;
  aLaCarte: string;
  notALaCarte: string;
  orderableTooltip: string;
  turnaroundDays: string;
  turnaroundTooltip: string;
  aoeCount: string;
  aoeOne: string;
  aoeNone: string;
  expandAoe: string;
  collapseAoe: string;
  aoeLabel: string;
  columnQuestionCode: string;
  columnQuestion: string;
  columnQuestionType: string;
  columnAnswers: string;
  columnRequired: string;
  noLoinc: string;
  sortBy: string;
  expand: string;
  collapse: string;
  toggleAll: string;
  actionsLabel: string;
  resultsLabel: string;
  noExpectedResults: string;
  columnResultName: string;
  columnLoincCode: string;
  columnLoincName: string;
  columnLoincUnit: string;
}

export interface LabMarkersPanelState {
  version: 1;
  form: LabMarkersForm;
  filter: string;
  /** Ids of the markers whose expected results are open (kept while the panel is hidden). */
  expanded?: number[];
  /** Ids of the markers whose AOE questions are open. */
  expandedAoe?: number[];
  /** The environment the panel shows; absent in states saved before panels were bound to one. */
  environment?: EnvironmentId;
}

export type LabMarkersHostMessage =
  | { type: 'init'; strings: LabMarkersStrings; locale: string; form: LabMarkersForm; filter: string }
  | { type: 'loading'; form: LabMarkersForm }
  | { type: 'result'; form: LabMarkersForm; page: MarkerPage }
  | { type: 'cancelled' }
  | { type: 'error'; error: PanelErrorView }
  /** The page's title and the line under it: lab-test names where known, ids otherwise. */
  | { type: 'heading'; title: string; detail: string[] }
  /** While the filter searches every page: markers fetched so far. */
  | { type: 'searchProgress'; loaded: number; total: number }
  /** Every marker of the query (all pages), for the filter; `source` is the query they belong to. */
  | { type: 'allMarkers'; source: LabMarkersSource; markers: Marker[]; total: number; pricing?: MarkerPricing }
  | { type: 'searchCancelled' };

export interface LabMarkersRenderSnapshot {
  phase: 'loading' | 'data' | 'empty' | 'error';
  /** The query this render belongs to. */
  form: LabMarkersForm;
  total: number;
  markers: number;
  visibleMarkers: number;
  loincCodes: string[];
  expandedRows: number;
  /** Rows of the markers table as drawn (after the filter), and what they show: for tests. */
  markerRows?: number;
  panelMarkers?: number;
  pricedMarkers?: number;
  /** Cells showing "—" for a value not sent. */
  missingCells?: number;
  /** Cells whose text is blank, "undefined", "null" or "NaN": always 0. */
  badCells?: number;
  expandedAoeRows?: number;
  /** What the pager says. */
  pager?: string;
  /** The page's title as shown. */
  heading?: string;
  /** The lines under it (the lab_test_id, and where its name was seen). */
  headingDetail?: string;
  /** How many markers the filter ran over: the page's, or every page's once they are fetched. */
  searchedMarkers?: number;
  /** The next steps offered and the 422 fields listed, while an error is shown. */
  error?: { actions: PanelErrorAction[]; fields: string[] };
}

export type LabMarkersWebviewMessage =
  | { type: 'ready' }
  | { type: 'load'; form: LabMarkersForm }
  /** The filter has text and the query has more than one page: fetch the others. */
  | { type: 'searchAllPages' }
  | PanelActionMessage
  | { type: 'rendered'; snapshot: LabMarkersRenderSnapshot };

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function parseSource(value: unknown): LabMarkersSource | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const source = value as Record<string, unknown>;
  const labAccountId = typeof source.labAccountId === 'string' ? source.labAccountId : '';
  if (source.kind === 'labTest' && typeof source.labTestId === 'string') {
    return { kind: 'labTest', labTestId: source.labTestId, labAccountId };
  }
  if (source.kind === 'orderSet' && isStringArray(source.labTestIds) && isStringArray(source.providerIds)) {
    const markerIds = Array.isArray(source.markerIds) ? source.markerIds.filter((id): id is number => Number.isSafeInteger(id) && id >= 0) : [];
    return { kind: 'orderSet', labTestIds: source.labTestIds, providerIds: source.providerIds, ...(markerIds.length > 0 ? { markerIds } : {}), labAccountId };
  }
  return undefined;
}

export function parseLabMarkersForm(value: unknown): LabMarkersForm | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const form = value as Record<string, unknown>;
  const source = parseSource(form.source);
  if (!source || typeof form.page !== 'number' || typeof form.size !== 'number') return undefined;
  return { source, page: form.page, size: form.size };
}

/** Reads a saved state defensively: it comes from disk after a reload and may be from an older version. */
export function parseLabMarkersPanelState(value: unknown): LabMarkersPanelState | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const state = value as Record<string, unknown>;
  if (state.version !== 1) return undefined;
  const form = parseLabMarkersForm(state.form);
  if (!form) return undefined;
  const ids = (value: unknown): number[] => (Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id)) : []);
  const expanded = ids(state.expanded);
  const expandedAoe = ids(state.expandedAoe);
  return {
    version: 1,
    form,
    filter: typeof state.filter === 'string' ? state.filter : '',
    ...(expanded.length > 0 ? { expanded } : {}),
    ...(expandedAoe.length > 0 ? { expandedAoe } : {}),
    ...(isEnvironmentId(state.environment) ? { environment: state.environment } : {}),
  };
}
