import * as vscode from 'vscode';
import type { HealthApiClient } from '../api/client';
import type { ApiKeyState, EnvironmentConnection, EnvironmentId, EnvironmentInfo, SampleLabTest } from '../services';

/** What a bound connection needs of the shell's connection (ShellApiConnection implements it). */
export interface EnvironmentSource {
  readonly onDidChangeEnvironment: vscode.Event<EnvironmentId>;
  environment(id: EnvironmentId): EnvironmentInfo;
  client(id: EnvironmentId): Promise<HealthApiClient>;
  baseUrl(id: EnvironmentId): Promise<string>;
  apiKeyHeader(id: EnvironmentId): string;
  sampleLabTests(id: EnvironmentId): Promise<SampleLabTest[] | undefined>;
  apiKeyState(id: EnvironmentId): Promise<ApiKeyState>;
}

/** One environment's connection, whichever environment is active. */
export class BoundEnvironmentConnection implements EnvironmentConnection, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(
    readonly id: EnvironmentId,
    private readonly source: EnvironmentSource,
  ) {
    this.subscription = source.onDidChangeEnvironment((changed) => {
      if (changed === id) this.changed.fire();
    });
  }

  environment(): EnvironmentInfo {
    return this.source.environment(this.id);
  }

  client(): Promise<HealthApiClient> {
    return this.source.client(this.id);
  }

  baseUrl(): Promise<string> {
    return this.source.baseUrl(this.id);
  }

  apiKeyHeader(): string {
    return this.source.apiKeyHeader(this.id);
  }

  sampleLabTests(): Promise<SampleLabTest[] | undefined> {
    return this.source.sampleLabTests(this.id);
  }

  apiKeyState(): Promise<ApiKeyState> {
    return this.source.apiKeyState(this.id);
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
