import * as vscode from 'vscode';
import { TREE_ITEM_CONTEXT } from '../../constants';
import { TreeNode } from './treeNode';

export interface MessageOptions {
  description?: string;
  tooltip?: string;
  /** A codicon id: 'error', 'info', 'loading~spin'… */
  icon?: string;
  /** What clicking the message does, e.g. "Set API key…". */
  command?: vscode.Command;
}

/** A line of text in the tree: an empty state, an error, or the next step after one. */
export class MessageNode extends TreeNode {
  constructor(
    parent: TreeNode | undefined,
    readonly id: string,
    readonly label: string,
    private readonly options: MessageOptions = {},
  ) {
    super(parent);
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.label, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.contextValue = TREE_ITEM_CONTEXT.message;
    if (this.options.description) item.description = this.options.description;
    if (this.options.tooltip) item.tooltip = this.options.tooltip;
    if (this.options.icon) item.iconPath = new vscode.ThemeIcon(this.options.icon);
    if (this.options.command) item.command = this.options.command;
    return item;
  }
}
