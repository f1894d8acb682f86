import type { PanelErrorAction } from './panelError';

/** What both panels' webviews can ask of their host besides loading: the shared toolbar and error buttons. */
export type PanelActionMessage =
  | { type: 'cancel' }
  | { type: 'exportCsv' }
  | { type: 'exportJson' }
  | { type: 'openRawJson' }
  | { type: 'copyCurl' }
  | { type: 'errorAction'; action: PanelErrorAction };
