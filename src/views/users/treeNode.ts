import type * as vscode from 'vscode';

/** One level of the Users tree. Every node knows its parent, so TreeView.reveal can walk up. */
export abstract class TreeNode {
  constructor(readonly parent: TreeNode | undefined) {}

  /** Stable across refreshes and unique in the tree: selection and expansion survive reloads. */
  abstract readonly id: string;

  abstract getTreeItem(): vscode.TreeItem;

  /** A tooltip too costly to build for every row; the provider asks for it on hover. */
  tooltip(): vscode.MarkdownString | undefined {
    return undefined;
  }

  getChildren(): TreeNode[] | Promise<TreeNode[]> {
    return [];
  }
}
