import * as vscode from 'vscode';
import type { User } from '../../api/schemas';
import { TREE_ITEM_CONTEXT } from '../../constants';
import { needsFullRecord, userDetailRows } from '../../domain/users/userTree';
import { tree } from '../../l10n/shellStrings';
import { DetailNode } from './detailNode';
import { failureNodes } from './failureNodes';
import { TreeNode } from './treeNode';
import type { UserTreeContext } from './userTreeContext';

/**
 * "Details": the user's fields. Loaded on expand: the list endpoint omits the ingestion bounds, so
 * the first expansion resolves the user once and keeps the full record.
 */
export class DetailsGroupNode extends TreeNode {
  readonly id: string;
  private fullRecord: User | undefined;

  constructor(
    parent: TreeNode,
    readonly user: User,
    private readonly context: UserTreeContext,
  ) {
    super(parent);
    this.id = `${parent.id}/details`;
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(tree.details(), vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    item.contextValue = TREE_ITEM_CONTEXT.detailsGroup;
    item.iconPath = new vscode.ThemeIcon('list-unordered');
    return item;
  }

  override async getChildren(): Promise<TreeNode[]> {
    const user = this.user;
    if (!needsFullRecord(user)) return this.rows(user);
    try {
      this.fullRecord ??= await this.context.fetchFullRecord(user);
      return this.rows(this.fullRecord);
    } catch (error) {
      const known = this.rows(user).filter((node) => node.row.field !== 'ingestion_start' && node.row.field !== 'ingestion_end');
      return [...known, ...failureNodes(this, `${this.id}/failure`, error, this.context.environment())];
    }
  }

  private rows(user: User): DetailNode[] {
    return userDetailRows(user).map((row) => new DetailNode(this, row));
  }
}
