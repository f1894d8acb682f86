import * as vscode from 'vscode';
import { SHELL_COMMANDS } from '../constants';
import { chooseFixturesRoot, fixturesFolder } from '../connection/sandboxFixtures';
import { scrubStrings } from '../l10n/scrubStrings';
import type { FixtureFile } from '../services';

/** Writes `file` under the fixtures folder (asking for a folder in a window without one), reloads the local sandbox, and says where. */
export function saveFixtureFile(file: FixtureFile, reloadSandbox: () => Promise<void>): Promise<vscode.Uri | undefined> {
  return saveFixtureFiles([file], reloadSandbox);
}

/** The same for several files (every page of a load, its user): the first is the one named, and returned. */
export async function saveFixtureFiles(files: readonly FixtureFile[], reloadSandbox: () => Promise<void>): Promise<vscode.Uri | undefined> {
  const [file] = files;
  if (!file) return undefined;
  let folder = fixturesFolder();
  if (!folder) {
    const choose = scrubStrings.chooseFolder();
    if ((await vscode.window.showInformationMessage(scrubStrings.fixtureNeedsFolder(), choose)) !== choose) return undefined;
    const [picked] = (await vscode.window.showOpenDialog({ canSelectFolders: true, canSelectFiles: false, canSelectMany: false, openLabel: scrubStrings.chooseFolderLabel() })) ?? [];
    if (!picked) return undefined;
    chooseFixturesRoot(picked);
    folder = fixturesFolder();
    if (!folder) return undefined;
  }
  await vscode.workspace.fs.createDirectory(folder);
  const target = vscode.Uri.joinPath(folder, file.fileName);
  for (const each of files) await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder, each.fileName), new TextEncoder().encode(each.text));
  // Now rather than when the watcher notices: the next request to the local sandbox must find it.
  await reloadSandbox();
  const open = scrubStrings.openFile();
  const useIt = scrubStrings.useInLocalSandbox();
  const where = target.scheme === 'file' ? target.fsPath : target.toString();
  void vscode.window.showInformationMessage(scrubStrings.fixtureSaved(where, file.sandboxPath), open, useIt).then((choice) => {
    if (choice === open) return vscode.window.showTextDocument(target);
    if (choice === useIt) return vscode.commands.executeCommand(SHELL_COMMANDS.useLocalSandbox);
    return undefined;
  });
  return target;
}
