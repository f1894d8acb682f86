import * as vscode from 'vscode';
import { CONTEXT_KEYS } from '../constants';
import type { LastResponse } from '../jsonDocuments/lastResponse';
import type { EnvironmentSource } from '../services';

/**
 * Keeps the environment's context keys of package.json's `when`/`enablement` clauses in step with
 * it. The bootstrap builds it: the palette's enablement reads these before the shell is loaded.
 */
export class EnvironmentContextKeys implements vscode.Disposable {
  private readonly subscription: vscode.Disposable;

  constructor(private readonly environment: EnvironmentSource) {
    this.subscription = environment.onDidChange(() => void this.update());
  }

  async update(): Promise<void> {
    const environment = this.environment.environment();
    const keyState = await this.environment.apiKeyState();
    await Promise.all([
      setContext(CONTEXT_KEYS.environment, environment.id),
      setContext(CONTEXT_KEYS.isLocalSandbox, environment.isLocalSandbox),
      setContext(CONTEXT_KEYS.hasApiKey, keyState === 'set'),
      setContext(CONTEXT_KEYS.needsApiKey, keyState === 'missing'),
    ]);
  }

  dispose(): void {
    this.subscription.dispose();
  }
}

/** `healthData.hasLastResponse`: unset (false) until the shell has a response to show. */
export class LastResponseContextKey implements vscode.Disposable {
  private readonly subscription: vscode.Disposable;

  constructor(private readonly lastResponse: LastResponse) {
    this.subscription = lastResponse.onDidChange(() => this.update());
  }

  update(): void {
    void setContext(CONTEXT_KEYS.hasLastResponse, this.lastResponse.get() !== undefined);
  }

  dispose(): void {
    this.subscription.dispose();
  }
}

function setContext(key: string, value: unknown): Thenable<unknown> {
  return vscode.commands.executeCommand('setContext', key, value);
}
