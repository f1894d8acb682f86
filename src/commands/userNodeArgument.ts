import { UserNode } from '../views/users/userNode';
import type { UsersView } from '../views/users/usersView';

/** The user a context-menu command acts on: the clicked node, else the selected one. */
export function userNodeArgument(argument: unknown, usersView: UsersView): UserNode | undefined {
  if (argument instanceof UserNode) return argument;
  const selected = usersView.treeView.selection[0];
  return selected instanceof UserNode ? selected : undefined;
}
