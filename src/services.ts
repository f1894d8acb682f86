// Contracts between the extension's parts. activate() builds one ExtensionServices and hands it
// to the views, panels and commands; none of them builds a client or reads a secret on its own.
import type * as vscode from 'vscode';
import type { HealthApiClient } from './api/client';
import type { RequestOperation, RequestOperationName, RequestSpec } from './api/requests';
import type { RequestRecord } from './domain/requests/requestRecords';
import type { User } from './api/schemas';
import type { RecentLabTest, RecentUser, Recents } from './domain/users/recents';
import type { EnvironmentId } from './domain/environments';
import type { ReplayPlan } from './domain/requests/replayPlan';
import type { writeFixture } from './scrub/fixtureWriter';

export type { EnvironmentId };

export interface EnvironmentInfo {
  id: EnvironmentId;
  /** Human label, e.g. "Local sandbox (sample data)". */
  label: string;
  /** Resolved base URL; for the local sandbox only known once it has started. */
  baseUrl: string | undefined;
  isLocalSandbox: boolean;
}

/** Whether an environment can send: the local sandbox needs no key; a base URL setting may be unusable. */
export type ApiKeyState = 'notNeeded' | 'set' | 'missing' | 'misconfigured';

export interface SampleLabTest {
  id: string;
  name: string;
}

/**
 * One environment's connection, whatever environment is active: an open panel keeps querying the
 * environment it was opened in through this.
 */
export interface EnvironmentConnection {
  readonly id: EnvironmentId;
  /** Fires when this environment's key, base URL or key header changes. */
  readonly onDidChange: vscode.Event<void>;
  environment(): EnvironmentInfo;
  client(): Promise<HealthApiClient>;
  baseUrl(): Promise<string>;
  apiKeyHeader(): string;
  sampleLabTests(): Promise<SampleLabTest[] | undefined>;
  /** Whether a key is stored for it (or none is needed, or its base URL setting is unusable). */
  apiKeyState(): Promise<ApiKeyState>;
}

export interface ApiConnection {
  /** Fires when the environment or its key changes: views refresh, panels re-query. */
  readonly onDidChange: vscode.Event<void>;
  /** The connection of one environment (the active one or another), for panels bound to it. */
  forEnvironment(id: EnvironmentId): EnvironmentConnection;
  environment(): EnvironmentInfo;
  /**
   * The client of the active environment; starts the embedded sandbox on first use of "local".
   * Rejects with MissingApiKeyError when the environment needs a key that is not set.
   */
  client(): Promise<HealthApiClient>;
  /** Base URL the client talks to (after the sandbox started), for cURL and raw-JSON titles. */
  baseUrl(): Promise<string>;
  /** Name of the header that carries the key in the active environment (for cURL text). */
  apiKeyHeader(): string;
  /** The local sandbox's sample lab tests; undefined while another environment is active. */
  sampleLabTests(): Promise<SampleLabTest[] | undefined>;
}

/** A palette or menu command: one small class per file in src/commands. */
export interface Command {
  readonly id: string;
  execute(...args: unknown[]): unknown;
}

/** The single place commands are registered (CommandManager), so the manifest check compares one list. */
export interface CommandRegistry {
  register(command: Command): void;
  registeredIds(): string[];
}

/** Which response a raw-response document shows: what "Save Response As…" scrubs it as. */
export interface ResponseOrigin {
  environmentId: EnvironmentId;
  /** With its arguments when known: a blood-pressure body's dates then move by its user's offset. */
  operation: RequestOperationName | RequestOperation;
}

export interface JsonDocuments {
  /**
   * Opens `value` pretty-printed in a read-only JSON editor titled `title`. With `origin`, saving
   * it (Save Response As…) writes it scrubbed as healthData.scrub.when says, and the first line says so.
   */
  open(title: string, value: unknown, origin?: ResponseOrigin): Promise<void>;
  /** Opens `text` read-only in an editor whose tab reads `fileName` (plain text unless it ends in .json). */
  openText(fileName: string, text: string): Promise<void>;
}

