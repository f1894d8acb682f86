import * as path from 'node:path';
import * as vscode from 'vscode';
import { NOTEBOOK_COMMANDS, SAMPLE_NOTEBOOK_PATH } from '../../constants';
import { notebookStrings } from '../../l10n/notebookStrings';
import { parseNotebookFile } from '../../notebook/notebookFormat';
import { openUntitledNotebook } from '../../notebookEditor/notebookDocuments';
import type { Command } from '../../services';

/** Health Data: New Notebook: an untitled copy of the sample (media/notebook), to run and keep as a file. */
export class NewNotebookCommand implements Command {
  readonly id = NOTEBOOK_COMMANDS.newNotebook;

  constructor(private readonly extensionPath: string) {}

  async execute(): Promise<void> {
    let text: string;
    try {
      text = new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.file(path.join(this.extensionPath, SAMPLE_NOTEBOOK_PATH))));
    } catch (error) {
      void vscode.window.showErrorMessage(notebookStrings.sampleUnreadable(error instanceof Error ? error.message : String(error)));
      return;
    }
    await openUntitledNotebook(parseNotebookFile(text), 'notebook');
  }
}
