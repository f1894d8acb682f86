import * as vscode from 'vscode';
import type { User } from './api/schemas';
import { CommandManager } from './commands/commandManager';
import { registerLookupCommands } from './commands/registerLookupCommands';
import { registerPanelCommands } from './commands/registerPanelCommands';
import { registerShellCommands } from './commands/registerShellCommands';
import { apiClientLoader } from './connection/apiClientBundle';
import { startEmbeddedSandbox } from './connection/embeddedSandbox';
import { RequestLog } from './connection/requestLog';
import { RequestInspector } from './connection/requestInspector';
import { RequestRecorder } from './connection/requestRecorder';
import { registerRequestCommands } from './commands/requests/registerRequestCommands';
import { ShellApiConnection } from './connection/shellApiConnection';
import { OUTPUT_CHANNEL_NAME } from './constants';
import { createExtensionApi, type HealthDataExtensionApi } from './extensionApi';
import { JsonDocumentProvider } from './jsonDocuments/jsonDocumentProvider';
import { SpecLinkProvider } from './jsonDocuments/specLinks';
import { LastResponse } from './jsonDocuments/lastResponse';
import { KnownUsers } from './domain/users/knownUsers';
import { registerLookup } from './lookup/registerLookup';
import { registerPanels } from './panels/registerPanels';
import type { ExtensionServices, ShellRegistrations } from './services';
import { ActiveEnvironmentStore } from './storage/activeEnvironmentStore';
import { ApiKeyStore } from './storage/apiKeyStore';
import { RecentsStore } from './storage/recentsStore';
import { PinnedUsersStore } from './storage/pinnedUsersStore';
import { ShellSettings } from './storage/shellSettings';
import { closeMissingKeyNotice } from './ui/missingKeyNotice';
import { LastResponseContextKey } from './views/shellContextKeys';
import { WalkthroughProgress } from './views/walkthroughProgress';
import { UsersTreeProvider } from './views/users/usersTreeProvider';
import { UsersView } from './views/users/usersView';
import { RequestsView } from './views/requests/requestsView';
import { SetUpAgentAccessCommand } from './commands/setUpAgentAccessCommand';
import { agentCatalogueLoader } from './lm/agentCatalogueBundle';
import { AgentLanguageModelTools } from './lm/languageModelTools';
import { registerMcpServerDefinitions } from './lm/mcpServerDefinitions';
import { AgentSettings } from './storage/agentSettings';
import { registerNotebooks } from './notebookEditor/registerNotebooks';
import { registerNotebookCommands } from './commands/notebooks/registerNotebookCommands';
import { ScrubService } from './connection/scrubService';
import { SandboxFixturesWatcher, ServedFixtures } from './connection/sandboxFixtures';
import { registerScrubCommands } from './commands/registerScrubCommands';
import { ScrubSecretStore } from './storage/scrubSecretStore';
import { ScrubSettings } from './storage/scrubSettings';

export interface Shell {
  api: HealthDataExtensionApi;
  /** The one connection: the status bar and the environment's context keys follow it from now on. */
  connection: ShellApiConnection;
}

/**
 * The shell (dist/shell.js): builds every service once and registers everything through
 * `registrations`, the bootstrap's stand-ins (src/extension.ts), which load it on first use.
 */
