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

const DONE_KEY = Symbol.for('healthData.walkthroughDoneThisSession');
/**
 * One set for the whole extension host: the panels' host code is a bundle of its own
 * (dist/panels.js) with its own copy of this module, and its cURL step must be replayed too.
 */
const doneThisSession: Set<string> = ((globalThis as { [DONE_KEY]?: Set<string> })[DONE_KEY] ??= new Set<string>());

/**
 * Completes a walkthrough step. VS Code ticks an `onContext` step only when the key turns true after
 * it registered the walkthrough: a key already true then never ticks it that session, and 1.139
 * registers walkthroughs only when the Welcome page first opens (the Users view is usually open
 * before). So the key is raised and lowered again, and raised once more by replayDone when the
 * walkthrough opens. VS Code remembers a ticked step itself.
 */
export function markDone(contextKey: string): void {
  doneThisSession.add(contextKey);
  void pulse(contextKey);
}

/** Raises again every step done this session; called once the walkthrough is open. */
export async function replayDone(): Promise<void> {
  await Promise.all([...doneThisSession].map((contextKey) => pulse(contextKey)));
}

async function pulse(contextKey: string): Promise<void> {
  await vscode.commands.executeCommand('setContext', contextKey, true);
  await vscode.commands.executeCommand('setContext', contextKey, false);
}
