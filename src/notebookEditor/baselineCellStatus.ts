// A cell whose `expect no new deviations` failed offers, in its status bar, to accept what it found:
// Health Data: Update Deviation Baseline on that cell's notebook.
import * as vscode from 'vscode';
import { NOTEBOOK_COMMANDS } from '../constants';
import { baselineStrings } from '../l10n/baselineStrings';
import { isNoNewDeviationsAssertion } from '../notebook/baselineRun';
import { NOTEBOOK_TYPE } from '../notebook/model';
import { cellResultOf } from './cellOutputs';
import { baselineName, baselineUriOf } from './deviationBaselineFile';

export class BaselineCellStatus implements vscode.NotebookCellStatusBarItemProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCellStatusBarItems = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor() {
    this.subscriptions = [
      vscode.notebooks.registerNotebookCellStatusBarItemProvider(NOTEBOOK_TYPE, this),
      vscode.workspace.onDidChangeNotebookDocument((event) => {
        if (event.notebook.notebookType === NOTEBOOK_TYPE && event.cellChanges.some((change) => change.outputs)) this.changed.fire();
      }),
      this.changed,
    ];
  }

  provideCellStatusBarItems(cell: vscode.NotebookCell): vscode.NotebookCellStatusBarItem[] {
    const uri = baselineUriOf(cell.notebook);
    if (cell.kind !== vscode.NotebookCellKind.Code || !uri) return [];
    const failed = cellResultOf(cell.outputs)?.assertions.some((assertion) => !assertion.passed && isNoNewDeviationsAssertion(assertion.text));
    if (!failed) return [];
    const item = new vscode.NotebookCellStatusBarItem(`$(diff-added) ${baselineStrings.acceptItem()}`, vscode.NotebookCellStatusBarAlignment.Left);
    item.tooltip = baselineStrings.acceptTooltip(baselineName(uri));
    item.command = { title: baselineStrings.acceptItem(), command: NOTEBOOK_COMMANDS.updateDeviationBaseline, arguments: [cell] };
    item.accessibilityInformation = { label: item.tooltip };
    return [item];
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}
