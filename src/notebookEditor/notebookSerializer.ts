// Text ⇄ cells, nothing else: the format is the core's (src/notebook/notebookFormat.ts); this only
// maps its cells to VS Code's and keeps the front matter in the notebook's metadata. No I/O.
import * as vscode from 'vscode';
import { REQUEST_CELL_LANGUAGE, type CellResult, type NotebookFile, type NotebookFileCell } from '../notebook/model';
import { parseNotebookFile, serializeNotebookFile } from '../notebook/notebookFormat';
import { cellResultOf, cellResultOutput, cellSucceeded } from './cellOutputs';
import { frontMatterMetadata, frontMatterOf } from './notebookMetadata';

/**
 * What a cell's result becomes in the file (scrubbed where healthData.scrub.when says); undefined:
 * it is not saved (in a saved investigation, made to be committed, only a replay's output is). The
 * notebook on screen keeps it as it is.
 */
export type ResultForFile = (result: CellResult, investigation: boolean) => Promise<CellResult | undefined>;

export class HealthDataNotebookSerializer implements vscode.NotebookSerializer {
  constructor(private readonly resultForFile: ResultForFile = async (result) => result) {}

  deserializeNotebook(content: Uint8Array): vscode.NotebookData {
    return notebookDataOf(parseNotebookFile(new TextDecoder().decode(content)));
  }

  async serializeNotebook(data: vscode.NotebookData): Promise<Uint8Array> {
    const file = notebookFileOf(data);
    const cells = await Promise.all(
      file.cells.map(async (cell) => {
        if (cell.kind !== 'request' || !cell.output) return cell;
        const output = await this.resultForFile(cell.output, file.investigation !== undefined);
        return output ? { ...cell, output } : { kind: 'request' as const, source: cell.source };
      }),
    );
    return new TextEncoder().encode(serializeNotebookFile({ ...file, cells }));
  }
}

export function notebookDataOf(file: NotebookFile): vscode.NotebookData {
  const { cells, ...frontMatter } = file;
  const data = new vscode.NotebookData(cells.map(cellDataOf));
  data.metadata = frontMatterMetadata(frontMatter);
  return data;
}

export function notebookFileOf(data: vscode.NotebookData): NotebookFile {
  return { ...frontMatterOf(data.metadata), cells: data.cells.map(fileCellOf) };
}

function cellDataOf(cell: NotebookFileCell): vscode.NotebookCellData {
  if (cell.kind === 'markdown') return new vscode.NotebookCellData(vscode.NotebookCellKind.Markup, cell.source, 'markdown');
  const data = new vscode.NotebookCellData(vscode.NotebookCellKind.Code, cell.source, REQUEST_CELL_LANGUAGE);
  if (cell.output) {
    data.outputs = [cellResultOutput(cell.output)];
    data.executionSummary = { success: cellSucceeded(cell.output) };
  }
  return data;
}

function fileCellOf(cell: vscode.NotebookCellData): NotebookFileCell {
  if (cell.kind === vscode.NotebookCellKind.Markup) return { kind: 'markdown', source: cell.value };
  const output = cellResultOf(cell.outputs ?? []);
  return output ? { kind: 'request', source: cell.value, output } : { kind: 'request', source: cell.value };
}
