import * as vscode from 'vscode';
import { runOriginOf } from '../../domain/requests/requestPresentation';
import { requestRows, type RequestFilter, type RequestRecords } from '../../domain/requests/requestRecords';
import { requestStrings } from '../../l10n/requestStrings';
import { requestTreeItem, type RequestNode } from './requestNodes';

/** Newest first; the pages of one paged load under one row; the filter applied. */
export class RequestsTreeProvider implements vscode.TreeDataProvider<RequestNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<RequestNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private filterValue: RequestFilter = {};
  private roots: RequestNode[] = [];

  constructor(private readonly records: RequestRecords) {}

  get filter(): RequestFilter {
    return this.filterValue;
  }

  setFilter(filter: RequestFilter): void {
    this.filterValue = filter;
    this.refresh();
  }

  refresh(): void {
    this.changed.fire(undefined);
  }

  getTreeItem(node: RequestNode): vscode.TreeItem {
    return requestTreeItem(node);
  }

  getChildren(node?: RequestNode): RequestNode[] {
    if (node?.kind === 'load') {
      // A scan's or a diagnosis's requests are many calls, not pages of one: each reads as itself.
      if (runOriginOf(node.pages) !== undefined) return node.pages.map((record) => ({ kind: 'request', record, parentLoad: node.loadId }));
      return node.pages.map((record, index) => ({ kind: 'request', record, page: index + 1, parentLoad: node.loadId }));
    }
    if (node) return [];
    this.roots = requestRows(this.records.all(), this.filterValue).map((row) =>
      row.kind === 'request' ? { kind: 'request', record: row.record } : { kind: 'load', loadId: row.loadId, pages: row.pages, ...(row.requests !== undefined ? { requests: row.requests } : {}) },
    );
    // No rows at all: the view's welcome text says what will appear here. Rows hidden by the filter: say so.
    if (this.roots.length === 0 && this.records.all().length > 0) return [{ kind: 'message', text: requestStrings.noMatch() }];
    return this.roots;
  }

  getParent(node: RequestNode): RequestNode | undefined {
    if (node.kind !== 'request' || node.parentLoad === undefined) return undefined;
    return this.roots.find((root) => root.kind === 'load' && root.pages.includes(node.record));
  }

  /** The node showing record `id` at the top level (what Replay reveals). */
  rootOf(id: number): RequestNode | undefined {
    this.getChildren();
    return this.roots.find((root) => (root.kind === 'request' ? root.record.id === id : root.kind === 'load' && root.pages.some((page) => page.id === id)));
  }

  dispose(): void {
    this.changed.dispose();
  }
}