/** Recent users and lab tests of each environment (ids and names only); they head the pickers. */
export interface RecentItems {
  get(environment: EnvironmentId): Recents;
  rememberUser(environment: EnvironmentId, user: RecentUser): Thenable<void>;
  rememberLabTest(environment: EnvironmentId, labTest: RecentLabTest): Thenable<void>;
}

export type SendAgainResult = { ok: true; record: RequestRecord } | { ok: false; message: string; record: RequestRecord | undefined };

/** The recorded requests, as the panels and the Requests view's commands use them. */
export interface RequestInspection {
  /** Every request `work` makes (its pages, its retries) is one expandable row of the Requests view. */
  /** With `signal`: a load that ends with it aborted is marked cancelled in its row. */
  inLoad<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** How many requests the load this runs in (inLoad) has sent so far: the count its row says; 0 outside one. */
  requestsInCurrentLoad(): number;
  /** The Requests view's records, oldest first (what a picker offers as "shown before"). */
  recorded(): readonly RequestRecord[];
  /** Sends `spec` (its operation) in `environment` as a recorded request. */
  sendAgain(environment: EnvironmentId, spec: RequestSpec, progressTitle: string): Promise<SendAgainResult>;
  /** Whether `record` can be sent again exactly as it was, and if not, why. */
  planReplay(record: RequestRecord): Promise<ReplayPlan>;
  /**
   * Sends `operation` in `environment`, but only to `baseUrl` (the record's): if the environment's
   * client points elsewhere by then, nothing is sent and the result says so.
   */
  replay(environment: EnvironmentId, operation: RequestOperation, baseUrl: string | undefined, progressTitle: string): Promise<SendAgainResult>;
  /** Opens the diff editor between two recorded responses. */
  compareResponses(left: RequestRecord, right: RequestRecord): Promise<void>;
  /** Opens the diff editor between two loads' responses, request by request. */
  compareLoads(left: readonly RequestRecord[], right: readonly RequestRecord[]): Promise<void>;
}

/** One door's scrubbing: many bodies and operations of one export, one line at the end. */
export interface LeavingScrub {
  /** False under `never`, or `productionOnly` outside production: every call hands back what it got. */
  readonly scrubs: boolean;
  /** `operation` with its arguments when known: a blood-pressure body's dates then move by its user's offset, as in the cURL and the fixture. */
  body<T>(operation: RequestOperationName | RequestOperation, body: T): T;
  operation(operation: RequestOperation): RequestOperation;
  /** The line to say where it happened ("Scrubbed: 3 identifiers pseudonymised, dates shifted."); undefined when nothing was scrubbed. */
  note(): string | undefined;
}

/** One request and its answer, as a sandbox fixture keeps it (src/scrub/scrubber.ts writeFixture). */
export type FixtureExchange = Parameters<typeof writeFixture>[0];
/** A fixture file: its name, its text (scrubbed), and the sandbox path that answers with it. */
export type FixtureFile = ReturnType<typeof writeFixture>;

