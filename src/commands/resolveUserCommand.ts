import * as vscode from 'vscode';
import { isHealthApiError } from '../api/errors';
import { resolveUserRequest } from '../api/requests';
import type { ShellApiConnection } from '../connection/shellApiConnection';
import { SHELL_COMMANDS } from '../constants';
import type { LastResponse } from '../jsonDocuments/lastResponse';
import { commandMessages, progressTitles } from '../l10n/shellStrings';
import { showFailure } from '../ui/showFailure';
import { withCancellableProgress } from '../ui/withCancellableProgress';
import type { UsersView } from '../views/users/usersView';
import type { Command } from '../services';
import { inRequestOrigin } from '../connection/requestOrigins';

/** Resolve User by client_user_id…: finds the user and selects it in the tree, loaded page or not. */
export class ResolveUserCommand implements Command {
  readonly id = SHELL_COMMANDS.resolveUser;

  constructor(
    private readonly connection: ShellApiConnection,
    private readonly usersView: UsersView,
    private readonly lastResponse: LastResponse,
  ) {}

  async execute(clientUserId?: unknown): Promise<void> {
    const wanted =
      typeof clientUserId === 'string'
        ? clientUserId
        : await vscode.window.showInputBox({
            title: commandMessages.resolveTitle(),
            prompt: commandMessages.resolvePrompt(),
            validateInput: (value) => (value.trim() ? undefined : commandMessages.resolveEmpty()),
          });
    if (!wanted?.trim()) return;
    const id = wanted.trim();
    try {
      const user = await withCancellableProgress({ title: progressTitles.resolvingUser(id) }, (signal) =>
        inRequestOrigin('lookup', async () => {
          const client = await this.connection.client();
          return client.resolveUser(id, { signal });
        }),
      );
      this.lastResponse.record(resolveUserRequest(id), user);
      await this.usersView.reveal(user);
    } catch (error) {
      if (isHealthApiError(error) && error.kind === 'not_found') {
        void vscode.window.showErrorMessage(commandMessages.resolveNotFound(id, this.connection.environment().label));
        return;
      }
      showFailure(error, this.connection);
    }
  }
}
