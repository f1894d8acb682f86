import * as vscode from 'vscode';
import { SHELL_COMMANDS } from '../constants';
import { commandMessages } from '../l10n/shellStrings';
import type { UsersTreeProvider } from '../views/users/usersTreeProvider';
import type { Command } from '../services';

/** Filter Users…: a client_user_id or user_id prefix (asked for, or given by code). */
export class FilterUsersCommand implements Command {
  readonly id = SHELL_COMMANDS.filterUsers;

  constructor(private readonly provider: UsersTreeProvider) {}

  async execute(prefix?: unknown): Promise<void> {
    const wanted =
      typeof prefix === 'string'
        ? prefix
        : await vscode.window.showInputBox({
            title: commandMessages.filterTitle(),
            prompt: commandMessages.filterPrompt(),
            placeHolder: commandMessages.filterPlaceholder(),
            value: this.provider.summary().filter?.prefix ?? '',
          });
    if (wanted === undefined) return;
    if (!wanted.trim()) return this.provider.clearFilter();
    await this.provider.setFilter(wanted.trim());
  }
}
