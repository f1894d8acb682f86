// The environment a panel is bound to, as its webview shows it: a bar above the panel's own content
// (a distinct badge for production), and the buttons to open the same view in the active
// environment or to compare the two. Both bundles handle it in src/webview/common/startPanel.ts.
import type { EnvironmentId } from '../domain/environments';

export interface PanelEnvironmentView {
  id: EnvironmentId;
  label: string;
  production: boolean;
  /** Whether Compare Environments is offered (panels of one request's data). */
  canCompare: boolean;
  /** The active environment's label, when it is not the panel's: "Open in …" is offered. */
  activeLabel?: string;
}

export interface PanelEnvironmentStrings {
  /** "Environment" (the bar's accessible name). */
  barLabel: string;
  production: string;
  /** "Open in {0}" */
  openIn: string;
  compare: string;
}

export type PanelEnvironmentMessage = { type: 'environment'; view: PanelEnvironmentView; strings: PanelEnvironmentStrings };

export function isPanelEnvironmentMessage(message: unknown): message is PanelEnvironmentMessage {
  return !!message && typeof message === 'object' && (message as { type?: unknown }).type === 'environment';
}
