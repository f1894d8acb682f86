// Contracts between the extension's parts. activate() builds one ExtensionServices and hands it
// to the views, panels and commands; none of them builds a client or reads a secret on its own.
import type * as vscode from 'vscode';
import type { HealthApiClient } from './api/client';
import type { User } from './api/schemas';
import type { CommandManager } from './commands/commandManager';
import type { RecentLabTest, RecentUser, Recents } from './domain/recents';
import type { EnvironmentId } from './domain/environments';

export type { EnvironmentId };

export interface EnvironmentInfo {
  id: EnvironmentId;
  /** Human label, e.g. "Local sandbox (sample data)". */
  label: string;
  /** Resolved base URL; for the local sandbox only known once it has started. */
  baseUrl: string | undefined;
  isLocalSandbox: boolean;
}

export interface SampleLabTest {
  id: string;
  name: string;
}

export interface ApiConnection {
  /** Fires when the environment or its key changes: views refresh, panels re-query. */
  readonly onDidChange: vscode.Event<void>;
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

export interface JsonDocuments {
  /** Opens `value` pretty-printed in a read-only JSON editor titled `title`. */
  open(title: string, value: unknown): Promise<void>;
}

/** Recent users and lab tests of each environment (ids and names only); they head the pickers. */
export interface RecentItems {
  get(environment: EnvironmentId): Recents;
  rememberUser(environment: EnvironmentId, user: RecentUser): Thenable<void>;
  rememberLabTest(environment: EnvironmentId, labTest: RecentLabTest): Thenable<void>;
}

export interface ExtensionServices {
  readonly context: vscode.ExtensionContext;
  readonly connection: ApiConnection;
  readonly jsonDocuments: JsonDocuments;
  readonly log: vscode.LogOutputChannel;
  readonly commands: CommandManager;
  /** Optional so code built without it (tests, other entry points) still type-checks. */
  readonly recents?: RecentItems;
  /** The user selected in the Users view, offered first by every user picker. */
  readonly selectedUser?: () => User | undefined;
  /** The users the Users view's filter matched, once its search is done; undefined without a filter. */
  readonly usersFilter?: () => { prefix: string; users: readonly User[] } | undefined;
}
