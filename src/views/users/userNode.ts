import * as vscode from 'vscode';
import type { User } from '../../api/schemas';
import { TREE_ITEM_CONTEXT } from '../../constants';
import { formatTimestamp, summariseUser } from '../../domain/users/userTree';
import { tree } from '../../l10n/shellStrings';
import { DetailsGroupNode } from './detailsGroupNode';
import { SourcesGroupNode } from './sourcesGroupNode';
import { TreeNode } from './treeNode';
import type { UserTreeContext } from './userTreeContext';

/** A user of the team. Commands on it (Show Blood Pressure, Copy, Open as JSON…) read `user`. */
export class UserNode extends TreeNode {
  readonly id: string;
  private children: TreeNode[] | undefined;

  constructor(
    readonly user: User,
    private readonly context: UserTreeContext,
    /** Shown because Resolve User found it, not (yet) because a loaded page holds it. */
    readonly resolved = false,
    /** The range of a long list that holds it; none at the root. */
    parent?: TreeNode,
  ) {
    super(parent);
    this.id = summariseUser(user).id;
  }

  getTreeItem(): vscode.TreeItem {
    const summary = summariseUser(this.user);
    const item = new vscode.TreeItem(summary.label, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    item.contextValue = TREE_ITEM_CONTEXT.user;
    // A resolved user sits above the pages, out of order: its pin says why.
    item.iconPath = new vscode.ThemeIcon(this.resolved ? 'pinned' : 'account');
    const parts = [summary.shortUserId, tree.sourceCount(summary.sourceCount)];
    if (this.resolved) parts.push(tree.resolved());
    item.description = parts.join(' · ');
    item.accessibilityInformation = { label: `${summary.label}, ${tree.sourceCount(summary.sourceCount)}` };
    return item;
  }

  /** Built on hover (TreeDataProvider.resolveTreeItem), not for every row of a long list. */
  override tooltip(): vscode.MarkdownString {
    const tooltip = new vscode.MarkdownString();
    tooltip.appendMarkdown('**client_user_id** ').appendText(this.user.client_user_id).appendMarkdown('  \n');
    tooltip.appendMarkdown('**user_id** ').appendText(this.user.user_id).appendMarkdown('  \n');
    tooltip.appendText(tree.createdOn(formatTimestamp(this.user.created_on)));
    return tooltip;
  }

  override getChildren(): TreeNode[] {
    // Kept, so the Details group fetches the full record once per user and not on every expand.
    this.children ??= [new SourcesGroupNode(this, this.user), new DetailsGroupNode(this, this.user, this.context)];
    return this.children;
  }
}
