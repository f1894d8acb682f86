import * as vscode from 'vscode';
import { isHealthApiError } from '../api/errors';
import { validateAndStoreApiKey } from '../connection/apiKeyValidation';
import type { ShellApiConnection } from '../connection/shellApiConnection';
import { SHELL_COMMANDS } from '../constants';
import { BaseUrlSettingError } from '../domain/connectionErrors';
import { ENVIRONMENT_IDS, isEnvironmentId, isProduction, resolveEnvironment, type ResolvedEnvironment } from '../domain/environments';
import { apiKeyPrompts, environmentLabel, environmentPick } from '../l10n/shellStrings';
import type { ApiKeyStore } from '../storage/apiKeyStore';
import type { ShellSettings } from '../storage/shellSettings';
import { showFailure } from '../ui/showFailure';
import { withCancellableProgress } from '../ui/withCancellableProgress';
import type { Command } from '../services';

interface TargetItem extends vscode.QuickPickItem {
  target: ResolvedEnvironment;
}

/**
 * Set API Key…: on the local sandbox, first which environment the key is for; a password box, one real request to check the key, then SecretStorage (and
 * a switch to that environment). The key
 * is never echoed, logged or put in a message; a rejected key is simply not saved.
 */
export class SetApiKeyCommand implements Command {
  readonly id = SHELL_COMMANDS.setApiKey;

  constructor(
    private readonly connection: ShellApiConnection,
    private readonly keys: ApiKeyStore,
    private readonly settings: ShellSettings,
  ) {}

  /**
   * `environment`: the key is for that environment (a panel bound to it asks), and the active one
   * stays as it is. Without it, the active environment's key, or on the local sandbox a choice.
   */
  async execute(target?: unknown): Promise<void> {
    const explicit = isEnvironmentId(target) && target !== 'local' ? target : undefined;
    // The local sandbox takes no key: the key is for the environment the person is about to use.
    const resolved = explicit
      ? this.connection.resolved(explicit)
      : this.connection.resolved().kind === 'localSandbox'
        ? await this.pickTarget()
        : this.connection.resolved();
    if (!resolved) return;
    if (resolved.kind === 'localSandbox') return;
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
      validateAndStoreApiKey(this.connection, this.keys, apiKey, signal, resolved),
    );
    if (check.ok) {
      if (!explicit) await this.connection.selectEnvironment(resolved.id);
      void vscode.window.showInformationMessage(apiKeyPrompts.saved(environment, check.total));
      return;
    }
    await this.explainRejection(check.error, environment, explicit);
  }

  /** Which environment a key typed on the local sandbox is for: the remote ones, key state shown. */
  private async pickTarget(): Promise<ResolvedEnvironment | undefined> {
    const baseUrls = this.settings.baseUrls();
    const items = await Promise.all(
      ENVIRONMENT_IDS.filter((id) => id !== 'local').map(async (id): Promise<TargetItem> => {
        const target = resolveEnvironment(id, baseUrls);
        const keyState =
          target.kind === 'remote'
            ? (await this.keys.has(target.secretName))
              ? environmentPick.keySet()
              : environmentPick.keyMissing()
            : environmentPick.needsAttention();
        return {
          label: `${isProduction(id) ? '$(globe)' : '$(cloud)'} ${environmentLabel(id)}`,
          description: target.kind === 'remote' ? target.baseUrl : keyState,
          ...(target.kind === 'remote' ? { detail: keyState } : {}),
          target,
        };
      }),
    );
    const chosen = await vscode.window.showQuickPick(items, {
      title: apiKeyPrompts.targetTitle(),
      placeHolder: apiKeyPrompts.targetPlaceholder(),
      matchOnDescription: true,
      ignoreFocusOut: true,
    });
    if (chosen?.target.kind === 'misconfigured') {
      // Custom without a URL (or a broken URL setting): Switch Environment asks for it, then the key.
      await vscode.commands.executeCommand(SHELL_COMMANDS.selectEnvironment, chosen.target.id);
      return undefined;
    }
    return chosen?.target;
  }

  private async explainRejection(error: unknown, environment: string, explicitTarget: ResolvedEnvironment['id'] | undefined): Promise<void> {
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
    if ((await vscode.window.showErrorMessage(message, tryAgain)) === tryAgain) await this.execute(explicitTarget);
  }
}
