import type { User } from '../../api/schemas';
import { UserNode } from './userNode';
import type { UserTreeContext } from './userTreeContext';

/**
 * The nodes of users shown at the root outside the loaded pages (pinned by Resolve User, or filter
 * matches): the same node each time for the same user, so TreeView.reveal finds the node VS Code was given.
 */
export class RootUserNodes {
  private readonly nodes = new Map<string, UserNode>();

  constructor(private readonly context: UserTreeContext) {}

  nodeFor(user: User, resolved: boolean): UserNode {
    const existing = this.nodes.get(user.user_id);
    if (existing && existing.user === user && existing.resolved === resolved) return existing;
    const node = new UserNode(user, this.context, resolved);
    this.nodes.set(user.user_id, node);
    return node;
  }

  clear(): void {
    this.nodes.clear();
  }
}
