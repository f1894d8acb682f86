// Where a saved investigation goes: the notebook `<name>.hdnb.md` in the folder picked, its
// fixtures in `<name>.fixtures` beside it (emptied first: a fixture of an earlier save under the
// same name would answer requests this one never made), and the key its real values are kept
// under in VS Code's secret storage.
import * as vscode from 'vscode';
import type { SavedInvestigation } from '../../notebook/recording/investigation';

const SECRET_PREFIX = 'healthData.investigation.';

/** The secret-storage key of an investigation's real values (`{ environment, variables }`). */
export function investigationSecretKey(id: string): string {
  return `${SECRET_PREFIX}${id}`;
}

/** Writes the notebook beside `target` (in its folder) and its fixtures folder; returns the notebook's uri. */
export async function writeInvestigation(target: vscode.Uri, saved: SavedInvestigation): Promise<vscode.Uri> {
  const folder = vscode.Uri.joinPath(target, '..');
  const fixtures = vscode.Uri.joinPath(folder, saved.fixturesFolder);
  try {
    await vscode.workspace.fs.delete(fixtures, { recursive: true, useTrash: false });
  } catch {
    // Not there yet.
  }
  await vscode.workspace.fs.createDirectory(fixtures);
  const notebook = vscode.Uri.joinPath(folder, saved.notebook.name);
  const files = [...saved.fixtures.map((file) => ({ uri: vscode.Uri.joinPath(fixtures, file.name), text: file.text })), { uri: notebook, text: saved.notebook.text }];
  for (const file of files) await vscode.workspace.fs.writeFile(file.uri, new TextEncoder().encode(file.text));
  return notebook;
}
