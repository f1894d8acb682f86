import * as vscode from 'vscode';

/**
 * VS Code's extension host keeps ~230 bytes for every row a TreeView was ever sent, until the view
 * is disposed (it re-sends all of a range's rows on each Load more: ~5.5 rows per user). Past this
 * many rows, the next change of the root goes to a new TreeView instead, which reads the root again
 * as the refresh would have: what the host keeps stays under ~1 MB.
 */
export const RENEW_VIEW_AFTER_ROWS = 4_000;

/**
 * When the Users TreeView is replaced by a new one (see RENEW_VIEW_AFTER_ROWS), and what the new
 * one needs to show the tree as the person left it: the nodes they opened or closed.
 */
export class ViewRenewal {
  private rowsSent = 0;
  private renew: (() => void) | undefined;
  private readonly expansion = new Map<string, boolean>();

  /** `renew` replaces the view; until one is given, root changes are plain refreshes. */
  attach(renew: () => void): vscode.Disposable {
    this.renew = renew;
    return { dispose: () => (this.renew = undefined) };
  }

  sent(rows: number): void {
    this.rowsSent += rows;
  }

  /** For a change of the root: true when the view is being replaced instead of refreshed. */
  renewed(): boolean {
    if (!this.renew || this.rowsSent < RENEW_VIEW_AFTER_ROWS) return false;
    this.rowsSent = 0;
    this.renew();
    return true;
  }

  rememberExpansion(id: string, expanded: boolean): void {
    this.expansion.set(id, expanded);
  }

  /** A new view opens what the person opened (and closes what they closed), not just the defaults. */
  applyExpansion(item: vscode.TreeItem): vscode.TreeItem {
    const expanded = item.id === undefined ? undefined : this.expansion.get(item.id);
    if (expanded !== undefined && item.collapsibleState !== vscode.TreeItemCollapsibleState.None) {
      item.collapsibleState = expanded ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed;
    }
    return item;
  }

  /** The tree started over: no node of the old one comes back. */
  forgetExpansion(): void {
    this.expansion.clear();
  }
}
