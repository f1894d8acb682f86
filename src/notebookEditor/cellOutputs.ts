// A request cell's result as VS Code output items: the CellResult for the renderer (the body in it,
// once) and a plain-text summary that reads without the renderer; and back, for the file.
// Every item travels to the workbench and back to the extension host's copy of the notebook, so
// there is no second copy of the body as `application/json`: the renderer shows it (Raw JSON, and
// Open as JSON for all of it), and Copy Cell Output copies the summary.
import * as vscode from 'vscode';
import { RESULT_MIME, type CellResult } from '../notebook/model';
import { notebookStrings } from '../l10n/notebookStrings';

export const TEXT_MIME = 'text/plain';

export function cellResultOutput(result: CellResult): vscode.NotebookCellOutput {
  // Compact: NotebookCellOutputItem.json indents with tabs (a third more bytes); the renderer's
  // OutputItem.json() parses either.
  const items = [vscode.NotebookCellOutputItem.text(JSON.stringify(result), RESULT_MIME), vscode.NotebookCellOutputItem.text(cellResultText(result), TEXT_MIME)];
  return new vscode.NotebookCellOutput(items, { outcome: result.outcome });
}

/** A cell that did not run (untrusted workspace, no key, production declined): one line and a next step. */
export function notRunOutput(message: string): vscode.NotebookCellOutput {
  return new vscode.NotebookCellOutput([vscode.NotebookCellOutputItem.text(message, TEXT_MIME)]);
}

/** The CellResult of the cell's outputs, if it has one (saved with the file, or from this session). */
export function cellResultOf(outputs: readonly vscode.NotebookCellOutput[]): CellResult | undefined {
  for (const output of outputs) {
    const item = output.items.find((candidate) => candidate.mime === RESULT_MIME);
    if (!item) continue;
    try {
      const parsed = JSON.parse(new TextDecoder().decode(item.data)) as unknown;
      if (isCellResult(parsed)) return parsed;
    } catch {
      // An output someone edited by hand: the cell simply has no saved result.
    }
  }
  return undefined;
}

function isCellResult(value: unknown): value is CellResult {
  if (!value || typeof value !== 'object') return false;
  const result = value as Partial<CellResult>;
  return result.version === 1 && typeof result.outcome === 'string' && Array.isArray(result.assertions);
}

/** Whether the cell's run counts as a success: the request succeeded and every assertion held. */
export function cellSucceeded(result: CellResult): boolean {
  return result.outcome === 'ok' && result.assertions.every((assertion) => assertion.passed);
}

/** "GET /v2/user/resolve/patient-0042 · 200 · 41 ms · 1 page · no deviations", then one line per assertion. */
export function cellResultText(result: CellResult): string {
  const request = `${result.request.method} ${result.request.path}`;
  const lines: string[] = [];
  if (result.outcome === 'ok') {
    lines.push(
      [
        request,
        result.status === undefined ? undefined : String(result.status),
        notebookStrings.milliseconds(result.ms),
        notebookStrings.pages(result.pages),
        notebookStrings.deviations(result.deviations.length),
        result.environment.label,
      ]
        .filter((part): part is string => part !== undefined)
        .join(' · '),
    );
  } else if (result.outcome === 'cancelled') {
    lines.push(notebookStrings.cancelledLine(request));
  } else {
    lines.push(notebookStrings.errorLine(result.error?.message ?? notebookStrings.unknownError()));
    if (result.error?.nextStep) lines.push(notebookStrings.nextStep(result.error.nextStep));
  }
  for (const assertion of result.assertions) {
    lines.push(`${assertion.passed ? '✓' : '✗'} ${assertion.text}${assertion.passed ? '' : ` — ${assertion.message}`}`);
  }
  const failed = result.assertions.filter((assertion) => !assertion.passed).length;
  if (result.assertions.length > 0) lines.push(notebookStrings.assertionTotals(result.assertions.length - failed, failed));
  return lines.join('\n');
}
