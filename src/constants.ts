// Every identifier the manifest and the code share lives here, once.

export const EXTENSION_ID = 'health-data-tools.health-data-explorer';

export const VIEW_CONTAINER_ID = 'healthData';
export const USERS_VIEW_ID = 'healthData.users';
export const REQUESTS_VIEW_ID = 'healthData.requests';

export const OUTPUT_CHANNEL_NAME = 'Health Data';
export const JSON_DOCUMENT_SCHEME = 'health-data-json';

export const CONFIG_SECTION = 'healthData';

/** Shell commands (the panels register their own ids). Each one is declared in package.json. */
export const SHELL_COMMANDS = {
  selectEnvironment: 'healthData.selectEnvironment',
  useLocalSandbox: 'healthData.useLocalSandbox',
  setApiKey: 'healthData.setApiKey',
  clearApiKey: 'healthData.clearApiKey',
  refreshUsers: 'healthData.refreshUsers',
  loadMoreUsers: 'healthData.loadMoreUsers',
  filterUsers: 'healthData.filterUsers',
  clearUsersFilter: 'healthData.clearUsersFilter',
  resolveUser: 'healthData.resolveUser',
  copyUserId: 'healthData.copyUserId',
  copyClientUserId: 'healthData.copyClientUserId',
  copyDetailValue: 'healthData.copyDetailValue',
  openUserAsJson: 'healthData.openUserAsJson',
  copyUserAsCurl: 'healthData.copyUserAsCurl',
  openLastResponse: 'healthData.openLastResponse',
  showRequestLog: 'healthData.showRequestLog',
  openWalkthrough: 'healthData.openWalkthrough',
} as const;

/** Tree item contextValues: package.json menus match them with `viewItem == …`. */
export const TREE_ITEM_CONTEXT = {
  user: 'user',
  sourcesGroup: 'sourcesGroup',
  source: 'source',
  detailsGroup: 'detailsGroup',
  detail: 'detail',
  detailEmpty: 'detailEmpty',
  loadMore: 'loadMore',
  usersRange: 'usersRange',
  message: 'message',
} as const;

/** Context keys the shell sets for `when` and `enablement` clauses. */
export const CONTEXT_KEYS = {
  environment: 'healthData.environment',
  isLocalSandbox: 'healthData.isLocalSandbox',
  hasApiKey: 'healthData.hasApiKey',
  needsApiKey: 'healthData.needsApiKey',
  usersFilterActive: 'healthData.usersFilterActive',
  hasLastResponse: 'healthData.hasLastResponse',
  requestsErrorsOnly: 'healthData.requests.errorsOnly',
  requestsDeviationsOnly: 'healthData.requests.deviationsOnly',
  requestsFiltered: 'healthData.requests.filtered',
  /** Walkthrough steps that complete on something other than a command (package.json `onContext:`). */
  walkthroughBloodPressureOpened: 'healthData.walkthrough.bloodPressureOpened',
  walkthroughLabMarkersOpened: 'healthData.walkthrough.labMarkersOpened',
  walkthroughCurlCopied: 'healthData.walkthrough.curlCopied',
  walkthroughUsersViewOpened: 'healthData.walkthrough.usersViewOpened',
  walkthroughRequestsRead: 'healthData.walkthrough.requestsRead',
} as const;

/** The walkthrough's id as the Welcome page knows it (publisher.name#id). */
export const WALKTHROUGH_ID = 'health-data-tools.health-data-explorer#gettingStarted';

/** Settings below CONFIG_SECTION. */
export const SETTINGS = {
  usersPageSize: 'usersPageSize',
  baseUrlPrefix: 'baseUrl.',
  apiKeyHeader: 'apiKeyHeader',
  lookUpHover: 'lookUp.hover',
  lookUpDebugVariables: 'lookUp.debugVariables',
  scanConcurrency: 'scan.concurrency',
  localSandboxShape: 'localSandbox.shape',
  contractLensEnabled: 'contractLens.enabled',
  agentsProduction: 'agents.production',
  agentsSurface: 'agents.surface',
} as const;

/** Agent access (src/lm): the command, the MCP definition provider's id and the tools' `when` key. */
export const AGENT_COMMANDS = {
  setUpAgentAccess: 'healthData.setUpAgentAccess',
} as const;
export const MCP_SERVER_DEFINITION_PROVIDER_ID = 'healthData.mcpServer';
/** True while the MCP server is offered to VS Code instead of the language-model tools (package.json `when`). */
export const MCP_SERVER_OFFERED_CONTEXT_KEY = 'healthData.agents.mcpServerOffered';

/** globalState key of the active environment (a choice of this machine, not a setting to share). */
export const ACTIVE_ENVIRONMENT_STATE_KEY = 'healthData.activeEnvironment';

/** workspaceState key prefix of the recent users and lab tests, one entry per environment. */
export const RECENTS_STATE_KEY_PREFIX = 'healthData.recents.';

