import * as vscode from 'vscode';
import { requestOfOperation } from '../api/requests';
import { CONTEXT_KEYS, SHELL_COMMANDS } from '../constants';
import { buildCurlCommand } from '../domain/requests/curl';
import { pickerStrings } from '../l10n/panelStrings';
import { scrubStrings } from '../l10n/scrubStrings';
import { commandMessages, userCommandNames } from '../l10n/shellStrings';
import type { ApiConnection, Command, ExtensionServices } from '../services';
import { showFailure } from '../ui/showFailure';
import { markDone } from '../views/walkthroughProgress';
import { userArgument } from './userArgument';

/** Copy as cURL: the resolve request of the user, with the key as $SERVICE_API_KEY, never inline. */
export class CopyUserAsCurlCommand implements Command {
  readonly id = SHELL_COMMANDS.copyUserAsCurl;

  constructor(
    private readonly services: ExtensionServices,
    private readonly connection: ApiConnection,
  ) {}

  async execute(node?: unknown): Promise<void> {
    const user = await userArgument(node, this.services, pickerStrings.userTitleFor(userCommandNames.copyUserAsCurl()));
    if (!user) return;
    try {
      // Under healthData.scrub.when the path carries the user's pseudonym, not the client_user_id.
      const scrub = await this.services.scrub.begin(this.connection.environment().id);
      const operation = scrub.operation({ name: 'resolveUser', args: [user.client_user_id] });
      const curl = buildCurlCommand(await this.connection.baseUrl(), requestOfOperation(operation), this.connection.apiKeyHeader());
      await vscode.env.clipboard.writeText(curl);
      markDone(CONTEXT_KEYS.walkthroughCurlCopied);
      void vscode.window.showInformationMessage(scrubStrings.withNote(commandMessages.curlCopied(), scrub.note()));
    } catch (error) {
      showFailure(error, this.connection);
    }
  }
}
