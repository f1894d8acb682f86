import * as vscode from 'vscode';
import { SHELL_COMMANDS } from '../constants';
import { commandMessages } from '../l10n/shellStrings';
import type { UsersView } from '../views/users/usersView';
import type { Command } from './command';
import { userNodeArgument } from './userNodeArgument';

export class CopyUserIdCommand implements Command {
  readonly id = SHELL_COMMANDS.copyUserId;

  constructor(private readonly usersView: UsersView) {}

  async execute(node?: unknown): Promise<void> {
    const user = userNodeArgument(node, this.usersView)?.user;
    if (!user) return;
    await vscode.env.clipboard.writeText(user.user_id);
    vscode.window.setStatusBarMessage(commandMessages.copied(user.user_id), 3000);
  }
}
