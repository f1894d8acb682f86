import * as vscode from 'vscode';
import { SHELL_COMMANDS } from '../constants';
import type { LastResponse } from '../jsonDocuments/lastResponse';
import { commandMessages } from '../l10n/shellStrings';
import type { ApiConnection, Command, JsonDocuments } from '../services';

/** Open Last Response as JSON: whatever the shell last received (a users page, a resolved user). */
export class OpenLastResponseCommand implements Command {
  readonly id = SHELL_COMMANDS.openLastResponse;

  constructor(
    private readonly lastResponse: LastResponse,
    private readonly jsonDocuments: JsonDocuments,
    /** The Users view shows the active environment: what its last response came from. */
    private readonly connection: Pick<ApiConnection, 'environment'>,
  ) {}

  async execute(): Promise<void> {
    const last = this.lastResponse.get();
    if (!last) {
      void vscode.window.showInformationMessage(commandMessages.noLastResponse());
      return;
    }
    const origin = { environmentId: this.connection.environment().id, operation: last.operation };
    await this.jsonDocuments.open(last.title, last.value, origin);
  }
}
