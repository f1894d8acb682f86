// Export CSV / JSON: a save dialog, then vscode.workspace.fs (works for remote and virtual files).
import * as vscode from 'vscode';
import { panelMessages } from '../l10n/panelStrings';
import { scrubStrings } from '../l10n/scrubStrings';

export interface ExportFile {
  /** Suggested name, without folder. */
  fileName: string;
  format: 'csv' | 'json';
  content: string;
  /** Rows written, for the confirmation. */
  rows: number;
  /** Where to write without asking (a caller that already chose the file); the save dialog otherwise. */
  target?: vscode.Uri;
  /** What the scrubber did to `content` (ScrubDoors), said in the confirmation. */
  scrubNote?: string;
}

export async function saveExport(file: ExportFile): Promise<vscode.Uri | undefined> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const target = file.target ?? (await vscode.window.showSaveDialog({
    ...(folder ? { defaultUri: vscode.Uri.joinPath(folder, file.fileName) } : {}),
    filters: { [file.format === 'csv' ? panelMessages.csvFilter() : panelMessages.jsonFilter()]: [file.format] },
    saveLabel: panelMessages.saveLabel(),
  }));
  if (!target) return undefined;
  await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(file.content));
  const open = panelMessages.openFile();
  void vscode.window
    .showInformationMessage(scrubStrings.withNote(panelMessages.exported(file.rows, target.scheme === 'file' ? target.fsPath : target.toString()), file.scrubNote), open)
    .then((choice) => (choice === open ? vscode.window.showTextDocument(target) : undefined));
  return target;
}
