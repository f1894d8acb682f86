import * as vscode from 'vscode';
import type { ConnectedSource } from '../../api/schemas';
import { providerOf } from '../../api/wireValues';
import { TREE_ITEM_CONTEXT } from '../../constants';
import { summariseSource } from '../../domain/users/userTree';
import { tree } from '../../l10n/shellStrings';
import { TreeNode } from './treeNode';

/** One connected source: name, slug and since when; its logo when it is served over https. */
export class SourceNode extends TreeNode {
  readonly id: string;

  constructor(
    parent: TreeNode,
    readonly connected: ConnectedSource,
    index: number,
  ) {
    super(parent);
    // The index keeps ids unique even if a server lists one slug twice.
    this.id = `${parent.id}/${index}:${providerOf(connected).slug}`;
  }

  getTreeItem(): vscode.TreeItem {
    const summary = summariseSource(this.connected);
    const item = new vscode.TreeItem(summary.name, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.contextValue = TREE_ITEM_CONTEXT.source;
    item.description = tree.sourceDescription(summary.slug, summary.connectedSince);
    item.iconPath = summary.iconUrl ? vscode.Uri.parse(summary.iconUrl, true) : new vscode.ThemeIcon('plug');
    item.tooltip = tree.sourceTooltip(summary.name, summary.slug, summary.connectedSince, summary.nameSent);
    return item;
  }
}
