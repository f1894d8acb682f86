import * as vscode from 'vscode';
import { SHELL_COMMANDS } from '../constants';
import { commandMessages } from '../l10n/shellStrings';
import type { UsersView } from '../views/users/usersView';
import type { Command } from './command';
import { userNodeArgument } from './userNodeArgument';

export class CopyClientUserIdCommand implements Command {
  readonly id = SHELL_COMMANDS.copyClientUserId;

  constructor(private readonly usersView: UsersView) {}

  async execute(node?: unknown): Promise<void> {
    const user = userNodeArgument(node, this.usersView)?.user;
    if (!user) return;
    await vscode.env.clipboard.writeText(user.client_user_id);
    vscode.window.setStatusBarMessage(commandMessages.copied(user.client_user_id), 3000);
  }
}
