import * as vscode from 'vscode';
import { NOTEBOOK_COMMANDS } from '../../constants';
import { isEnvironmentId, type EnvironmentId } from '../../domain/environments';
import type { RequestRecord, RequestRecords } from '../../domain/requests/requestRecords';
import { notebookStrings } from '../../l10n/notebookStrings';
import { scrubStrings } from '../../l10n/scrubStrings';
import { requestCellSource } from '../../notebook/cellFromOperation';
import { IdentifierVariables } from '../../notebook/identifierVariables';
import type { NotebookFileCell } from '../../notebook/model';
import { openUntitledNotebook } from '../../notebookEditor/notebookDocuments';
import type { Command, LeavingScrub, ScrubDoors } from '../../services';
import type { RequestNode } from '../../views/requests/requestNodes';
import { isRequestNode } from '../requests/requestArgument';

/** One selected row: a request, or a paged load (its pages, made again with `pages all`). */
export interface SavedRow {
  first: RequestRecord;
  paged: boolean;
}

/**
 * Save as Notebook on the Requests view's selected rows: a new notebook whose cells make the same
 * calls again, in the order they were sent, naming the environment they were sent in. Rows recorded
 * without their call are left out, and the notebook says how many.
 * From the view: `(clickedNode, selectedNodes)`; from code: an array of record ids.
 */
export class SaveRequestsAsNotebookCommand implements Command {
  readonly id = NOTEBOOK_COMMANDS.saveRequestsAsNotebook;

  constructor(
    private readonly records: RequestRecords,
    private readonly selection: () => readonly RequestNode[],
    private readonly scrub: ScrubDoors,
  ) {}

  async execute(clicked?: unknown, selected?: unknown): Promise<vscode.NotebookEditor | undefined> {
    const rows = selectedRequestRows(this.records, this.selection, clicked, selected);
    if (rows.length === 0) {
      void vscode.window.showInformationMessage(notebookStrings.noRowsToSave());
      return undefined;
    }
    const saved = rows.filter((row) => row.first.operation !== undefined).sort((a, b) => a.first.id - b.first.id);
    const skipped = rows.length - saved.length;
    if (saved.length === 0) {
      void vscode.window.showWarningMessage(notebookStrings.nothingSaved());
      return undefined;
    }
    const environments = [...new Set(saved.map((row) => row.first.environmentLabel))];
    const first = saved[0]!.first;
    // Each row leaves as healthData.scrub.when says for the environment it was sent in.
    const scrubs = new Map<EnvironmentId, LeavingScrub>();
    const variables = new IdentifierVariables();
    const requests: NotebookFileCell[] = [];
    for (const row of saved) {
      const environment = isEnvironmentId(row.first.environmentId) ? row.first.environmentId : 'custom';
      const scrub = scrubs.get(environment) ?? (await this.scrub.begin(environment));
      scrubs.set(environment, scrub);
      const options = { pages: row.paged ? 'all' : 'first', assertNoDeviations: true } as const;
      const operation = row.first.operation!;
      if (environments.length > 1) {
        requests.push({ kind: 'markdown', source: notebookStrings.sentIn(row.first.environmentLabel, new Date(row.first.startedAt).toISOString()) });
      }
      requests.push({ kind: 'request', source: scrub.scrubs ? variables.cellSource(scrub.operation(operation), options) : requestCellSource(operation, options) });
    }
    const scrubbed = [...scrubs.values()].some((scrub) => scrub.scrubs);
    const intro = [
      `# ${notebookStrings.savedTitle(first.environmentLabel)}`,
      '',
      notebookStrings.savedIntro(saved.length, first.environmentLabel),
      ...(environments.length > 1 ? ['', notebookStrings.mixedEnvironments(environments.join(', '))] : []),
      ...(skipped > 0 ? ['', notebookStrings.skippedRows(skipped)] : []),
      ...(scrubbed ? ['', notebookStrings.scrubbedCells()] : []),
    ].join('\n');
    const editor = await openUntitledNotebook(
      {
        ...(isEnvironmentId(first.environmentId) ? { environment: first.environmentId } : {}),
        variables: variables.variables,
        cells: [{ kind: 'markdown', source: intro }, ...requests],
      },
      'requests',
    );
    const notes = [...scrubs.values()].flatMap((scrub) => scrub.note() ?? []);
    if (notes.length > 0) vscode.window.setStatusBarMessage(scrubStrings.withNote(notebookStrings.savedAsNotebook(), notes.join(' ')), 8000);
    return editor;
  }
}

/**
 * The rows a Requests view command was given: from the view `(clickedNode, selectedNodes)`, the
 * view's selection, or from code an array of record ids. Each load once, by its first page.
 */
export function selectedRequestRows(records: RequestRecords, selection: () => readonly RequestNode[], clicked: unknown, selected: unknown): SavedRow[] {
  if (Array.isArray(clicked) && clicked.every((id) => typeof id === 'number')) {
    return clicked.flatMap((id: number) => {
      const record = records.get(id);
      return record ? [{ first: record, paged: false }] : [];
    });
  }
  const nodes = Array.isArray(selected) && selected.length > 0 ? selected : isRequestNode(clicked) ? [clicked] : selection();
  const rows: SavedRow[] = [];
  const seen = new Set<number>();
  for (const node of nodes) {
    if (!isRequestNode(node)) continue;
    const row: SavedRow | undefined =
      node.kind === 'load' ? (node.pages[0] ? { first: node.pages[0], paged: node.pages.length > 1 } : undefined) : { first: node.record, paged: false };
    if (row && !seen.has(row.first.id)) {
      seen.add(row.first.id);
      rows.push(row);
    }
  }
  return rows;
}
