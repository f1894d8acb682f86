import { SHELL_COMMANDS } from '../constants';
import { tree } from '../l10n/shellStrings';
import type { JsonDocuments } from '../services';
import type { UsersView } from '../views/users/usersView';
import type { Command } from './command';
import { userNodeArgument } from './userNodeArgument';

/** Open as JSON: the user object as the API sent it, in a read-only editor. */
export class OpenUserAsJsonCommand implements Command {
  readonly id = SHELL_COMMANDS.openUserAsJson;

  constructor(
    private readonly usersView: UsersView,
    private readonly jsonDocuments: JsonDocuments,
  ) {}

  async execute(node?: unknown): Promise<void> {
    const user = userNodeArgument(node, this.usersView)?.user;
    if (!user) return;
    await this.jsonDocuments.open(tree.jsonUserTitle(user.client_user_id), user);
  }
}
