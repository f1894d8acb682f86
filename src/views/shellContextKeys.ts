import * as vscode from 'vscode';
import type { ShellApiConnection } from '../connection/shellApiConnection';
import { CONTEXT_KEYS } from '../constants';
import type { LastResponse } from '../jsonDocuments/lastResponse';

/** Keeps the context keys of package.json's `when`/`enablement` clauses in step with the state. */
export class ShellContextKeys implements vscode.Disposable {
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly connection: ShellApiConnection,
    private readonly lastResponse: LastResponse,
  ) {
    this.subscriptions = [
      connection.onDidChange(() => void this.updateEnvironment()),
      lastResponse.onDidChange(() => this.updateLastResponse()),
    ];
  }

  async update(): Promise<void> {
    this.updateLastResponse();
    await this.updateEnvironment();
  }

  private async updateEnvironment(): Promise<void> {
    const environment = this.connection.environment();
    const keyState = await this.connection.apiKeyState();
    await Promise.all([
      setContext(CONTEXT_KEYS.environment, environment.id),
      setContext(CONTEXT_KEYS.isLocalSandbox, environment.isLocalSandbox),
      setContext(CONTEXT_KEYS.hasApiKey, keyState === 'set'),
      setContext(CONTEXT_KEYS.needsApiKey, keyState === 'missing'),
    ]);
  }

  private updateLastResponse(): void {
    void setContext(CONTEXT_KEYS.hasLastResponse, this.lastResponse.get() !== undefined);
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}

function setContext(key: string, value: unknown): Thenable<unknown> {
  return vscode.commands.executeCommand('setContext', key, value);
}
