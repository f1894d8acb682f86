import * as path from 'node:path';
import * as vscode from 'vscode';
import { NOTEBOOK_COMMANDS, SAMPLE_NOTEBOOK_PATH } from '../../constants';
import { notebookStrings } from '../../l10n/notebookStrings';
import { parseNotebookFile } from '../../notebook/notebookFormat';
import { openUntitledNotebook } from '../../notebookEditor/notebookDocuments';
import type { Command } from '../../services';

/** Until the sample ships (media/notebook/sample.hdnb.md): one request and its assertion. */
const MINIMAL_NOTEBOOK = [
  '---',
  'environment: local',
  '---',
  '',
  '# A Health Data notebook',
  '',
  '```http',
  'GET /v2/user/?limit=5',
  '',
  'expect status 200',
  'expect no deviations',
  '```',
  '',
].join('\n');

/** Health Data: New Notebook: an untitled copy of the sample, to run and keep as a file. */
export class NewNotebookCommand implements Command {
  readonly id = NOTEBOOK_COMMANDS.newNotebook;

  constructor(private readonly extensionPath: string) {}

  async execute(): Promise<void> {
    let text: string;
    try {
      text = new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.file(path.join(this.extensionPath, SAMPLE_NOTEBOOK_PATH))));
    } catch {
      text = MINIMAL_NOTEBOOK;
      void vscode.window.showWarningMessage(notebookStrings.sampleMissing());
    }
    await openUntitledNotebook(parseNotebookFile(text), 'notebook');
  }
}
