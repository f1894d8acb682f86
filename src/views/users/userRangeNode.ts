import * as vscode from 'vscode';
import type { User } from '../../api/schemas';
import { TREE_ITEM_CONTEXT } from '../../constants';
import { tree } from '../../l10n/shellStrings';
import { TreeNode } from './treeNode';
import type { UserNode } from './userNode';
import { UserNodeSlots } from './userNodeSlots';
import type { UserTreeContext } from './userTreeContext';

/** What a range needs from the tree: the listed users, and which of them are pinned on top instead. */
export interface UserRangeSource {
  readonly context: UserTreeContext;
  userAt(position: number): User | undefined;
  isPinned(userId: string): boolean;
}

/**
 * "Users 1,001–2,000": one range of a long list. Load more refreshes only the last range, the one
 * still filling, so VS Code re-reads its rows and not every loaded row. A range that is full gets a
 * new id, so VS Code shows it folded and does not re-read its rows until someone opens it.
 */
export class UserRangeNode extends TreeNode {
  readonly id: string;
  /** Its users' nodes: a folded range holds none, and they go with it. */
  private readonly nodes: UserNodeSlots;

  constructor(
    private readonly source: UserRangeSource,
    readonly start: number,
    /** Exclusive; grows while this is the last range. */
    public end: number,
    readonly filling: boolean,
  ) {
    super(undefined);
    this.nodes = new UserNodeSlots(source.context, this);
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
      const node = this.nodeAt(position);
      if (node) nodes.push(node);
    }
    return nodes;
  }

  /** The node of the user at `position` (inside this range), or none when that user is pinned on top. */
  nodeAt(position: number): UserNode | undefined {
    const user = this.source.userAt(position);
    if (!user || this.source.isPinned(user.user_id)) return undefined;
    return this.nodes.at(position - this.start, user);
  }
}
