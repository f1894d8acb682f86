// The rows of the Requests view: one request, one paged load (its pages below it), or a message.
import * as vscode from 'vscode';
import { REQUEST_COMMANDS, REQUEST_ITEM_CONTEXT } from '../../constants';
import { loadTooltipLines, rowText, tooltipLines } from '../../domain/requests/requestPresentation';
import { isErrorRecord, type RequestRecord } from '../../domain/requests/requestRecords';
import { requestStrings, requestWords } from '../../l10n/requestStrings';

export type RequestNode =
  /** `page`: its number in a paged load; `parentLoad`: the load row it shows under, if any. */
  | { kind: 'request'; record: RequestRecord; page?: number; parentLoad?: string }
  | { kind: 'load'; loadId: string; pages: RequestRecord[]; requests?: number }
  | { kind: 'message'; text: string };

function iconOf(record: RequestRecord): vscode.ThemeIcon {
  if (record.status === undefined) {
    return record.failure === 'cancelled'
      ? new vscode.ThemeIcon('circle-slash')
      : new vscode.ThemeIcon('error', new vscode.ThemeColor('list.errorForeground'));
  }
  if (record.status >= 500) return new vscode.ThemeIcon('error', new vscode.ThemeColor('list.errorForeground'));
  if (record.status >= 400) return new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground'));
  return new vscode.ThemeIcon('arrow-swap');
}

/**
 * Plain text, not Markdown: URLs and ids come from the server and the user. (As Markdown every
 * character had to be escaped, and the renderer's link detection swallowed the escapes into the
 * URLs it found, so a base URL in parentheses ended in a stray "\)".)
 */
function tooltipOf(record: RequestRecord): string {
  return tooltipLines(record, requestWords()).join('\n');
}

export function requestTreeItem(node: RequestNode): vscode.TreeItem {
  const words = requestWords();
  if (node.kind === 'message') {
    const item = new vscode.TreeItem(node.text);
    item.contextValue = REQUEST_ITEM_CONTEXT.message;
    return item;
  }
  if (node.kind === 'load') {
    const text = rowText(node, words);
    const item = new vscode.TreeItem(text.label, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `load:${node.loadId}`;
    item.description = text.description;
    item.iconPath = text.isError ? new vscode.ThemeIcon('error', new vscode.ThemeColor('list.errorForeground')) : new vscode.ThemeIcon('layers');
    if (node.pages.length > 0) item.tooltip = loadTooltipLines(node.pages, words, node.requests).join('\n');
    item.contextValue = REQUEST_ITEM_CONTEXT.load;
    return item;
  }
  const record = node.record;
  const text = rowText({ kind: 'request', record }, words);
  const item = new vscode.TreeItem(node.page === undefined ? text.label : requestStrings.pageLabel(node.page));
  item.id = `request:${record.id}`;
  item.description = [text.description, record.bodyDropped ? requestStrings.bodyDropped() : undefined]
    .filter(Boolean)
    .join(' · ');
  item.iconPath = iconOf(record);
  item.tooltip = tooltipOf(record);
  item.contextValue = record.requestId ? REQUEST_ITEM_CONTEXT.requestWithId : REQUEST_ITEM_CONTEXT.request;
  item.command = { command: REQUEST_COMMANDS.open, title: '', arguments: [node] };
  item.accessibilityInformation = { label: `${item.label as string}, ${item.description as string}${isErrorRecord(record) ? ', error' : ''}` };
  return item;
}
