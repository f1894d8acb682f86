import * as vscode from 'vscode';
import { TREE_ITEM_CONTEXT } from '../../constants';
import type { DetailRow } from '../../domain/users/userTree';
import { detailLabel, tree } from '../../l10n/shellStrings';
import { TreeNode } from './treeNode';

/** One field of a user: the wire name as label, the value as description. */
export class DetailNode extends TreeNode {
  readonly id: string;

  constructor(
    parent: TreeNode,
    readonly row: DetailRow,
  ) {
    super(parent);
    this.id = `${parent.id}/${row.field}`;
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(detailLabel(this.row.field), vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    // A value not sent (absent or null) is a quiet "—"; the tooltip says it was not sent.
    const shown = this.row.value === undefined || this.row.value === '' ? tree.missing() : this.row.value;
    item.description = this.row.sourceSlug ? tree.fromSource(shown, this.row.sourceSlug) : shown;
    item.tooltip = this.row.raw === undefined ? tree.fieldNotSent(this.row.field) : this.row.raw === '' ? '""' : this.row.raw;
    item.contextValue = this.row.raw === undefined ? TREE_ITEM_CONTEXT.detailEmpty : TREE_ITEM_CONTEXT.detail;
    return item;
  }
}
