import * as vscode from 'vscode';
import { DEFAULT_API_KEY_HEADER } from '../api/apiKeyHeader';
import type { HealthApiClient } from '../api/client';
import { BaseUrlSettingError, MissingApiKeyError } from '../domain/connectionErrors';
import { ENVIRONMENT_IDS, resolveEnvironment, type ResolvedEnvironment } from '../domain/environments';
import { environmentLabel } from '../l10n/shellStrings';
import type { ApiConnection, ApiKeyState, EnvironmentConnection, EnvironmentId, EnvironmentInfo, SampleLabTest } from '../services';
import type { ActiveEnvironmentStore } from '../storage/activeEnvironmentStore';
import type { ApiKeyStore } from '../storage/apiKeyStore';
import type { ShellSettings } from '../storage/shellSettings';
import type { LoadApiClient } from './apiClientBundle';
import type { EmbeddedSandbox } from './embeddedSandbox';
import { BoundEnvironmentConnection } from './environmentConnection';
import { captureExchange } from './exchangeCapture';
import { apiKeyStateOf, environmentInfo } from './environmentInfo';
import type { RequestLog } from './requestLog';
import type { RequestRecorder } from './requestRecorder';

export type { ApiKeyState };

export interface ShellApiConnectionDeps {
  settings: ShellSettings;
  keys: ApiKeyStore;
  activeEnvironment: ActiveEnvironmentStore;
  requestLog: RequestLog;
  requestRecorder?: RequestRecorder;
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
  private readonly environmentChanged = new vscode.EventEmitter<EnvironmentId>();
  /** Fires with the environment whose key, base URL or key header changed (not for a switch). */
  readonly onDidChangeEnvironment = this.environmentChanged.event;
  private readonly subscriptions: vscode.Disposable[] = [];
  private readonly clients = new Map<EnvironmentId, Promise<HealthApiClient>>();
  private readonly bound = new Map<EnvironmentId, BoundEnvironmentConnection>();
  private sandbox: Promise<EmbeddedSandbox> | undefined;
  private sandboxUrl: string | undefined;

