import * as vscode from 'vscode';
import { TREE_ITEM_CONTEXT } from '../../constants';
import { tree } from '../../l10n/shellStrings';
import { MessageNode } from './messageNode';
import { SourceNode } from './sourceNode';
import { TreeNode } from './treeNode';
import type { UserNode } from './userNode';

/** "Connected sources": open by default, so expanding a user shows its sources at once. */
export class SourcesGroupNode extends TreeNode {
  readonly id: string;

  constructor(readonly userNode: UserNode) {
    super(userNode);
    this.id = `${userNode.id}/sources`;
  }

  getTreeItem(): vscode.TreeItem {
    const count = this.userNode.user.connected_sources.length;
    const item = new vscode.TreeItem(tree.connectedSources(), vscode.TreeItemCollapsibleState.Expanded);
    item.id = this.id;
    item.contextValue = TREE_ITEM_CONTEXT.sourcesGroup;
    item.iconPath = new vscode.ThemeIcon('plug');
    item.description = String(count);
    return item;
  }

  override getChildren(): TreeNode[] {
    const sources = this.userNode.user.connected_sources;
    if (sources.length === 0) return [new MessageNode(this, `${this.id}/none`, tree.noConnectedSources(), { icon: 'info' })];
    return sources.map((connected, index) => new SourceNode(this, connected, index));
  }
}
