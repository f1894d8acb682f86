import * as vscode from 'vscode';
import { TREE_ITEM_CONTEXT } from '../../constants';
import { tree } from '../../l10n/shellStrings';
import { MessageNode } from './messageNode';
import { SourceNode } from './sourceNode';
import { TreeNode } from './treeNode';
import type { User } from '../../api/schemas';

/** "Connected sources": open by default, so expanding a user shows its sources at once. */
export class SourcesGroupNode extends TreeNode {
  readonly id: string;

  /** Takes its parent as a plain TreeNode and the user as data, so userNode.ts is not imported back. */
  constructor(
    parent: TreeNode,
    readonly user: User,
  ) {
    super(parent);
    this.id = `${parent.id}/sources`;
  }

  getTreeItem(): vscode.TreeItem {
    const count = this.user.connected_sources?.length ?? 0;
    const item = new vscode.TreeItem(tree.connectedSources(), vscode.TreeItemCollapsibleState.Expanded);
    item.id = this.id;
    item.contextValue = TREE_ITEM_CONTEXT.sourcesGroup;
    item.iconPath = new vscode.ThemeIcon('plug');
    item.description = String(count);
    return item;
  }

  override getChildren(): TreeNode[] {
    const sources = this.user.connected_sources ?? [];
    if (sources.length === 0) return [new MessageNode(this, `${this.id}/none`, tree.noConnectedSources(), { icon: 'info' })];
    return sources.map((connected, index) => new SourceNode(this, connected, index));
  }
}