  constructor(private readonly deps: ShellApiConnectionDeps) {
    this.subscriptions.push(
      deps.keys.onDidChange((secretName) => {
        for (const id of ENVIRONMENT_IDS) {
          const resolved = this.resolved(id);
          if (resolved.kind === 'remote' && resolved.secretName === secretName) this.invalidate(id);
        }
      }),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (deps.settings.affectsLocalSandboxShape(event)) void this.restartSandbox();
        if (deps.settings.affectsBaseUrls(event) || deps.settings.affectsApiKeyHeader(event) || deps.settings.affectsContractLens(event)) {
          for (const id of ENVIRONMENT_IDS) this.invalidate(id);
        }
      }),
    );
  }

  /** The active environment, or `id`'s: where requests go, or why they cannot go anywhere. */
  resolved(id: EnvironmentId = this.activeId()): ResolvedEnvironment {
    return resolveEnvironment(id, this.deps.settings.baseUrls());
  }

  environment(id: EnvironmentId = this.activeId()): EnvironmentInfo {
    return environmentInfo(this.resolved(id), this.sandboxUrl);
  }

  forEnvironment(id: EnvironmentId): EnvironmentConnection {
    let connection = this.bound.get(id);
    if (!connection) {
      connection = new BoundEnvironmentConnection(id, this);
      this.bound.set(id, connection);
    }
    return connection;
  }

  async selectEnvironment(id: EnvironmentId): Promise<void> {
    if (id === this.deps.activeEnvironment.get()) return;
    await this.deps.activeEnvironment.set(id);
    this.deps.log.info(`Environment: ${environmentLabel(id)}`);
    this.changed.fire();
  }

  apiKeyState(id: EnvironmentId = this.activeId()): Promise<ApiKeyState> {
    return apiKeyStateOf(this.resolved(id), this.deps.keys);
  }

  client(id: EnvironmentId = this.activeId()): Promise<HealthApiClient> {
    let cached = this.clients.get(id);
    if (!cached) {
      const pending = this.createClient(id);
      cached = pending;
      this.clients.set(id, pending);
      // A failed attempt (no key yet, sandbox did not start) is retried on the next call.
      pending.catch(() => {
        if (this.clients.get(id) === pending) this.clients.delete(id);
      });
    }
    return cached;
  }

  async baseUrl(id: EnvironmentId = this.activeId()): Promise<string> {
    const resolved = this.resolved(id);
    if (resolved.kind === 'localSandbox') return (await this.startSandbox()).url;
    if (resolved.kind === 'misconfigured') throw new BaseUrlSettingError(resolved.id, resolved.problem);
    return resolved.baseUrl;
  }

  async sampleLabTests(id: EnvironmentId = this.activeId()): Promise<SampleLabTest[] | undefined> {
    if (this.resolved(id).kind !== 'localSandbox') return undefined;
    return (await this.startSandbox()).labTests;
  }

  /** The header that carries the key (the embedded sandbox: the spec's; the vendor's hosts: the vendor's unless set). */
  apiKeyHeader(id: EnvironmentId = this.activeId()): string {
    const resolved = this.resolved(id);
    if (resolved.kind === 'localSandbox') return DEFAULT_API_KEY_HEADER;
    return this.deps.settings.apiKeyHeader(resolved.id, resolved.kind === 'remote' ? resolved.baseUrl : undefined);
  }

  /**
   * A client of environment `id` for `baseUrl` and `apiKey` (Set API Key checks a key not stored yet
   * with it); its requests are logged and recorded as sent in `id`, to `baseUrl`. The environment is
   * never assumed: a key checked for Sandbox US while the local sandbox is active is a request of
   * Sandbox US.
   */
  clientFor(id: EnvironmentId, baseUrl: string, apiKey: string): HealthApiClient {
    const { HealthApiClient } = this.deps.loadApiClient();
    const environment = { id, label: environmentLabel(id), baseUrl };
    const apiKeyHeader = this.apiKeyHeader(id);
    return new HealthApiClient({
      baseUrl,
      apiKey,
      apiKeyHeader,
      contractLens: this.deps.settings.contractLensEnabled(),
      onRequest: (entry) => {
        this.deps.requestLog.onRequest(entry, environment.label);
        this.deps.requestRecorder?.record(entry, environment, apiKeyHeader, apiKey);
        captureExchange(entry);
      },
    });
  }

  /**
   * Forgets the client of `id` (default: every environment) and says so: the tree reloads and
   * panels bound to that environment re-query.
   */
  invalidate(id?: EnvironmentId): void {
    const ids = id ? [id] : ENVIRONMENT_IDS;
    for (const each of ids) {
      this.clients.delete(each);
      this.environmentChanged.fire(each);
    }
    if (!id || id === this.activeId()) this.changed.fire();
  }

  private activeId(): EnvironmentId {
    return this.deps.activeEnvironment.get();
  }

  private async createClient(id: EnvironmentId): Promise<HealthApiClient> {
    const resolved = this.resolved(id);
    if (resolved.kind === 'localSandbox') {
      const sandbox = await this.startSandbox();
      return this.clientFor(id, sandbox.url, sandbox.apiKey);
    }
    if (resolved.kind === 'misconfigured') throw new BaseUrlSettingError(resolved.id, resolved.problem);
    const apiKey = await this.deps.keys.get(resolved.secretName);
    if (!apiKey) throw new MissingApiKeyError(resolved.id);
    return this.clientFor(id, resolved.baseUrl, apiKey);
  }

  /** The sandbox fixtures changed (src/connection/sandboxFixtures.ts): the local sandbox starts again and reads them. */
  reloadLocalSandbox(): Promise<void> {
    return this.sandbox ? this.restartSandbox() : Promise.resolve();
  }

  /**
   * The local sandbox's shape changed: stop it and forget its client; the next request starts it
   * again in the new shape, and everything bound to the local environment re-queries.
   */
  private async restartSandbox(): Promise<void> {
    const running = this.sandbox;
    this.sandbox = undefined;
    this.sandboxUrl = undefined;
    this.invalidate('local');
    await running?.then((sandbox) => sandbox.close()).catch(() => undefined);
  }

  private startSandbox(): Promise<EmbeddedSandbox> {
    if (!this.sandbox) {
      const started = this.deps.startSandbox().then((sandbox) => {
        this.sandboxUrl = sandbox.url;
        const shape = sandbox.shape === 'vendor' ? ", answering as the vendor's schema allows (healthData.localSandbox.shape)" : '';
        this.deps.log.info(`Local sandbox (sample data) listening on ${sandbox.url}${shape}`);
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
    for (const connection of this.bound.values()) connection.dispose();
    this.changed.dispose();
    this.environmentChanged.dispose();
    void this.sandbox?.then((sandbox) => sandbox.close()).catch(() => undefined);
  }
}
