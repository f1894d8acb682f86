// Opening and editing Health Data notebooks: an untitled one from a NotebookFile, the notebook a
// command acts on, cells appended at the end, the environment written into the metadata.
import * as vscode from 'vscode';
import type { EnvironmentId } from '../domain/environments';
import { NOTEBOOK_FILE_SUFFIX, NOTEBOOK_TYPE, REQUEST_CELL_LANGUAGE, type NotebookFile } from '../notebook/model';
import { frontMatterMetadata, frontMatterOf, withEnvironment } from './notebookMetadata';
import { notebookDataOf } from './notebookSerializer';

/**
 * Opens `file` as a new untitled Health Data notebook named `<baseName>-N.hdnb.md` and shows it: Save
 * then offers a name the notebook type recognises (an unnamed untitled notebook would save as .md).
 */
export async function openUntitledNotebook(file: NotebookFile, baseName = 'investigation'): Promise<vscode.NotebookEditor> {
  let notebook: vscode.NotebookDocument;
  try {
    notebook = await vscode.workspace.openNotebookDocument(untitledUri(baseName));
    const data = notebookDataOf(file);
    const edit = new vscode.WorkspaceEdit();
    edit.set(notebook.uri, [
      vscode.NotebookEdit.replaceCells(new vscode.NotebookRange(0, notebook.cellCount), data.cells),
      vscode.NotebookEdit.updateNotebookMetadata(data.metadata ?? {}),
    ]);
    if (notebook.notebookType !== NOTEBOOK_TYPE || !(await vscode.workspace.applyEdit(edit))) throw new Error('not a Health Data notebook');
  } catch {
    // A host that cannot open a named untitled notebook: an unnamed one (it saves as .md).
    notebook = await vscode.workspace.openNotebookDocument(NOTEBOOK_TYPE, notebookDataOf(file));
  }
  return vscode.window.showNotebookDocument(notebook);
}

function untitledUri(baseName: string): vscode.Uri {
  const taken = new Set(vscode.workspace.notebookDocuments.map((notebook) => notebook.uri.toString()));
  for (let index = 1; ; index++) {
    const uri = vscode.Uri.from({ scheme: 'untitled', path: `${baseName}-${index}${NOTEBOOK_FILE_SUFFIX}` });
    if (!taken.has(uri.toString())) return uri;
  }
}

/**
 * The Health Data notebook a command acts on: the one its argument names (a notebook toolbar passes
 * `{ notebookEditor: { notebookUri } }`, tests a Uri), else the one in front.
 */
export function targetNotebook(argument: unknown): vscode.NotebookDocument | undefined {
  const uri = argument instanceof vscode.Uri ? argument : uriOfToolbarArgument(argument);
  const notebook = uri
    ? vscode.workspace.notebookDocuments.find((candidate) => candidate.uri.toString() === uri.toString())
    : vscode.window.activeNotebookEditor?.notebook;
  return notebook?.notebookType === NOTEBOOK_TYPE ? notebook : undefined;
}

function uriOfToolbarArgument(argument: unknown): vscode.Uri | undefined {
  const uri = (argument as { notebookEditor?: { notebookUri?: unknown } } | undefined)?.notebookEditor?.notebookUri;
  return uri instanceof vscode.Uri ? uri : undefined;
}

/** Names `environment` in the notebook's front matter (undefined: none); the file changes, as intended. */
export async function setNotebookEnvironment(notebook: vscode.NotebookDocument, environment: EnvironmentId | undefined): Promise<boolean> {
  const frontMatter = withEnvironment(frontMatterOf(notebook.metadata), environment);
  const edit = new vscode.WorkspaceEdit();
  edit.set(notebook.uri, [vscode.NotebookEdit.updateNotebookMetadata({ ...notebook.metadata, ...frontMatterMetadata(frontMatter) })]);
  return vscode.workspace.applyEdit(edit);
}

/**
 * Appends request cells (each optionally after a Markdown note) at the end of `notebook`; `variables`:
 * its front matter's variables as they must be for them (set in the same edit).
 */
export async function appendCells(notebook: vscode.NotebookDocument, cells: { note?: string; source: string }[], variables?: Record<string, string>): Promise<boolean> {
  const data = cells.flatMap(({ note, source }) => [
    ...(note ? [new vscode.NotebookCellData(vscode.NotebookCellKind.Markup, note, 'markdown')] : []),
    new vscode.NotebookCellData(vscode.NotebookCellKind.Code, source, REQUEST_CELL_LANGUAGE),
  ]);
  const edits = [vscode.NotebookEdit.insertCells(notebook.cellCount, data)];
  if (variables) edits.push(vscode.NotebookEdit.updateNotebookMetadata({ ...notebook.metadata, ...frontMatterMetadata({ ...frontMatterOf(notebook.metadata), variables }) }));
  const edit = new vscode.WorkspaceEdit();
  edit.set(notebook.uri, edits);
  return vscode.workspace.applyEdit(edit);
}
