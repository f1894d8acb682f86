import * as vscode from 'vscode';
import { pickItemText } from '../../domain/requests/requestPresentation';
import type { RequestRecord, RequestRecords } from '../../domain/requests/requestRecords';
import { requestStrings, requestWords } from '../../l10n/requestStrings';
import type { RequestNode } from '../../views/requests/requestNodes';

/** A row of the Requests view, a record id (tests, links) or nothing (the palette: pick one). */
export async function requestArgument(
  argument: unknown,
  records: RequestRecords,
  pick: { title: string; filter?: (record: RequestRecord) => boolean } = { title: requestStrings.pickRequest() },
): Promise<RequestNode | undefined> {
  if (typeof argument === 'number') {
    const record = records.get(argument);
    return record ? { kind: 'request', record } : undefined;
  }
  if (isRequestNode(argument)) return argument;
  const record = await pickRecord(records.all(), pick.title, pick.filter);
  return record ? { kind: 'request', record } : undefined;
}

export function isRequestNode(value: unknown): value is Exclude<RequestNode, { kind: 'message' }> {
  const kind = (value as { kind?: unknown } | undefined)?.kind;
  return kind === 'request' || kind === 'load';
}

/** The record a single-request action acts on: a load's first page. */
export function recordOf(node: RequestNode): RequestRecord | undefined {
  if (node.kind === 'request') return node.record;
  return node.kind === 'load' ? node.pages[0] : undefined;
}

/** A quick pick of `records` (oldest first, so listed newest first). */
export async function pickRecord(
  records: readonly RequestRecord[],
  title: string,
  filter: (record: RequestRecord) => boolean = () => true,
): Promise<RequestRecord | undefined> {
  const words = requestWords();
  const candidates = [...records].reverse().filter(filter);
  if (candidates.length === 0) {
    void vscode.window.showInformationMessage(requestStrings.noRequests());
    return undefined;
  }
  const items = candidates.map((record) => ({ ...pickItemText(record, words), record }));
  const picked = await vscode.window.showQuickPick(items, { title, matchOnDescription: true });
  return picked?.record;
}
