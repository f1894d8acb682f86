import * as vscode from 'vscode';
import { SHELL_COMMANDS } from '../constants';
import type { LastResponse } from '../jsonDocuments/lastResponse';
import { commandMessages } from '../l10n/shellStrings';
import type { Command, JsonDocuments } from '../services';

/** Open Last Response as JSON: whatever the shell last received (a users page, a resolved user). */
export class OpenLastResponseCommand implements Command {
  readonly id = SHELL_COMMANDS.openLastResponse;

  constructor(
    private readonly lastResponse: LastResponse,
    private readonly jsonDocuments: JsonDocuments,
  ) {}

  async execute(): Promise<void> {
    const last = this.lastResponse.get();
    if (!last) {
      void vscode.window.showInformationMessage(commandMessages.noLastResponse());
      return;
    }
    await this.jsonDocuments.open(last.title, last.value);
  }
}
