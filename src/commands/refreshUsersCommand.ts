import { SHELL_COMMANDS } from '../constants';
import type { UsersTreeProvider } from '../views/users/usersTreeProvider';
import type { Command } from '../services';

export class RefreshUsersCommand implements Command {
  readonly id = SHELL_COMMANDS.refreshUsers;

  constructor(private readonly provider: UsersTreeProvider) {}

  execute(): void {
    this.provider.refresh();
  }
}
