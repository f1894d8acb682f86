import * as vscode from 'vscode';
import { apiKeyStateOf, environmentInfo } from '../connection/environmentInfo';
import { resolveEnvironment, type ResolvedEnvironment } from '../domain/environments';
import type { ApiKeyState, EnvironmentInfo, EnvironmentSource } from '../services';
import type { ActiveEnvironmentStore } from '../storage/activeEnvironmentStore';
import type { ApiKeyStore } from '../storage/apiKeyStore';
import type { ShellSettings } from '../storage/shellSettings';

/**
 * The active environment for the status bar and the context keys, read from the settings, the stored
 * choice and the secrets until the shell is loaded; from then on the shell's connection answers.
 */
export class BootEnvironment implements EnvironmentSource, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];
  private connection: EnvironmentSource | undefined;

  constructor(
    private readonly settings: ShellSettings,
    private readonly keys: ApiKeyStore,
    private readonly activeEnvironment: ActiveEnvironmentStore,
  ) {
    // Before the shell, only a key or a base URL can change the environment's state: a switch is a command, which loads the shell.
    this.subscriptions = [
      this.changed,
      keys.onDidChange(() => this.connection === undefined && this.changed.fire()),
      vscode.workspace.onDidChangeConfiguration((event) => this.connection === undefined && settings.affectsBaseUrls(event) && this.changed.fire()),
    ];
  }

  /** From now on `connection` (the shell's) answers and says when it changes. */
  follow(connection: EnvironmentSource): void {
    this.connection = connection;
    this.subscriptions.push(connection.onDidChange(() => this.changed.fire()));
  }

  environment(): EnvironmentInfo {
    return this.connection?.environment() ?? environmentInfo(this.resolved(), undefined);
  }

  apiKeyState(): Promise<ApiKeyState> {
    return this.connection?.apiKeyState() ?? apiKeyStateOf(this.resolved(), this.keys);
  }

  private resolved(): ResolvedEnvironment {
    return resolveEnvironment(this.activeEnvironment.get(), this.settings.baseUrls());
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}
