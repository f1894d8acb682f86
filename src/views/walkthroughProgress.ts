import * as vscode from 'vscode';
import { CONTEXT_KEYS, PANEL_VIEW_TYPES } from '../constants';

/**
 * Completes the walkthrough's panel steps when a panel really is open, not when its command merely
 * ran (the user picker can be dismissed). Watches the editor tabs, so the panels need not know.
 */
export class WalkthroughProgress implements vscode.Disposable {
  private readonly subscription: vscode.Disposable;

  constructor() {
    this.subscription = vscode.window.tabGroups.onDidChangeTabs(() => this.update());
    this.update();
  }

  private update(): void {
    const viewTypes = vscode.window.tabGroups.all
      .flatMap((group) => group.tabs)
      .map((tab) => (tab.input instanceof vscode.TabInputWebview ? tab.input.viewType : undefined))
      .filter((viewType): viewType is string => viewType !== undefined);
    // The workbench reports webview view types with a prefix of its own ("mainThreadWebview-…").
    const open = (viewType: string): boolean => viewTypes.some((candidate) => candidate.endsWith(viewType));
    if (open(PANEL_VIEW_TYPES.bloodPressure)) markDone(CONTEXT_KEYS.walkthroughBloodPressureOpened);
    if (open(PANEL_VIEW_TYPES.labMarkers)) markDone(CONTEXT_KEYS.walkthroughLabMarkersOpened);
  }

  dispose(): void {
    this.subscription.dispose();
  }
}

/** A step done stays done for the session; VS Code itself remembers completed steps after that. */
export function markDone(contextKey: string): void {
  void vscode.commands.executeCommand('setContext', contextKey, true);
}
