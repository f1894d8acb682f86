import * as vscode from 'vscode';
import { isApiKeySecretName } from '../domain/environments';

/**
 * The API keys, one secret per environment, kept only in the OS keychain via SecretStorage.
 * Callers pass the secret name from resolveEnvironment(); nothing else names a secret.
 */
export class ApiKeyStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<string>();
  /** Fires with the secret name when one of our keys is stored or deleted (in any window). */
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly secrets: vscode.SecretStorage) {
    this.subscription = secrets.onDidChange((event) => {
      if (isApiKeySecretName(event.key)) this.changed.fire(event.key);
    });
  }

  async get(secretName: string): Promise<string | undefined> {
    const key = await this.secrets.get(secretName);
    return key ? key : undefined;
  }

  async has(secretName: string): Promise<boolean> {
    return (await this.get(secretName)) !== undefined;
  }

  store(secretName: string, apiKey: string): Thenable<void> {
    return this.secrets.store(secretName, apiKey);
  }

  delete(secretName: string): Thenable<void> {
    return this.secrets.delete(secretName);
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
