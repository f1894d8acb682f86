// The words of the notebook's output renderer (src/webview/notebook) and the messages it exchanges
// with the extension. A renderer has no vscode.l10n: it draws with its English defaults at once,
// asks the extension for the localized set (`stringsRequest`) and redraws its outputs when they come.
import type { DeviationKind } from '../api/contract/deviations';
import type { BloodPressureStrings } from './bloodPressureProtocol';
import type { LabMarkersStrings } from './labMarkersProtocol';
import type { PanelDeviationsStrings } from './panelDeviations';

/** The renderer's id in the manifest (contributes.notebookRenderer), for its messaging. */
export const NOTEBOOK_RENDERER_ID = 'health-data-result-renderer';

/** The contract lens's list, as templates (`{0}`…) the renderer fills in (src/domain/requests/deviationPresentation.ts). */
export interface DeviationListStrings {
  headingOne: string;
  headingOnePlaces: string;
  heading: string;
  occurrences: string;
  sent: string;
  spec: string;
  request: string;
  kinds: Record<DeviationKind, string>;
}

/** The renderer's own words: header, assertions, error, the users table and the raw JSON. */
export interface NotebookOutputStrings {
  outputLabel: string;
  status: string;
  noStatus: string;
  durationMs: string;
  durationSeconds: string;
  pageOne: string;
  pages: string;
  environment: string;
  ranAt: string;
  outcomeOk: string;
  outcomeError: string;
  /** The heading of a cell whose request succeeded but whose checks failed: {0} the failed `expect` lines. */
  outcomeChecksFailed: string;
  outcomeCancelled: string;
  assertionsHeading: string;
  assertionsSummary: string;
  assertionPassed: string;
  assertionFailed: string;
  assertionLine: string;
  specSection: string;
  noAssertions: string;
  errorHeading: string;
  cancelledHeading: string;
  errorLine: string;
  nextStep: string;
  lensListLabel: string;
  hideList: string;
  usersHeading: string;
  usersLabel: string;
  usersCount: string;
  usersTotal: string;
  noUsers: string;
  columnClientUserId: string;
  columnUserId: string;
  columnCreatedOn: string;
  columnSources: string;
  columnTimeZone: string;
  notSent: string;
  bloodPressureHeading: string;
  timeZoneNote: string;
  readingsCount: string;
  noReadings: string;
  readingsSkipped: string;
  markersHeading: string;
  markersCount: string;
  noMarkers: string;
  markersSkipped: string;
  unknownBody: string;
  rawJson: string;
  rawJsonLabel: string;
  noBody: string;
  bodyOmitted: string;
  rawJsonTruncated: string;
  /** The Raw JSON section's button: the whole body in a read-only JSON editor. */
  rawJsonOpen: string;
  scrubbed: string;
  unreadableOutput: string;
}

export interface NotebookRendererStrings {
  locale: string;
  output: NotebookOutputStrings;
  bloodPressure: BloodPressureStrings;
  labMarkers: LabMarkersStrings;
  deviationLine: PanelDeviationsStrings;
  deviationList: DeviationListStrings;
}

/**
 * Renderer → extension. `openBody`: the whole body of a result in a read-only JSON editor (its
 * output carries the body once, in the result: the renderer hands it over when asked).
 */
export type NotebookRendererMessage = { type: 'stringsRequest' } | { type: 'openBody'; title: string; body: unknown; environmentId: string; operation?: unknown };

/** Extension → renderer. */
export type NotebookRendererHostMessage = { type: 'strings'; strings: NotebookRendererStrings };

export function isNotebookRendererHostMessage(message: unknown): message is NotebookRendererHostMessage {
  if (!message || typeof message !== 'object') return false;
  const { type, strings } = message as { type?: unknown; strings?: unknown };
  return type === 'strings' && !!strings && typeof strings === 'object';
}

export function isNotebookRendererMessage(message: unknown): message is NotebookRendererMessage {
  if (!message || typeof message !== 'object') return false;
  const { type, title, environmentId } = message as { type?: unknown; title?: unknown; environmentId?: unknown };
  return type === 'stringsRequest' || (type === 'openBody' && typeof title === 'string' && typeof environmentId === 'string' && 'body' in message);
}
