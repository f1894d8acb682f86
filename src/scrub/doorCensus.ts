// The census of every way data leaves (issue 33): each door that writes to the clipboard, a file, a
// notebook, a terminal, an agent or a command line's output, with its scrub rule, and every
// contributed command that is not a door, with why. test/unit/doorCensus.test.ts holds it to the
// code: every command in package.json is classified, every write call in src/ is inside a listed
// door (by file and count), and every door scrubbed by the setting is tried in the real host.
// Pure data: the scrub service (src/connection/scrubService.ts) is what the doors ask.

export type Destination = 'clipboard' | 'file' | 'notebook' | 'terminal' | 'agent' | 'stdout' | 'stderr';

/** How a door decides what may leave. */
export type ScrubRule =
  /** healthData.scrub.when (default productionOnly), asked of the one scrub service (begin, forLeaving). */
  | 'setting'
  /** Scrubbed whatever the setting: made to be shared (sandbox fixtures, `cli.js scrub`, `cli.js capture`). */
  | 'always'
  /** `cli.js run`: --scrub always|productionOnly|never or HEALTH_DATA_SCRUB, default productionOnly. */
  | 'runFlag'
  /** dist/mcp.js: HEALTH_DATA_SCRUB, default scrubbed in production (src/mcp/mcpScrub.ts). */
  | 'mcpEnvironment'
  /** The one value the person asked for by the command's name (Copy User ID): copied as it is. */
  | 'askedFor'
  /** Carries nothing of a person (a request id, a sample notebook, a startup message). */
  | 'noPersonalData';

export const SCRUB_RULES: Readonly<Record<ScrubRule, string>> = {
  setting: 'healthData.scrub.when (default productionOnly), through the one scrub service',
  always: 'always scrubbed, whatever the setting',
  runFlag: '--scrub / HEALTH_DATA_SCRUB, default productionOnly',
  mcpEnvironment: 'HEALTH_DATA_SCRUB, default: production scrubbed',
  askedFor: 'the one value the person asked for by name, as it is',
  noPersonalData: 'carries no data of a person',
};

export interface Door {
  /** The contributed command's id, or `surface:name` for a door with no command of its own. */
  id: string;
  writesTo: readonly Destination[];
  rule: ScrubRule;
  /** The integration test that tries it in the real host with planted identifiers (VS Code doors scrubbed by the setting or always). */
  triedIn?: string;
}

const HOST_TEST = 'test/integration/scrubDoors.test.ts';
/** The doors issue 33 found open, with planted e-mail, phone, name and record number. */
const PLANTED_TEST = 'test/integration/scrubDoorsPlanted.test.ts';

export const DOORS: readonly Door[] = [
  // The clipboard.
  { id: 'healthData.copyUserAsCurl', writesTo: ['clipboard'], rule: 'setting', triedIn: HOST_TEST },
  { id: 'healthData.requests.copyAsCurl', writesTo: ['clipboard'], rule: 'setting', triedIn: HOST_TEST },
  { id: 'panel:copyCurl', writesTo: ['clipboard'], rule: 'setting', triedIn: PLANTED_TEST },
  { id: 'healthData.copyUserId', writesTo: ['clipboard'], rule: 'askedFor' },
  { id: 'healthData.copyClientUserId', writesTo: ['clipboard'], rule: 'askedFor' },
  { id: 'healthData.copyDetailValue', writesTo: ['clipboard'], rule: 'askedFor' },
  // A link opens the same user or view for a teammate: it names the user as the API does.
  { id: 'healthData.copyLink', writesTo: ['clipboard'], rule: 'askedFor' },
  { id: 'healthData.requests.copyRequestId', writesTo: ['clipboard'], rule: 'noPersonalData' },
  // Files.
  { id: 'healthData.saveResponseAs', writesTo: ['file'], rule: 'setting', triedIn: HOST_TEST },
  { id: 'healthData.exportActivePanel', writesTo: ['file'], rule: 'setting', triedIn: HOST_TEST },
  { id: 'panel:exportCsv', writesTo: ['file'], rule: 'setting', triedIn: HOST_TEST },
  { id: 'panel:exportJson', writesTo: ['file'], rule: 'setting', triedIn: HOST_TEST },
  { id: 'healthData.exportCoverageScanCsv', writesTo: ['file'], rule: 'setting', triedIn: HOST_TEST },
  { id: 'healthData.requests.saveAsFixture', writesTo: ['file'], rule: 'always', triedIn: HOST_TEST },
  { id: 'healthData.savePanelAsFixture', writesTo: ['file'], rule: 'always', triedIn: HOST_TEST },
  // Notebooks.
  { id: 'healthData.requests.saveAsNotebook', writesTo: ['notebook'], rule: 'setting', triedIn: PLANTED_TEST },
  { id: 'healthData.addToNotebook', writesTo: ['notebook'], rule: 'setting', triedIn: PLANTED_TEST },
  { id: 'notebook:saveOutputs', writesTo: ['notebook', 'file'], rule: 'setting', triedIn: HOST_TEST },
  { id: 'healthData.newNotebook', writesTo: ['notebook'], rule: 'noPersonalData' },
  // A notebook and its fixtures, made to be committed; the real ids go to secret storage, never a file.
  { id: 'healthData.saveInvestigation', writesTo: ['notebook', 'file'], rule: 'always', triedIn: PLANTED_TEST },
  { id: 'healthData.selectNotebookEnvironment', writesTo: ['notebook'], rule: 'noPersonalData' },
  // Agents.
  { id: 'agent:languageModelTools', writesTo: ['agent'], rule: 'setting', triedIn: HOST_TEST },
  { id: 'mcp:tools', writesTo: ['agent'], rule: 'mcpEnvironment' },
  { id: 'mcp:stderr', writesTo: ['stderr'], rule: 'noPersonalData' },
  // The command line.
  { id: 'run:stdout', writesTo: ['stdout'], rule: 'runFlag' },
  { id: 'run:stderr', writesTo: ['stderr'], rule: 'runFlag' },
  { id: 'run:junit', writesTo: ['file'], rule: 'runFlag' },
  { id: 'run:record', writesTo: ['file'], rule: 'always' },
  { id: 'run:baseline', writesTo: ['file'], rule: 'noPersonalData' },
  { id: 'healthData.updateDeviationBaseline', writesTo: ['file'], rule: 'noPersonalData' },
  { id: 'capture:fixture', writesTo: ['file', 'stdout'], rule: 'always' },
  { id: 'scrub:stdout', writesTo: ['stdout'], rule: 'always' },
];