/** Look up in Health Data, links and the key-header setting (src/lookup). Each declared in package.json. */
export const LOOKUP_COMMANDS = {
  lookUp: 'healthData.lookUp',
  copyLink: 'healthData.copyLink',
  openLink: 'healthData.openLink',
} as const;
/** globalState key of the lab-test names seen, per environment (ids and names only). */
export const LAB_TEST_NAMES_STATE_KEY = 'healthData.labTestNames';
/** workspaceState key of the users pinned by Resolve User, per environment (client_user_ids only). */
export const PINNED_USERS_STATE_KEY = 'healthData.pinnedUsers';

/** Commands of the webview panels (registered in src/panels/registerPanels.ts), declared in package.json. */
export const PANEL_COMMANDS = {
  showBloodPressure: 'healthData.showBloodPressure',
  showLabTestMarkers: 'healthData.showLabTestMarkers',
  showOrderSetMarkers: 'healthData.showOrderSetMarkers',
  describePanels: 'healthData.describePanels',
  restorePanel: 'healthData.restorePanel',
  diagnoseData: 'healthData.diagnoseData',
  scanDataCoverage: 'healthData.scanDataCoverage',
  exportCoverageScanCsv: 'healthData.exportCoverageScanCsv',
  exportActivePanel: 'healthData.exportActivePanel',
  runActivePanelAction: 'healthData.runActivePanelAction',
} as const;

/** Webview panel view types; package.json has an `onWebviewPanel:` activation event for each. */
export const PANEL_VIEW_TYPES = {
  bloodPressure: 'healthData.bloodPressure',
  labMarkers: 'healthData.labMarkers',
  diagnosis: 'healthData.diagnosis',
  coverageScan: 'healthData.coverageScan',
} as const;

/** The Requests view's commands (src/commands/requests). Each declared in package.json. */
export const REQUEST_COMMANDS = {
  open: 'healthData.requests.open',
  replay: 'healthData.requests.replay',
  compareWith: 'healthData.requests.compareWith',
  copyAsCurl: 'healthData.requests.copyAsCurl',
  copyRequestId: 'healthData.requests.copyRequestId',
  showErrorsOnly: 'healthData.requests.showErrorsOnly',
  showAll: 'healthData.requests.showAll',
  showDeviationsOnly: 'healthData.requests.showDeviationsOnly',
  showAllDeviations: 'healthData.requests.showAllDeviations',
  filterEnvironment: 'healthData.requests.filterEnvironment',
  clearFilter: 'healthData.requests.clearFilter',
  clear: 'healthData.requests.clear',
} as const;

/** Requests view contextValues (`viewItem == …` in package.json). */
export const REQUEST_ITEM_CONTEXT = {
  request: 'request',
  requestWithId: 'request.withId',
  load: 'requestLoad',
  message: 'requestMessage',
} as const;

/** Health Data notebooks (src/notebookEditor, src/commands/notebooks). Each declared in package.json. */
export const NOTEBOOK_COMMANDS = {
  newNotebook: 'healthData.newNotebook',
  selectNotebookEnvironment: 'healthData.selectNotebookEnvironment',
  saveRequestsAsNotebook: 'healthData.requests.saveAsNotebook',
  addToNotebook: 'healthData.addToNotebook',
  updateDeviationBaseline: 'healthData.updateDeviationBaseline',
  saveInvestigation: 'healthData.saveInvestigation',
  runInvestigationLive: 'healthData.runInvestigationLive',
} as const;
/** The notebook controller's id (one kernel runs every Health Data notebook). */
export const NOTEBOOK_CONTROLLER_ID = 'healthData.notebookController';
/** The sample notebook New Notebook opens, below the extension's folder. */
export const SAMPLE_NOTEBOOK_PATH = 'media/notebook/sample.hdnb.md';
/** Walkthrough step "Keep an investigation as a notebook": raised when a notebook cell ran. */
export const NOTEBOOK_WALKTHROUGH_CONTEXT_KEY = 'healthData.walkthrough.notebookRan';
/** The scrubber on every way out (src/connection/scrubService.ts): its setting, secret and commands. */
export const SCRUB_WHEN_SETTING = 'scrub.when';
/** SecretStorage key prefix of the per-workspace scrub secret (one per workspace, created on first use). */
export const SCRUB_SECRET_KEY_PREFIX = 'healthData.scrubSecret.';
export const SCRUB_COMMANDS = {
  saveResponseAs: 'healthData.saveResponseAs',
  saveRequestAsFixture: 'healthData.requests.saveAsFixture',
  savePanelAsFixture: 'healthData.savePanelAsFixture',
} as const;
/** Where "Save as Sandbox Fixture" writes, below the first workspace folder; the local sandbox serves it. */
export const FIXTURES_FOLDER = ['.health-data', 'fixtures'] as const;
