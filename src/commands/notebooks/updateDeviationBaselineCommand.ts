import * as vscode from 'vscode';
import { NOTEBOOK_COMMANDS } from '../../constants';
import { baselineStrings } from '../../l10n/baselineStrings';
import { notebookStrings } from '../../l10n/notebookStrings';
import { baselineOutcome, observationOf, watchesNewDeviations, type BaselineOutcome } from '../../notebook/baselineRun';
import type { BaselineObservation } from '../../notebook/deviationBaseline';
import { NOTEBOOK_TYPE } from '../../notebook/model';
import { cellResultOf } from '../../notebookEditor/cellOutputs';
import { baselineName, baselineUriOf, readBaselineFile, writeBaselineFile } from '../../notebookEditor/deviationBaselineFile';
import { targetNotebook } from '../../notebookEditor/notebookDocuments';
import type { Command } from '../../services';

/**
 * Health Data: Update Deviation Baseline, from a failed cell's status bar or the palette: what the
 * notebook's `expect no new deviations` cells found in their last run is added to the baseline beside
 * it, as `run --update-baseline` does. Nothing is removed (pruning is the command line's, over a full
 * run). From code: `(cell | notebookUri?)`; resolves with what was decided.
 */
export class UpdateDeviationBaselineCommand implements Command {
  readonly id = NOTEBOOK_COMMANDS.updateDeviationBaseline;

  async execute(argument?: unknown): Promise<BaselineOutcome | undefined> {
    const notebook = isNotebookCell(argument) ? argument.notebook : targetNotebook(argument);
    if (notebook?.notebookType !== NOTEBOOK_TYPE) {
      void vscode.window.showInformationMessage(notebookStrings.noNotebook());
      return undefined;
    }
    const uri = baselineUriOf(notebook);
    if (!uri) {
      void vscode.window.showInformationMessage(baselineStrings.saveFirst());
      return undefined;
    }
    const name = baselineName(uri);
    let watching = 0;
    const observations: BaselineObservation[] = [];
    for (const cell of notebook.getCells()) {
      const source = cell.document.getText();
      if (cell.kind !== vscode.NotebookCellKind.Code || !watchesNewDeviations(source)) continue;
      watching++;
      const result = cellResultOf(cell.outputs);
      const observation = result && observationOf(source, result);
      if (observation) observations.push(observation);
    }
    const outcome = baselineOutcome(name, await readBaselineFile(uri), watching, observations, 'add');
    if (outcome.write !== undefined) {
      try {
        await writeBaselineFile(uri, outcome.write);
      } catch (error) {
        void vscode.window.showErrorMessage(baselineStrings.writeFailed(name, error instanceof Error ? error.message : String(error)));
        return undefined;
      }
    }
    void this.tell(outcome, name, uri);
    return outcome;
  }

  private async tell({ summary }: BaselineOutcome, name: string, uri: vscode.Uri): Promise<void> {
    if (summary.kind === 'noWatchingCell' || summary.kind === 'noAnswer' || summary.kind === 'compared') {
      await vscode.window.showInformationMessage(summary.kind === 'noAnswer' ? baselineStrings.noAnswer() : baselineStrings.noWatchingCell());
      return;
    }
    const said = summary.kind === 'written' ? baselineStrings.written(name, summary.entries, summary.added) : baselineStrings.unchanged(name, summary.entries);
    const open = baselineStrings.openFile();
    const choice = await vscode.window.showInformationMessage(summary.gone > 0 ? `${said} ${baselineStrings.noLongerSeen(summary.gone)}` : said, open);
    if (choice === open) await vscode.window.showTextDocument(uri);
  }
}

function isNotebookCell(value: unknown): value is vscode.NotebookCell {
  const cell = value as Partial<vscode.NotebookCell> | undefined;
  return typeof cell?.index === 'number' && typeof cell.notebook === 'object' && cell.document !== undefined;
}
