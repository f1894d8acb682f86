import * as vscode from 'vscode';
import type { ShellApiConnection } from '../connection/shellApiConnection';
import { SHELL_COMMANDS } from '../constants';
import {
  ENVIRONMENT_IDS,
  isEnvironmentId,
  isProduction,
  normaliseBaseUrl,
  resolveEnvironment,
} from '../domain/environments';
import { baseUrlProblem, environmentLabel, environmentPick, failureTitle } from '../l10n/shellStrings';
import type { Command, EnvironmentId } from '../services';
import type { ApiKeyStore } from '../storage/apiKeyStore';
import type { ShellSettings } from '../storage/shellSettings';
import { showMissingKeyNotice } from '../ui/missingKeyNotice';

interface EnvironmentItem extends vscode.QuickPickItem {
  id: EnvironmentId;
}

/** Switch Environment…: a quick pick from the status bar or the palette (or an id, from code). */
export class SelectEnvironmentCommand implements Command {
  readonly id = SHELL_COMMANDS.selectEnvironment;

  constructor(
    private readonly connection: ShellApiConnection,
    private readonly keys: ApiKeyStore,
    private readonly settings: ShellSettings,
  ) {}

  async execute(requested?: unknown): Promise<void> {
    const id = isEnvironmentId(requested) ? requested : await this.pick();
    if (!id) return;
    if (id === 'custom' && !(await this.ensureCustomBaseUrl(!isEnvironmentId(requested)))) return;
    await this.connection.selectEnvironment(id);
    if ((await this.connection.apiKeyState()) === 'missing') showMissingKeyNotice(failureTitle('missingApiKey', undefined, environmentLabel(id)));
  }

  private async pick(): Promise<EnvironmentId | undefined> {
    const current = this.connection.environment().id;
    const baseUrls = this.settings.baseUrls();
    const items = await Promise.all(
      ENVIRONMENT_IDS.map(async (id): Promise<EnvironmentItem> => {
        const resolved = resolveEnvironment(id, baseUrls);
        const icon = id === 'local' ? '$(beaker)' : isProduction(id) ? '$(globe)' : '$(cloud)';
        let description: string;
        let detail: string | undefined;
        if (resolved.kind === 'localSandbox') {
          description = environmentPick.localDescription();
        } else if (resolved.kind === 'remote') {
          description = resolved.baseUrl;
          detail = (await this.keys.has(resolved.secretName)) ? environmentPick.keySet() : environmentPick.keyMissing();
        } else {
          description = id === 'custom' && resolved.problem === 'empty' ? environmentPick.customNoUrl() : environmentPick.needsAttention();
        }
        if (id === current) description = `${environmentPick.current()} · ${description}`;
        return { id, label: `${icon} ${environmentLabel(id)}`, description, ...(detail ? { detail } : {}) };
      }),
    );
    const chosen = await vscode.window.showQuickPick(items, { placeHolder: environmentPick.placeholder(), matchOnDescription: true });
    return chosen?.id;
  }

  /** Custom needs a base URL: asked for when missing, or to confirm it when picked interactively. */
  private async ensureCustomBaseUrl(askEvenIfSet: boolean): Promise<boolean> {
    const current = this.settings.baseUrls().custom;
    if (!askEvenIfSet && normaliseBaseUrl(current).ok) return true;
    const input = await vscode.window.showInputBox({
      title: environmentPick.customUrlTitle(),
      prompt: environmentPick.customUrlPrompt(),
      value: current,
      ignoreFocusOut: true,
      validateInput: (value) => {
        const check = normaliseBaseUrl(value);
        return check.ok ? undefined : baseUrlProblem(check.problem);
      },
    });
    if (input === undefined) return false;
    const check = normaliseBaseUrl(input);
    if (!check.ok) {
      void vscode.window.showErrorMessage(baseUrlProblem(check.problem));
      return false;
    }
    if (check.url !== current) await this.settings.setCustomBaseUrl(check.url);
    return true;
  }
}
