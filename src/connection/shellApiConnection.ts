import * as vscode from 'vscode';
import { DEFAULT_API_KEY_HEADER } from '../api/apiKeyHeader';
import type { HealthApiClient } from '../api/client';
import { BaseUrlSettingError, MissingApiKeyError } from '../domain/connectionErrors';
import { resolveEnvironment, type ResolvedEnvironment } from '../domain/environments';
import { environmentLabel } from '../l10n/shellStrings';
import type { ApiConnection, EnvironmentId, EnvironmentInfo, SampleLabTest } from '../services';
import type { ActiveEnvironmentStore } from '../storage/activeEnvironmentStore';
import type { ApiKeyStore } from '../storage/apiKeyStore';
import type { ShellSettings } from '../storage/shellSettings';
import type { LoadApiClient } from './apiClientBundle';
import type { EmbeddedSandbox } from './embeddedSandbox';
import type { RequestLog } from './requestLog';

export type ApiKeyState = 'notNeeded' | 'set' | 'missing' | 'misconfigured';

export interface ShellApiConnectionDeps {
  settings: ShellSettings;
  keys: ApiKeyStore;
  activeEnvironment: ActiveEnvironmentStore;
  requestLog: RequestLog;
  log: vscode.LogOutputChannel;
  startSandbox: () => Promise<EmbeddedSandbox>;
  loadApiClient: LoadApiClient;
}

/**
 * The one place that turns "environment + key" into a client. Everything else asks it for a client
 * and listens to onDidChange; nobody else reads a secret or a base URL.
 */
export class ShellApiConnection implements ApiConnection, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly subscriptions: vscode.Disposable[] = [];
  private cachedClient: Promise<HealthApiClient> | undefined;
  private sandbox: Promise<EmbeddedSandbox> | undefined;
  private sandboxUrl: string | undefined;

  constructor(private readonly deps: ShellApiConnectionDeps) {
    this.subscriptions.push(
      deps.keys.onDidChange((secretName) => {
        const resolved = this.resolved();
        if (resolved.kind === 'remote' && resolved.secretName === secretName) this.invalidate();
      }),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (deps.settings.affectsBaseUrls(event) || deps.settings.affectsApiKeyHeader(event)) this.invalidate();
      }),
    );
  }

  resolved(): ResolvedEnvironment {
    return resolveEnvironment(this.deps.activeEnvironment.get(), this.deps.settings.baseUrls());
  }

  environment(): EnvironmentInfo {
    const resolved = this.resolved();
    return {
      id: resolved.id,
      label: environmentLabel(resolved.id),
      baseUrl: resolved.kind === 'remote' ? resolved.baseUrl : resolved.kind === 'localSandbox' ? this.sandboxUrl : undefined,
      isLocalSandbox: resolved.kind === 'localSandbox',
    };
  }

  async selectEnvironment(id: EnvironmentId): Promise<void> {
    if (id === this.deps.activeEnvironment.get()) return;
    await this.deps.activeEnvironment.set(id);
    this.deps.log.info(`Environment: ${environmentLabel(id)}`);
    this.invalidate();
  }

  async apiKeyState(): Promise<ApiKeyState> {
    const resolved = this.resolved();
    if (resolved.kind === 'localSandbox') return 'notNeeded';
    if (resolved.kind === 'misconfigured') return 'misconfigured';
    return (await this.deps.keys.has(resolved.secretName)) ? 'set' : 'missing';
  }

  client(): Promise<HealthApiClient> {
    if (!this.cachedClient) {
      const pending = this.createClient();
      this.cachedClient = pending;
      // A failed attempt (no key yet, sandbox did not start) is retried on the next call.
      pending.catch(() => {
        if (this.cachedClient === pending) this.cachedClient = undefined;
      });
    }
    return this.cachedClient;
  }

  async baseUrl(): Promise<string> {
    const resolved = this.resolved();
    if (resolved.kind === 'localSandbox') return (await this.startSandbox()).url;
    if (resolved.kind === 'misconfigured') throw new BaseUrlSettingError(resolved.id, resolved.problem);
    return resolved.baseUrl;
  }

  async sampleLabTests(): Promise<SampleLabTest[] | undefined> {
    if (this.resolved().kind !== 'localSandbox') return undefined;
    return (await this.startSandbox()).labTests;
  }

  /** The header that carries the key in the active environment (the embedded sandbox: the spec's). */
  apiKeyHeader(): string {
    const resolved = this.resolved();
    return resolved.kind === 'localSandbox' ? DEFAULT_API_KEY_HEADER : this.deps.settings.apiKeyHeader(resolved.id);
  }

  /** A client for a key that is not stored yet (Set API Key validates with it); logs like any other. */
  clientFor(baseUrl: string, apiKey: string): HealthApiClient {
    const { HealthApiClient } = this.deps.loadApiClient();
    const environment = environmentLabel(this.resolved().id);
    return new HealthApiClient({
      baseUrl,
      apiKey,
      apiKeyHeader: this.apiKeyHeader(),
      onRequest: (entry) => this.deps.requestLog.onRequest(entry, environment),
    });
  }

  /** Fires onDidChange: the tree reloads and panels re-query. */
  invalidate(): void {
    this.cachedClient = undefined;
    this.changed.fire();
  }

  private async createClient(): Promise<HealthApiClient> {
    const resolved = this.resolved();
    if (resolved.kind === 'localSandbox') {
      const sandbox = await this.startSandbox();
      return this.clientFor(sandbox.url, sandbox.apiKey);
    }
    if (resolved.kind === 'misconfigured') throw new BaseUrlSettingError(resolved.id, resolved.problem);
    const apiKey = await this.deps.keys.get(resolved.secretName);
    if (!apiKey) throw new MissingApiKeyError(resolved.id);
    return this.clientFor(resolved.baseUrl, apiKey);
  }

  private startSandbox(): Promise<EmbeddedSandbox> {
    if (!this.sandbox) {
      const started = this.deps.startSandbox().then((sandbox) => {
        this.sandboxUrl = sandbox.url;
        this.deps.log.info(`Local sandbox (sample data) listening on ${sandbox.url}`);
        return sandbox;
      });
      this.sandbox = started;
      started.catch((error: unknown) => {
        this.deps.log.error(`Local sandbox did not start: ${error instanceof Error ? error.message : String(error)}`);
        if (this.sandbox === started) this.sandbox = undefined;
      });
    }
    return this.sandbox;
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.changed.dispose();
    void this.sandbox?.then((sandbox) => sandbox.close()).catch(() => undefined);
  }
}
