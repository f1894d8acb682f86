import * as vscode from 'vscode';
import { isHealthApiError } from '../api/errors';
import { validateAndStoreApiKey } from '../connection/apiKeyValidation';
import type { ShellApiConnection } from '../connection/shellApiConnection';
import { SHELL_COMMANDS } from '../constants';
import { BaseUrlSettingError } from '../domain/connectionErrors';
import { apiKeyPrompts, environmentLabel } from '../l10n/shellStrings';
import type { ApiKeyStore } from '../storage/apiKeyStore';
import { showFailure } from '../ui/showFailure';
import { withCancellableProgress } from '../ui/withCancellableProgress';
import type { Command } from './command';

/**
 * Set API Key…: a password box, one real request to check the key, then SecretStorage. The key
 * is never echoed, logged or put in a message; a rejected key is simply not saved.
 */
export class SetApiKeyCommand implements Command {
  readonly id = SHELL_COMMANDS.setApiKey;

  constructor(
    private readonly connection: ShellApiConnection,
    private readonly keys: ApiKeyStore,
  ) {}

  async execute(): Promise<void> {
    const resolved = this.connection.resolved();
    if (resolved.kind === 'localSandbox') {
      void vscode.window.showInformationMessage(apiKeyPrompts.localNeedsNoKey());
      return;
    }
    if (resolved.kind === 'misconfigured') {
      showFailure(new BaseUrlSettingError(resolved.id, resolved.problem), this.connection);
      return;
    }
    const environment = environmentLabel(resolved.id);
    const apiKey = (
      await vscode.window.showInputBox({
        title: apiKeyPrompts.title(environment),
        prompt: apiKeyPrompts.prompt(resolved.baseUrl),
        placeHolder: apiKeyPrompts.placeholder(),
        password: true,
        ignoreFocusOut: true,
        validateInput: (value) => (value.trim() ? undefined : apiKeyPrompts.empty()),
      })
    )?.trim();
    if (!apiKey) return;

    const check = await withCancellableProgress({ title: apiKeyPrompts.checking(environment) }, (signal) =>
      validateAndStoreApiKey(this.connection, this.keys, apiKey, signal),
    );
    if (check.ok) {
      void vscode.window.showInformationMessage(apiKeyPrompts.saved(environment, check.total));
      return;
    }
    await this.explainRejection(check.error, environment);
  }

  private async explainRejection(error: unknown, environment: string): Promise<void> {
    if (!isHealthApiError(error) || !['unauthorized', 'forbidden', 'cancelled'].includes(error.kind)) {
      void vscode.window.showErrorMessage(apiKeyPrompts.checkFailed(isHealthApiError(error) ? error.message : String(error)));
      return;
    }
    if (error.kind === 'cancelled') {
      void vscode.window.showInformationMessage(apiKeyPrompts.cancelled());
      return;
    }
    const message = error.kind === 'unauthorized' ? apiKeyPrompts.rejected(environment) : apiKeyPrompts.forbidden();
    const tryAgain = apiKeyPrompts.tryAgain();
    if ((await vscode.window.showErrorMessage(message, tryAgain)) === tryAgain) await this.execute();
  }
}
