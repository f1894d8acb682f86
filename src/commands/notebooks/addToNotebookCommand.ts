import { basename } from 'node:path';
import * as vscode from 'vscode';
import { NOTEBOOK_COMMANDS } from '../../constants';
import { environmentLabel } from '../../l10n/shellStrings';
import { notebookStrings } from '../../l10n/notebookStrings';
import { scrubStrings } from '../../l10n/scrubStrings';
import { requestCellSource } from '../../notebook/cellFromOperation';
import { IdentifierVariables } from '../../notebook/identifierVariables';
import { appendCells, openUntitledNotebook } from '../../notebookEditor/notebookDocuments';
import { frontMatterOf } from '../../notebookEditor/notebookMetadata';
import type { PanelQuery } from '../../panels/panelHost';
import type { Command, ScrubDoors } from '../../services';

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
    private readonly scrub: ScrubDoors,
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
    const target = this.lastNotebook && !this.lastNotebook.isClosed ? this.lastNotebook : undefined;
    // As healthData.scrub.when says for the panel's environment: scrubbed, the call's ids become
    // variables holding pseudonyms (beside the notebook's own), its dates move.
    const scrub = await this.scrub.begin(query.environment);
    const variables = new IdentifierVariables(target ? frontMatterOf(target.metadata).variables : {});
    const options = { pages: 'all', assertNoDeviations: true } as const;
    const source = scrub.scrubs ? variables.cellSource(scrub.operation(query.operation), options) : requestCellSource(query.operation, options);
    const note = [notebookStrings.panelCellNote(environmentLabel(query.environment)), ...(scrub.scrubs ? [notebookStrings.scrubbedCells()] : [])].join('\n\n');
    if (!target) {
      const editor = await openUntitledNotebook({
        environment: query.environment,
        variables: variables.variables,
        cells: [
          { kind: 'markdown', source: note },
          { kind: 'request', source },
        ],
      });
      this.lastNotebook = editor.notebook;
      this.sayScrubbed(editor.notebook, scrub.note());
      return editor.notebook;
    }
    await appendCells(target, [{ note, source }], scrub.scrubs ? variables.variables : undefined);
    await vscode.window.showNotebookDocument(target);
    this.sayScrubbed(target, scrub.note());
    return target;
  }

  /** The one line said where a scrub happened. */
  private sayScrubbed(notebook: vscode.NotebookDocument, note: string | undefined): void {
    if (note) vscode.window.setStatusBarMessage(scrubStrings.withNote(notebookStrings.addedToNotebook(basename(notebook.uri.path)), note), 8000);
  }

  dispose(): void {
    this.subscription.dispose();
  }
}

function isPanelQuery(value: unknown): value is PanelQuery {
  const query = value as Partial<PanelQuery> | undefined;
  return typeof query?.environment === 'string' && typeof query.operation === 'object' && query.operation !== null;
}
