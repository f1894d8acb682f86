import * as vscode from 'vscode';
import { PANEL_COMMANDS } from '../constants';
import type { Command } from '../services';

/**
 * Hidden from the palette: opens a panel from a saved state (`{ version, … }` as the webview stores
 * it) through the very serializer VS Code calls after a window reload.
 */
export class RestorePanelCommand implements Command {
  readonly id = PANEL_COMMANDS.restorePanel;

  constructor(private readonly serializers: ReadonlyMap<string, vscode.WebviewPanelSerializer>) {}

  async execute(viewType?: unknown, state?: unknown): Promise<boolean> {
    const serializer = typeof viewType === 'string' ? this.serializers.get(viewType) : undefined;
    if (!serializer || typeof viewType !== 'string') return false;
    const panel = vscode.window.createWebviewPanel(viewType, '…', vscode.ViewColumn.Active, { enableFindWidget: true });
    let disposed = false;
    const listener = panel.onDidDispose(() => (disposed = true));
    await serializer.deserializeWebviewPanel(panel, state);
    listener.dispose();
    return !disposed;
  }
}
