// In Restricted Mode VS Code itself stops a run: its trust dialog comes before the controller is
// called, and after Cancel nothing would say why the cells did not run. So while the workspace is
// not trusted, each request cell says it runs once the folder is trusted, and a click opens the
// trust editor. The line goes away when trust is granted.
import * as vscode from 'vscode';
import { notebookStrings } from '../l10n/notebookStrings';
import { NOTEBOOK_TYPE, REQUEST_CELL_LANGUAGE } from '../notebook/model';

/** VS Code's own command that opens the Workspace Trust editor. */
export const MANAGE_TRUST_COMMAND = 'workbench.trust.manage';

export class TrustCellStatus implements vscode.NotebookCellStatusBarItemProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCellStatusBarItems = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];

  /** `isTrusted`: the workspace's trust (replaceable: the test hosts run with trust switched off, that is, always trusted). */
  constructor(public isTrusted: () => boolean = () => vscode.workspace.isTrusted) {
    this.subscriptions = [vscode.notebooks.registerNotebookCellStatusBarItemProvider(NOTEBOOK_TYPE, this), vscode.workspace.onDidGrantWorkspaceTrust(() => this.refresh())];
  }

  /** Asks VS Code to read the items again (trust was granted, or a test changed `isTrusted`). */
  refresh(): void {
    this.changed.fire();
  }

  provideCellStatusBarItems(cell: vscode.NotebookCell): vscode.NotebookCellStatusBarItem[] {
    if (this.isTrusted() || cell.kind !== vscode.NotebookCellKind.Code || cell.document.languageId !== REQUEST_CELL_LANGUAGE) return [];
    const item = new vscode.NotebookCellStatusBarItem(`$(shield) ${notebookStrings.runsOnceTrusted()}`, vscode.NotebookCellStatusBarAlignment.Left);
    item.tooltip = notebookStrings.runsOnceTrustedTooltip();
    item.command = { title: notebookStrings.manageTrust(), command: MANAGE_TRUST_COMMAND };
    item.accessibilityInformation = { label: notebookStrings.runsOnceTrustedTooltip() };
    return [item];
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.changed.dispose();
  }
}
