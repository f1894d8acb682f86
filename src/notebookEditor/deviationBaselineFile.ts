// The deviation baseline file beside a notebook in the workspace (`x.hdnb.md` → `x.hdnb.baseline.json`),
// through the workspace's file system: read before a run, written by Update Deviation Baseline. An
// untitled notebook has none.
import * as vscode from 'vscode';
import { baselineStateOf, type BaselineFileText } from '../notebook/baselineRun';
import { baselinePathOf, type BaselineState } from '../notebook/deviationBaseline';

export function baselineUriOf(notebook: vscode.NotebookDocument): vscode.Uri | undefined {
  return notebook.isUntitled ? undefined : notebook.uri.with({ path: baselinePathOf(notebook.uri.path) });
}

/** How messages name the file: relative to the workspace where it is inside one. */
export function baselineName(uri: vscode.Uri): string {
  return vscode.workspace.asRelativePath(uri, false);
}

export async function readBaselineFile(uri: vscode.Uri): Promise<BaselineFileText> {
  try {
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  } catch (error) {
    if (error instanceof vscode.FileSystemError && error.code === 'FileNotFound') return undefined;
    return { problem: error instanceof Error ? error.message : String(error) };
  }
}

export async function writeBaselineFile(uri: vscode.Uri, text: string): Promise<void> {
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
}

/** What a run of the notebook compares `expect no new deviations` with; undefined: it has no file. */
export async function baselineStateFor(notebook: vscode.NotebookDocument): Promise<BaselineState | undefined> {
  const uri = baselineUriOf(notebook);
  return uri ? baselineStateOf(baselineName(uri), await readBaselineFile(uri), false) : undefined;
}
