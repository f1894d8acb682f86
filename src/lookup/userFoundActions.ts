// The actions offered next to a user that a look-up or a link found. Other features add theirs
// here (Diagnose Data is the next one); the notification shows them in this order.
import type { User } from '../api/schemas';
import { PANEL_COMMANDS, SHELL_COMMANDS } from '../constants';
import { lookupStrings } from '../l10n/lookupStrings';

export interface UserFoundAction {
  title: () => string;
  command: string;
  /** Arguments of the command for `user`; the tree node's commands also accept `{ user }`. */
  args: (user: User) => unknown[];
}

export const userFoundActions: UserFoundAction[] = [
  { title: lookupStrings.showBloodPressure, command: PANEL_COMMANDS.showBloodPressure, args: (user) => [user] },
  { title: lookupStrings.openAsJson, command: SHELL_COMMANDS.openUserAsJson, args: () => [] },
];
