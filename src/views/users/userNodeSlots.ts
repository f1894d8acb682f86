import type { User } from '../../api/schemas';
import type { TreeNode } from './treeNode';
import { UserNode } from './userNode';
import type { UserTreeContext } from './userTreeContext';

/**
 * The user nodes of one stretch of the list (the flat list, or one range), by index, made when VS
 * Code first asks: the same node each time, so TreeView.reveal finds the node VS Code was given.
 */
export class UserNodeSlots {
  private readonly nodes: Array<UserNode | undefined> = [];

  constructor(
    private readonly context: UserTreeContext,
    private readonly parent: TreeNode | undefined,
  ) {}

  at(index: number, user: User): UserNode {
    const existing = this.nodes[index];
    if (existing?.user === user) return existing;
    const node = new UserNode(user, this.context, false, this.parent);
    this.nodes[index] = node;
    return node;
  }
}
