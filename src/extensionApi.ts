import * as vscode from 'vscode';
import { validateAndStoreApiKey, type ApiKeyCheck } from './connection/apiKeyValidation';
import type { RequestLog } from './connection/requestLog';
import type { RequestRecorder } from './connection/requestRecorder';
import type { ShellApiConnection } from './connection/shellApiConnection';
import type { JsonDocumentProvider } from './jsonDocuments/jsonDocumentProvider';
import type { CommandRegistry, EnvironmentId, RecentItems } from './services';
import type { ApiKeyStore } from './storage/apiKeyStore';
import { missingKeyNoticeOpen } from './ui/missingKeyNotice';
import { answerProductionQuestions } from './ui/productionConfirm';
import type { UsersView } from './views/users/usersView';
import type { HealthDataMcpServerDefinitions } from './lm/mcpServerDefinitions';
import type { AgentLanguageModelTools } from './lm/languageModelTools';
import type { RequestsView } from './views/requests/requestsView';
import type { RegisteredNotebooks } from './notebookEditor/registerNotebooks';
import type { Panels } from './panels/panels';

/** What the integration tests drive in place of input boxes and read in place of the Output view. */
export interface ShellTestingApi {
  readonly connection: ShellApiConnection;
  readonly usersView: UsersView;
  readonly jsonDocuments: JsonDocumentProvider;
  /** Recent users and lab tests per environment (workspace state). */
  readonly recents?: RecentItems;
  requestLogLines(): readonly string[];
  /** The Requests view's recorder (records, saved state) and view (rows, filter). */
  readonly requestRecorder: RequestRecorder;
  readonly requestsView: RequestsView;
  /** Set API Key without its password box: the same check and storage the command uses. */
  setApiKey(apiKey: string): Promise<ApiKeyCheck>;
  /** The same, for `environment` whichever is active (as Set API Key on the local sandbox, or from a panel). */
  setApiKeyFor(environment: EnvironmentId, apiKey: string): Promise<ApiKeyCheck>;
  /** Clear API Key without its confirmation dialog. */
  clearApiKey(): Promise<void>;
  /** The stored key of the active environment, read back from SecretStorage. */
  storedApiKey(): Promise<string | undefined>;
  /** Whether a "No API key" notification is shown right now. */
  missingKeyNoticeOpen(): boolean;
  /** The MCP server definition provider; undefined where VS Code has no MCP definition API (1.100). */
  readonly mcpServerDefinitions: HealthDataMcpServerDefinitions | undefined;
  /** The language-model tools: what prepareInvocation hands VS Code (test hosts confirm dialogs by themselves). */
  readonly agentTools: AgentLanguageModelTools | undefined;
  /** The notebook controller (its production prompt can be answered) and the notebook's status bar item. */
  readonly notebooks: RegisteredNotebooks | undefined;
  /** Answers "production asks" questions in place of their modal until disposed; `asked` lists them. */
  answerProductionQuestions(answer: boolean): { asked: readonly string[]; dispose(): void };
  /** The Copy as cURL button of the panel in front, pressed; false when no panel is in front. */
  copyActivePanelCurl(): Promise<boolean>;
}

export interface HealthDataExtensionApi {
  /** Ids registered through the CommandRegistry; a check compares them with package.json. */
  commandIds(): string[];
  /** Only in development and test hosts: never offered to other extensions in production. */
  readonly testing: ShellTestingApi | undefined;
}

export interface ExtensionApiParts {
  context: vscode.ExtensionContext;
  commands: CommandRegistry;
  connection: ShellApiConnection;
  keys: ApiKeyStore;
  usersView: UsersView;
  jsonDocuments: JsonDocumentProvider;
  requestLog: RequestLog;
  recents?: RecentItems;
  requestRecorder: RequestRecorder;
  requestsView: RequestsView;
  mcpServerDefinitions?: HealthDataMcpServerDefinitions;
  agentTools?: AgentLanguageModelTools;
  notebooks?: RegisteredNotebooks;
  panels: Pick<Panels, 'copyActiveCurl'>;
}

export function createExtensionApi(parts: ExtensionApiParts): HealthDataExtensionApi {
  const { context, commands, connection, keys } = parts;
  const secretName = (): string | undefined => {
    const resolved = connection.resolved();
    return resolved.kind === 'remote' ? resolved.secretName : undefined;
  };
  const testing: ShellTestingApi = {
    connection,
    usersView: parts.usersView,
    jsonDocuments: parts.jsonDocuments,
    recents: parts.recents,
    requestLogLines: () => parts.requestLog.recentLines(),
    requestRecorder: parts.requestRecorder,
    requestsView: parts.requestsView,
    setApiKey: (apiKey) => validateAndStoreApiKey(connection, keys, apiKey),
    setApiKeyFor: (environment, apiKey) => validateAndStoreApiKey(connection, keys, apiKey, undefined, connection.resolved(environment)),
    clearApiKey: async () => {
      const name = secretName();
      if (name) await keys.delete(name);
    },
    storedApiKey: async () => {
      const name = secretName();
      return name ? keys.get(name) : undefined;
    },
    missingKeyNoticeOpen,
    mcpServerDefinitions: parts.mcpServerDefinitions,
    agentTools: parts.agentTools,
    notebooks: parts.notebooks,
    answerProductionQuestions,
    copyActivePanelCurl: () => parts.panels.copyActiveCurl(),
  };
  return {
    commandIds: () => commands.registeredIds(),
    testing: context.extensionMode === vscode.ExtensionMode.Production ? undefined : testing,
  };
}
