import * as vscode from 'vscode';
import { SHELL_COMMANDS, TREE_ITEM_CONTEXT } from '../../constants';
import { tree } from '../../l10n/shellStrings';
import { TreeNode } from './treeNode';

/** "Load more (n of total)", the root's last row: clicking it fetches the next page. */
export class LoadMoreNode extends TreeNode {
  readonly id = 'users/loadMore';

  constructor(
    parent: TreeNode | undefined,
    public loaded: number,
    public total: number,
    /** Set while the next page is on its way; the provider then refreshes just this node. */
    public loading: boolean,
  ) {
    super(parent);
  }

  getTreeItem(): vscode.TreeItem {
    const label = this.loading ? tree.loadingMore() : tree.loadMore(this.loaded, this.total);
    const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.contextValue = TREE_ITEM_CONTEXT.loadMore;
    item.iconPath = new vscode.ThemeIcon(this.loading ? 'loading~spin' : 'fold-down');
    if (!this.loading) item.command = { title: label, command: SHELL_COMMANDS.loadMoreUsers, arguments: [this] };
    return item;
  }
}
