import * as vscode from 'vscode';
import type { ShellApiConnection } from '../connection/shellApiConnection';
import { SHELL_COMMANDS } from '../constants';
import { apiKeyPrompts, environmentLabel } from '../l10n/shellStrings';
import type { ApiKeyStore } from '../storage/apiKeyStore';
import type { Command } from '../services';

/** Clear API Key: removes the active environment's key from SecretStorage after a confirmation. */
export class ClearApiKeyCommand implements Command {
  readonly id = SHELL_COMMANDS.clearApiKey;

  constructor(
    private readonly connection: ShellApiConnection,
    private readonly keys: ApiKeyStore,
  ) {}

  async execute(): Promise<void> {
    const resolved = this.connection.resolved();
    if (resolved.kind !== 'remote') return;
    const environment = environmentLabel(resolved.id);
    if (!(await this.keys.has(resolved.secretName))) {
      void vscode.window.showInformationMessage(apiKeyPrompts.noneStored(environment));
      return;
    }
    const remove = apiKeyPrompts.clearAction();
    const choice = await vscode.window.showWarningMessage(apiKeyPrompts.clearConfirm(environment), { modal: true }, remove);
    if (choice !== remove) return;
    await this.keys.delete(resolved.secretName);
    void vscode.window.showInformationMessage(apiKeyPrompts.cleared(environment));
  }
}
