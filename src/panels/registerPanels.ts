import type * as vscode from 'vscode';
import { PANEL_VIEW_TYPES } from '../constants';
import type { ExtensionServices, ShellRegistrations } from '../services';
import { LazyPanels, openPanelsLoader, PanelSerializer, type Panels } from './panels';

export interface RegisteredPanels {
  panels: Panels;
  /** One per panel view type: a window reload restores the panels through them. */
  serializers: ReadonlyMap<string, vscode.WebviewPanelSerializer>;
}

/**
 * Creates the panels (their code loads with the first one, see panels.ts) and registers their
 * serializers; the commands that open panels register above (src/commands).
 */
export function registerPanels(services: ExtensionServices, registrations: Pick<ShellRegistrations, 'registerWebviewPanelSerializer'>): RegisteredPanels {
  const panels = new LazyPanels(services, openPanelsLoader(services.context.extensionPath));
  const serializers = new Map<string, vscode.WebviewPanelSerializer>(
    Object.values(PANEL_VIEW_TYPES).map((viewType) => [viewType, new PanelSerializer(panels, viewType)]),
  );
  for (const [viewType, serializer] of serializers) {
    services.context.subscriptions.push(registrations.registerWebviewPanelSerializer(viewType, serializer));
  }
  services.context.subscriptions.push(panels);
  return { panels, serializers };
}