export function activateShell(context: vscode.ExtensionContext, registrations: ShellRegistrations): Shell {
  const log = vscode.window.createOutputChannel(OUTPUT_CHANNEL_NAME, { log: true });
  const settings = new ShellSettings();
  const servedFixtures = new ServedFixtures();
  const keys = new ApiKeyStore(context.secrets);
  const requestLog = new RequestLog(log);
  const requestRecorder = new RequestRecorder(context.workspaceState);
  const connection = new ShellApiConnection({
    settings,
    keys,
    activeEnvironment: new ActiveEnvironmentStore(context.globalState),
    requestLog,
    requestRecorder,
    log,
    startSandbox: () => startEmbeddedSandbox(context.extensionPath, settings.localSandboxShape(), servedFixtures.forStart()),
    loadApiClient: apiClientLoader(context.extensionPath),
  });
  const scrub = new ScrubService(new ScrubSettings(), new ScrubSecretStore(context.secrets));
  const jsonDocuments = new JsonDocumentProvider((environmentId) => scrub.applies(environmentId), (scheme, provider) => registrations.registerTextDocumentContentProvider(scheme, provider));
  const lastResponse = new LastResponse();
  const commands = new CommandManager((id, handler) => registrations.registerCommand(id, handler));
  const recents = new RecentsStore(context.workspaceState);
  const knownUsers = new KnownUsers();
  const usersTree = new UsersTreeProvider({ connection, settings, lastResponse, knownUsers, pinnedUsers: new PinnedUsersStore(context.workspaceState) });
  const usersView = new UsersView(usersTree, connection, registrations);
  const requestsView = new RequestsView(requestRecorder, registrations);
  const requests = new RequestInspector(connection, requestRecorder, jsonDocuments);
  const usersFilter = (): { prefix: string; users: readonly User[] } | undefined => {
    const filter = usersTree.summary().filter;
    return filter?.status === 'done' ? { prefix: filter.prefix, users: filter.matches } : undefined;
  };
  const services: ExtensionServices = {
    context,
    connection,
    jsonDocuments,
    log,
    commands,
    requests,
    scrub,
    recents,
    selectedUser: () => usersView.selectedUser(),
    usersFilter,
  };

  const lastResponseKey = new LastResponseContextKey(lastResponse);
  context.subscriptions.push(
    log,
    keys,
    connection,
    jsonDocuments,
    lastResponse,
    commands,
    usersTree,
    usersView,
    requestRecorder,
    requestsView,
    lastResponseKey,
    new WalkthroughProgress(),
    new SpecLinkProvider(context.extensionUri),
  );
  // Any change of environment or key makes a shown "No API key" notice stale.
  context.subscriptions.push(connection.onDidChange(() => closeMissingKeyNotice()));
  lastResponseKey.update();

  registerShellCommands({ services, connection, keys, settings, usersView, lastResponse });
  registerRequestCommands({ commands, connection, inspector: requests, view: requestsView, documents: jsonDocuments, scrub });
  const registeredPanels = registerPanels(services, registrations);
  registerPanelCommands(services, registeredPanels);
  const fixtures = new SandboxFixturesWatcher(servedFixtures, () => connection.reloadLocalSandbox());
  context.subscriptions.push(fixtures);
  registerScrubCommands({ commands, scrub, records: requestRecorder.records, documents: jsonDocuments, panels: registeredPanels.panels, reloadSandbox: () => fixtures.reloadIfStale() });
  registerLookupCommands({ commands, connection, usersView, ...registerLookup({ services, connection, usersView, knownUsers, recents, registrations }) });

  // Agents: the tool catalogue as language-model tools, and as an MCP server where VS Code offers that.
  const agentSettings = new AgentSettings();
  const loadCatalogue = agentCatalogueLoader(context.extensionPath);
  const agentTools = new AgentLanguageModelTools({ connection, settings: agentSettings, recorder: requestRecorder, requests, log, loadCatalogue, scrub, registrations });
  agentTools.register((context.extension.packageJSON as { contributes?: { languageModelTools?: { name: string }[] } }).contributes?.languageModelTools ?? []);
  const mcp = registerMcpServerDefinitions({ extensionPath: context.extensionPath, extensionVersion: String(context.extension.packageJSON.version), connection, keys, settings: agentSettings, scrub, registrations });
  context.subscriptions.push(agentTools, ...mcp.disposables);
  commands.register(new SetUpAgentAccessCommand(context.extensionPath, connection, agentSettings, jsonDocuments, loadCatalogue));

  // Notebooks: the serializer, the controller (one runner per run, recorded as the notebook's) and their commands.
  const notebooks = registerNotebooks(context, { connection, requests, scrub, registrations, documents: jsonDocuments });
  registerNotebookCommands({
    context,
    commands,
    connection,
    records: requestRecorder.records,
    requestsSelection: () => requestsView.treeView.selection,
    panels: registeredPanels.panels,
    scrub,
    requests,
    forgetRecording: (fixturesDir) => notebooks.recordings.forget(fixturesDir),
    runLive: (notebook, live) => notebooks.controller.runLive(notebook, live),
  });

  const api = createExtensionApi({ context, commands, connection, keys, usersView, jsonDocuments, requestLog, recents, requestRecorder, requestsView, mcpServerDefinitions: mcp.provider, agentTools, notebooks, panels: registeredPanels.panels });
  return { api, connection };
}
