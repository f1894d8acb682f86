import * as vscode from 'vscode';
import { isHealthApiError } from '../api/errors';
import { storeApiKeyUnchecked, validateAndStoreApiKey } from '../connection/apiKeyValidation';
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

type RemoteTarget = Extract<ResolvedEnvironment, { kind: 'remote' }>;

/** Failures that say nothing about the key (the API could not be reached or did not answer properly). */
const COULD_NOT_CHECK: ReadonlySet<string> = new Set(['network', 'timeout', 'server', 'rate_limited', 'invalid_response', 'not_found']);

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
    const apiKey = (
      await vscode.window.showInputBox({
        title: apiKeyPrompts.title(environmentLabel(resolved.id)),
        prompt: apiKeyPrompts.prompt(resolved.baseUrl),
        placeHolder: apiKeyPrompts.placeholder(),
        password: true,
        ignoreFocusOut: true,
        validateInput: (value) => (value.trim() ? undefined : apiKeyPrompts.empty()),
      })
    )?.trim();
    if (!apiKey) return;
    await this.checkAndSave(apiKey, resolved, explicit);
  }

  /**
   * One real request checks the key, then it is saved. When the API cannot be reached (or answers
   * with a server error), the key is not known to be wrong: a dialog names the URL that failed and
   * offers Save Anyway and Retry, with the same key (nothing to type again).
   */
  private async checkAndSave(apiKey: string, target: RemoteTarget, explicit: ResolvedEnvironment['id'] | undefined): Promise<void> {
    const environment = environmentLabel(target.id);
    for (;;) {
      const check = await withCancellableProgress({ title: apiKeyPrompts.checking(environment) }, (signal) =>
        validateAndStoreApiKey(this.connection, this.keys, apiKey, signal, target),
      );
      if (check.ok) {
        if (!explicit) await this.connection.selectEnvironment(target.id);
        void vscode.window.showInformationMessage(apiKeyPrompts.saved(environment, check.total));
        return;
      }
      const { error } = check;
      if (!isHealthApiError(error) || !COULD_NOT_CHECK.has(error.kind)) {
        await this.explainRejection(error, environment, explicit);
        return;
      }
      const saveAnyway = apiKeyPrompts.saveAnyway();
      const retry = apiKeyPrompts.retry();
      const choice = await vscode.window.showWarningMessage(
        apiKeyPrompts.couldNotCheck(environment, target.baseUrl),
        { modal: true, detail: apiKeyPrompts.couldNotCheckDetail(`${error.method} ${error.url}`, error.message) },
        saveAnyway,
        retry,
      );
      if (choice === retry) continue;
      if (choice === saveAnyway) {
        await storeApiKeyUnchecked(this.keys, apiKey, target);
        if (!explicit) await this.connection.selectEnvironment(target.id);
        void vscode.window.showInformationMessage(apiKeyPrompts.savedUnchecked(environment, target.baseUrl));
      }
      return;
    }
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
