// How a failed request is shown in a panel. The host builds it (with localized text) from the
// client's error; the webview only renders it and sends back the action the user picked.
import type { NextStep } from '../domain/errorNextStep';

/**
 * The next steps a panel error can offer (the shell's steps; `retry` reloads the panel), and after a
 * 401 sending the key in the other known header (the host knows which) and loading again.
 */
export type PanelErrorAction = NextStep | 'useOtherKeyHeader';

export interface PanelErrorField {
  /** Where the server found the problem, e.g. `query.start_date`. */
  field: string;
  message: string;
}

export interface PanelErrorView {
  title: string;
  message: string;
  /** A 422's `detail`, one entry per field; empty otherwise. */
  fields: PanelErrorField[];
  actions: { action: PanelErrorAction; label: string }[];
  /** The server answered with a body (e.g. one the reader refused): Open Raw Response shows it. */
  rawResponse?: boolean;
}
