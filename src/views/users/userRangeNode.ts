import * as vscode from 'vscode';
import type { User } from '../../api/schemas';
import { TREE_ITEM_CONTEXT } from '../../constants';
import { tree } from '../../l10n/shellStrings';
import { TreeNode } from './treeNode';
import type { UserNode } from './userNode';

/** What a range needs from the tree: the listed users, and the node each one is shown as. */
export interface UserRangeSource {
  userAt(position: number): User | undefined;
  /** The shown node of the user at `position` under `range`, or undefined when it is pinned on top. */
  listedNode(user: User, range: UserRangeNode): UserNode | undefined;
}

/**
 * "Users 1,001–2,000": one range of a long list. Load more refreshes only the last range, the one
 * still filling, so VS Code re-reads its rows and not every loaded row. A range that is full gets a
 * new id, so VS Code shows it folded and does not re-read its rows until someone opens it.
 */
export class UserRangeNode extends TreeNode {
  readonly id: string;

  constructor(
    private readonly source: UserRangeSource,
    readonly start: number,
    /** Exclusive; grows while this is the last range. */
    public end: number,
    readonly filling: boolean,
  ) {
    super(undefined);
    this.id = filling ? `users/range/${start}/filling` : `users/range/${start}`;
  }

  getTreeItem(): vscode.TreeItem {
    const label = tree.usersRange(this.start + 1, this.end);
    const item = new vscode.TreeItem(
      label,
      this.filling ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed,
    );
    item.id = this.id;
    item.contextValue = TREE_ITEM_CONTEXT.usersRange;
    item.iconPath = new vscode.ThemeIcon('list-flat');
    item.accessibilityInformation = { label: tree.usersRangeAccessible(this.start + 1, this.end) };
    return item;
  }

  override getChildren(): UserNode[] {
    const nodes: UserNode[] = [];
    for (let position = this.start; position < this.end; position++) {
      const user = this.source.userAt(position);
      const node = user && this.source.listedNode(user, this);
      if (node) nodes.push(node);
    }
    return nodes;
  }
}
