import * as vscode from 'vscode';
import { NOTEBOOK_COMMANDS } from '../../constants';
import { environmentLabel } from '../../l10n/shellStrings';
import { notebookStrings } from '../../l10n/notebookStrings';
import { requestCellSource } from '../../notebook/cellFromOperation';
import { appendCells, openUntitledNotebook } from '../../notebookEditor/notebookDocuments';
import type { PanelQuery } from '../../panels/panelHost';
import type { Command } from '../../services';

/**
 * Add to Notebook, from a Blood Pressure or Lab Test Markers panel: its current query as a request
 * cell at the end of the Health Data notebook last in front, or of a new one naming the panel's
 * environment. From code: a PanelQuery.
 */
export class AddToNotebookCommand implements Command {
  readonly id = NOTEBOOK_COMMANDS.addToNotebook;
  /** The Health Data notebook last in front (a panel in front is not a notebook editor). */
  private lastNotebook: vscode.NotebookDocument | undefined;
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly activeQuery: () => PanelQuery | undefined,
    private readonly isHealthDataNotebook: (notebook: vscode.NotebookDocument) => boolean,
  ) {
    this.subscription = vscode.window.onDidChangeActiveNotebookEditor((editor) => {
      if (editor && this.isHealthDataNotebook(editor.notebook)) this.lastNotebook = editor.notebook;
    });
    const current = vscode.window.activeNotebookEditor?.notebook;
    if (current && isHealthDataNotebook(current)) this.lastNotebook = current;
  }

  async execute(argument?: unknown): Promise<vscode.NotebookDocument | undefined> {
    const query = isPanelQuery(argument) ? argument : this.activeQuery();
    if (!query) {
      void vscode.window.showInformationMessage(notebookStrings.noPanelQuery());
      return undefined;
    }
    const source = requestCellSource(query.operation, { pages: 'all', assertNoDeviations: true });
    const target = this.lastNotebook && !this.lastNotebook.isClosed ? this.lastNotebook : undefined;
    if (!target) {
      const editor = await openUntitledNotebook({
        environment: query.environment,
        variables: {},
        cells: [
          { kind: 'markdown', source: notebookStrings.panelCellNote(environmentLabel(query.environment)) },
          { kind: 'request', source },
        ],
      });
      this.lastNotebook = editor.notebook;
      return editor.notebook;
    }
    await appendCells(target, [{ note: notebookStrings.panelCellNote(environmentLabel(query.environment)), source }]);
    await vscode.window.showNotebookDocument(target);
    return target;
  }

  dispose(): void {
    this.subscription.dispose();
  }
}

function isPanelQuery(value: unknown): value is PanelQuery {
  const query = value as Partial<PanelQuery> | undefined;
  return typeof query?.environment === 'string' && typeof query.operation === 'object' && query.operation !== null;
}