/** The scrubber on every way out (src/connection/scrubService.ts): the doors ask it and decide nothing. */
export interface ScrubDoors {
  /** Whether what came from `environmentId` is scrubbed on its way out (healthData.scrub.when). */
  applies(environmentId: EnvironmentId): boolean;
  /** The secret when `environmentId`'s data leaves scrubbed (the agent tools scrub in their own bundle); undefined otherwise. */
  secretFor(environmentId: EnvironmentId): Promise<string | undefined>;
  /** Starts one door's scrubbing of data from `environmentId`. */
  begin(environmentId: EnvironmentId): Promise<LeavingScrub>;
  /** Scrubs whatever the setting says (sandbox fixtures are made to be shared). */
  beginAlways(): Promise<LeavingScrub>;
  /** This workspace's secret, for what is scrubbed whatever the setting in a bundle of its own (Save Investigation). */
  alwaysSecret(): Promise<string>;
  /** One body leaving (a notebook output when saved): the body as it may leave and the line to say. */
  forLeaving<T>(environmentId: EnvironmentId, operation: RequestOperationName, body: T): Promise<{ body: T; note?: string }>;
  /** The scrubbed fixture of `exchange` (always scrubbed, with this workspace's secret). */
  fixture(exchange: FixtureExchange): Promise<FixtureFile>;
  /** The scrubbed fixtures of several exchanges (every page of a load), one per distinct request. */
  fixtures(exchanges: readonly FixtureExchange[]): Promise<FixtureFile[]>;
}

export interface ExtensionServices {
  readonly context: vscode.ExtensionContext;
  readonly connection: ApiConnection;
  readonly jsonDocuments: JsonDocuments;
  readonly log: vscode.LogOutputChannel;
  readonly commands: CommandRegistry;
  readonly requests: RequestInspection;
  readonly scrub: ScrubDoors;
  /** Optional so code built without it (tests, other entry points) still type-checks. */
  readonly recents?: RecentItems;
  /** The user selected in the Users view, offered first by every user picker. */
  readonly selectedUser?: () => User | undefined;
  /** The users the Users view's filter matched, once its search is done; undefined without a filter. */
  readonly usersFilter?: () => { prefix: string; users: readonly User[] } | undefined;
}

/** What the status bar and the environment's context keys read: the shell's connection, or the bootstrap's reader before it. */
export interface EnvironmentSource {
  readonly onDidChange: vscode.Event<void>;
  environment(): EnvironmentInfo;
  apiKeyState(): Promise<ApiKeyState>;
}

/** The 1.101 MCP provider's shape, declared here because @types/vscode stays at the engine's 1.100. */
export interface McpStdioDefinition {
  label: string;
  command: string;
  args: string[];
  env: Record<string, string | number | null>;
  version?: string;
}
export interface McpServerDefinitionProvider {
  readonly onDidChangeMcpServerDefinitions?: vscode.Event<void>;
  provideMcpServerDefinitions(token: vscode.CancellationToken): vscode.ProviderResult<McpStdioDefinition[]>;
  resolveMcpServerDefinition?(server: McpStdioDefinition, token: vscode.CancellationToken): vscode.ProviderResult<McpStdioDefinition>;
}

/**
 * Where the shell registers what VS Code calls into. The bootstrap (src/extension.ts) registered a
 * stand-in for each of these at activation, before the shell was loaded; the shell's registration
 * becomes what the stand-in calls. The signatures are vscode's, so the shell reads as if it
 * registered with VS Code itself.
 */
export interface ShellRegistrations {
  registerCommand(id: string, handler: (...args: unknown[]) => unknown): vscode.Disposable;
  /** The view the bootstrap created (with its options), now showing `provider`'s nodes. */
  createTreeView<T>(viewId: string, provider: vscode.TreeDataProvider<T>): vscode.TreeView<T>;
  registerWebviewPanelSerializer(viewType: string, serializer: vscode.WebviewPanelSerializer): vscode.Disposable;
  registerNotebookSerializer(notebookType: string, serializer: vscode.NotebookSerializer): vscode.Disposable;
  registerTool<T>(name: string, tool: vscode.LanguageModelTool<T>): vscode.Disposable;
  registerUriHandler(handler: vscode.UriHandler): vscode.Disposable;
  registerTextDocumentContentProvider(scheme: string, provider: vscode.TextDocumentContentProvider): vscode.Disposable;
  /** Throws where VS Code has no MCP definition API, or refused the bootstrap's provider (1.100). */
  registerMcpServerDefinitionProvider(id: string, provider: McpServerDefinitionProvider): vscode.Disposable;
}