/** Contributed commands that write nowhere outside VS Code, and why. */
export const NOT_DOORS: Readonly<Record<string, string>> = {
  'healthData.runActivePanelAction': 'a hidden command that presses a toolbar button of the panel in front: the doors it reaches are the panel:* ones',
  'healthData.selectEnvironment': 'switches the environment',
  'healthData.useLocalSandbox': 'switches the environment',
  'healthData.setApiKey': 'stores the key in SecretStorage',
  'healthData.clearApiKey': 'removes the key',
  'healthData.refreshUsers': 'reloads the Users view',
  'healthData.loadMoreUsers': 'pages the Users view',
  'healthData.filterUsers': 'filters the Users view',
  'healthData.clearUsersFilter': 'filters the Users view',
  'healthData.resolveUser': 'shows a user in the Users view',
  'healthData.openUserAsJson': 'shows a response in a read-only editor; saving it is Save Response As',
  'healthData.openLastResponse': 'shows a response in a read-only editor; saving it is Save Response As',
  'healthData.showRequestLog': 'shows the key-free request log',
  'healthData.showBloodPressure': 'opens a panel (its buttons are the panel: doors)',
  'healthData.showLabTestMarkers': 'opens a panel (its buttons are the panel: doors)',
  'healthData.showOrderSetMarkers': 'opens a panel (its buttons are the panel: doors)',
  'healthData.describePanels': 'reports ids and counts of open panels, never data',
  'healthData.restorePanel': 'reopens a panel',
  'healthData.lookUp': 'reads the selection (through the clipboard, put back as it was)',
  'healthData.openLink': 'opens a link it is given',
  'healthData.openWalkthrough': 'opens the walkthrough',
  'healthData.requests.open': 'shows a recorded exchange in a read-only editor',
  'healthData.requests.replay': 'sends a request again',
  'healthData.requests.compareWith': 'shows a diff in VS Code',
  'healthData.requests.showErrorsOnly': 'filters the Requests view',
  'healthData.requests.showAll': 'filters the Requests view',
  'healthData.requests.showDeviationsOnly': 'filters the Requests view',
  'healthData.requests.showAllDeviations': 'filters the Requests view',
  'healthData.requests.filterEnvironment': 'filters the Requests view',
  'healthData.requests.clearFilter': 'filters the Requests view',
  'healthData.requests.clear': 'empties the Requests view',
  'healthData.diagnoseData': 'opens a panel',
  'healthData.scanDataCoverage': 'opens a panel (its export is healthData.exportCoverageScanCsv)',
  'healthData.runInvestigationLive': "runs a saved investigation's cells against the environment it came from; their outputs are never written to its file (the serializer keeps only a replay's)",
  'healthData.setUpAgentAccess': 'shows the configuration to paste: no data of a person, never the key',
};

/**
 * Every file of src/ that calls a write primitive (clipboard, file, notebook edit, terminal, process
 * output, agent tool registration), how many calls, and the doors they serve; `notADoor` says why
 * a file's writes carry nothing out.
 */
