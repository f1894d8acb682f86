import type { PanelErrorAction } from './panelError';

/** What both panels' webviews can ask of their host besides loading: the shared toolbar and error buttons. */
export type PanelActionMessage =
  | { type: 'cancel' }
  | { type: 'exportCsv' }
  | { type: 'exportJson' }
  | { type: 'openRawJson' }
  | { type: 'copyCurl' }
  | { type: 'errorAction'; action: PanelErrorAction }
  /** From the environment bar: the same view in the active environment, or a diff of the two. */
  | { type: 'openInActiveEnvironment' }
  | { type: 'compareEnvironments' }
  /** From the deviation line: the list of how the load's responses differ from the spec. */
  | { type: 'showDeviations' };
