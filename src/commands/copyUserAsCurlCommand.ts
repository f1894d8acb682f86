import * as vscode from 'vscode';
import { resolveUserRequest } from '../api/requests';
import { SHELL_COMMANDS } from '../constants';
import { buildCurlCommand } from '../domain/curl';
import { commandMessages } from '../l10n/shellStrings';
import type { ApiConnection } from '../services';
import { showFailure } from '../ui/showFailure';
import type { UsersView } from '../views/users/usersView';
import type { Command } from './command';
import { userNodeArgument } from './userNodeArgument';

/** Copy as cURL: the resolve request of the user, with the key as $SERVICE_API_KEY, never inline. */
export class CopyUserAsCurlCommand implements Command {
  readonly id = SHELL_COMMANDS.copyUserAsCurl;

  constructor(
    private readonly usersView: UsersView,
    private readonly connection: ApiConnection,
  ) {}

  async execute(node?: unknown): Promise<void> {
    const user = userNodeArgument(node, this.usersView)?.user;
    if (!user) return;
    try {
      const curl = buildCurlCommand(await this.connection.baseUrl(), resolveUserRequest(user.client_user_id), this.connection.apiKeyHeader());
      await vscode.env.clipboard.writeText(curl);
      void vscode.window.showInformationMessage(commandMessages.curlCopied());
    } catch (error) {
      showFailure(error, this.connection);
    }
  }
}