export const WRITE_SITES: Readonly<Record<string, { calls: number; doors: readonly string[] } | { calls: number; notADoor: string }>> = {
  'commands/copyUserAsCurlCommand.ts': { calls: 1, doors: ['healthData.copyUserAsCurl'] },
  'commands/requests/copyRequestAsCurlCommand.ts': { calls: 1, doors: ['healthData.requests.copyAsCurl'] },
  'panels/panelToolbarActions.ts': { calls: 1, doors: ['panel:copyCurl'] },
  'commands/copyUserIdCommand.ts': { calls: 1, doors: ['healthData.copyUserId'] },
  'commands/copyClientUserIdCommand.ts': { calls: 1, doors: ['healthData.copyClientUserId'] },
  'commands/copyDetailValueCommand.ts': { calls: 1, doors: ['healthData.copyDetailValue'] },
  'commands/copyLinkCommand.ts': { calls: 1, doors: ['healthData.copyLink'] },
  'commands/requests/copyRequestIdCommand.ts': { calls: 1, doors: ['healthData.requests.copyRequestId'] },
  'commands/saveResponseAsCommand.ts': { calls: 1, doors: ['healthData.saveResponseAs'] },
  'panels/saveExport.ts': { calls: 1, doors: ['healthData.exportActivePanel', 'panel:exportCsv', 'panel:exportJson', 'healthData.exportCoverageScanCsv'] },
  'commands/fixtureFile.ts': { calls: 1, doors: ['healthData.requests.saveAsFixture', 'healthData.savePanelAsFixture'] },
  'notebookEditor/notebookDocuments.ts': {
    calls: 3,
    doors: ['healthData.requests.saveAsNotebook', 'healthData.addToNotebook', 'healthData.newNotebook', 'healthData.selectNotebookEnvironment'],
  },
  'notebookEditor/notebookSerializer.ts': { calls: 1, doors: ['notebook:saveOutputs'] },
  'commands/notebooks/investigationFiles.ts': { calls: 1, doors: ['healthData.saveInvestigation'] },
  // The language-model tools, and the notebook serializer the stand-in hands its calls to.
  'bootstrap/standIns.ts': { calls: 3, doors: ['agent:languageModelTools', 'notebook:saveOutputs'] },
  'mcp/server.ts': { calls: 6, doors: ['mcp:tools', 'mcp:stderr'] },
  'cli/main.ts': { calls: 2, doors: ['run:stdout', 'run:stderr', 'capture:fixture', 'scrub:stdout'] },
  'cli/runCommand.ts': { calls: 2, doors: ['run:junit', 'run:baseline'] },
  // The default writeFile that run's JUnit report, baselines and recordings go through.
  'cli/runTargets.ts': { calls: 2, doors: ['run:junit', 'run:baseline', 'run:record'] },
  'cli/captureCommand.ts': { calls: 1, doors: ['capture:fixture'] },
  'cli/runRecording.ts': { calls: 2, doors: ['run:record'] },
  'notebookEditor/deviationBaselineFile.ts': { calls: 1, doors: ['healthData.updateDeviationBaseline'] },
  'lookup/lookupTextSources.ts': { calls: 2, notADoor: 'puts a marker on the clipboard to read the selection, then puts back what was there' },
  'sandbox/cli.ts': { calls: 7, notADoor: 'the sandbox prints its address and usage: sample data only' },
  'sandbox/sandboxWorker.ts': { calls: 2, notADoor: 'a bug of the sandbox serving from a worker thread is printed: it serves sample data or scrubbed fixtures only' },
};

/**
 * Functions that write on their callers' behalf, and the files allowed to call them: a new caller
 * is a new door, to be listed first.
 */
export const WRITE_HELPERS: Readonly<Record<string, readonly string[]>> = {
  saveExport: ['panels/bloodPressureExports.ts', 'panels/coverageScanPanel.ts', 'panels/labMarkersPanel.ts'],
  saveFixtureFile: ['commands/requests/saveRequestAsFixtureCommand.ts'],
  saveFixtureFiles: ['commands/savePanelAsFixtureCommand.ts'],
  writeInvestigation: ['commands/notebooks/saveInvestigationCommand.ts'],
  openUntitledNotebook: ['commands/notebooks/addToNotebookCommand.ts', 'commands/notebooks/newNotebookCommand.ts', 'commands/notebooks/saveRequestsAsNotebookCommand.ts'],
  appendCells: ['commands/notebooks/addToNotebookCommand.ts'],
  setNotebookEnvironment: ['commands/notebooks/selectNotebookEnvironmentCommand.ts'],
  'registrations.registerTool': ['lm/languageModelTools.ts'],
  'io.stdout': ['cli/captureCommand.ts', 'cli/main.ts', 'cli/runCommand.ts', 'cli/scrubCommand.ts'],
  'io.stderr': ['cli/captureCommand.ts', 'cli/main.ts', 'cli/runCommand.ts', 'cli/scrubCommand.ts'],
};
