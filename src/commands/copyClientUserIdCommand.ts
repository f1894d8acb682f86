import * as vscode from 'vscode';
import { SHELL_COMMANDS } from '../constants';
import { pickerStrings } from '../l10n/panelStrings';
import { commandMessages, userCommandNames } from '../l10n/shellStrings';
import type { Command, ExtensionServices } from '../services';
import { userArgument } from './userArgument';

export class CopyClientUserIdCommand implements Command {
  readonly id = SHELL_COMMANDS.copyClientUserId;

  constructor(private readonly services: ExtensionServices) {}

  async execute(node?: unknown): Promise<void> {
    const user = await userArgument(node, this.services, pickerStrings.userTitleFor(userCommandNames.copyClientUserId()));
    if (!user) return;
    await vscode.env.clipboard.writeText(user.client_user_id);
    vscode.window.setStatusBarMessage(commandMessages.copied(user.client_user_id), 3000);
  }
}
