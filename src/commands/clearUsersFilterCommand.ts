import { SHELL_COMMANDS } from '../constants';
import type { UsersTreeProvider } from '../views/users/usersTreeProvider';
import type { Command } from '../services';

export class ClearUsersFilterCommand implements Command {
  readonly id = SHELL_COMMANDS.clearUsersFilter;

  constructor(private readonly provider: UsersTreeProvider) {}

  execute(): void {
    this.provider.clearFilter();
  }
}
