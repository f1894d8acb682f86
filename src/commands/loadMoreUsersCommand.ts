import { SHELL_COMMANDS } from '../constants';
import type { UsersTreeProvider } from '../views/users/usersTreeProvider';
import type { Command } from '../services';

/** Run by clicking the "Load more" node; not offered in the palette. */
export class LoadMoreUsersCommand implements Command {
  readonly id = SHELL_COMMANDS.loadMoreUsers;

  constructor(private readonly provider: UsersTreeProvider) {}

  execute(): Promise<void> {
    return this.provider.loadMore();
  }
}
