// Every string the Health Data notebook's shell shows (outputs, status bar, pickers, messages).
import * as vscode from 'vscode';
import { formatCount as count } from './numbers';

export const notebookStrings = {
  controllerLabel: (): string => vscode.l10n.t('Health Data'),
  controllerDescription: (): string => vscode.l10n.t("Runs request cells against the notebook's environment"),
  milliseconds: (ms: number): string => vscode.l10n.t('{0} ms', count(Math.round(ms))),
  pages: (pages: number): string => (pages === 1 ? vscode.l10n.t('1 page') : vscode.l10n.t('{0} pages', count(pages))),
  deviations: (deviations: number): string =>
    deviations === 0
      ? vscode.l10n.t('no deviations from the spec')
      : deviations === 1
        ? vscode.l10n.t('differs from the spec in 1 place')
        : vscode.l10n.t('differs from the spec in {0} places', count(deviations)),
  cancelledLine: (request: string): string => vscode.l10n.t('{0}: cancelled', request),
  errorLine: (message: string): string => vscode.l10n.t('Error: {0}', message),
  unknownError: (): string => vscode.l10n.t('the cell did not run'),
  nextStep: (step: string): string => vscode.l10n.t('Next step: {0}', step),
  assertionTotals: (passed: number, failed: number): string => vscode.l10n.t('{0} passed, {1} failed', count(passed), count(failed)),

  cellName: (position: number): string => vscode.l10n.t('cell {0}', position),
  loadingPages: (pages: number): string => (pages === 1 ? vscode.l10n.t('Loading… 1 page so far') : vscode.l10n.t('Loading… {0} pages so far', count(pages))),

  // Why a cell did not run.
  untrusted: (): string =>
    vscode.l10n.t('Not run: this workspace is not trusted. Notebooks show their saved outputs here but send no request until you trust the workspace.'),
  manageTrust: (): string => vscode.l10n.t('Manage Workspace Trust'),
  runsOnceTrusted: (): string => vscode.l10n.t('Runs once the folder is trusted — click to trust it'),
  runsOnceTrustedTooltip: (): string =>
    vscode.l10n.t('This folder is open in Restricted Mode: request cells send nothing until you trust it. Click to open Manage Workspace Trust; the saved outputs stay as they are.'),
  noKey: (environment: string): string =>
    vscode.l10n.t('Not run: no API key for {0}. Set API Key… stores one (in secret storage, never in the notebook), then run again.', environment),
  setApiKey: (): string => vscode.l10n.t('Set API Key…'),
  misconfigured: (environment: string): string =>
    vscode.l10n.t('Not run: the base URL setting of {0} cannot be used. Fix healthData.baseUrl in your settings, then run again.', environment),
  openSettings: (): string => vscode.l10n.t('Open Settings'),
  connectionFailed: (environment: string, reason: string): string => vscode.l10n.t('Not run: could not connect to {0}: {1}', environment, reason),
  fixturesBesideUnsaved: (folder: string): string =>
    vscode.l10n.t('Not run: this notebook replays the recording in {0}, found beside the notebook\'s file, and this notebook has not been saved yet. Save it in the folder that holds {0}, then run again.', folder),
  saveAs: (): string => vscode.l10n.t('Save As…'),
  productionDeclined: (environment: string): string => vscode.l10n.t('Not run: you chose not to send requests to {0}.', environment),

  // Production asks once per run.
  confirmProduction: (environment: string): string =>
    vscode.l10n.t('This notebook runs in {0}, a production environment. Send its requests there?', environment),
  confirmProductionDetail: (): string =>
    vscode.l10n.t("These requests read real health data with your key. The notebook names the environment; your settings decide where it is."),
  runInProduction: (environment: string): string => vscode.l10n.t('Run in {0}', environment),

  // The environment: status bar, toolbar, picker.
  statusBarName: (): string => vscode.l10n.t('Health Data Notebook Environment'),
  statusBarText: (environment: string): string => vscode.l10n.t('Notebook: {0}', environment),
  statusBarFollowing: (environment: string): string => vscode.l10n.t('Notebook: {0} (active)', environment),
  statusBarTooltip: (environment: string): string =>
    vscode.l10n.t("This notebook's requests go to {0}. Click to choose the notebook's environment (saved in the file).", environment),
  statusBarTooltipFollowing: (environment: string): string =>
    vscode.l10n.t('This notebook names no environment: it runs in the active one, {0}. Click to name one (saved in the file).', environment),
  pickPlaceholder: (): string => vscode.l10n.t("The notebook's environment (saved in the file, never a URL or a key)"),
  pickFollowActive: (): string => vscode.l10n.t('The active environment'),
  pickFollowActiveDescription: (environment: string): string => vscode.l10n.t('Name none: run wherever the window is ({0} now)', environment),
  pickCurrent: (): string => vscode.l10n.t('current'),
  noNotebook: (): string => vscode.l10n.t('Open a Health Data notebook (*.hdnb.md) first.'),

  // Save as Notebook, Add to Notebook, New Notebook.
  savedTitle: (environment: string): string => vscode.l10n.t('Requests saved from {0}', environment),
  savedAsNotebook: (): string => vscode.l10n.t('Saved as a new notebook.'),
  savedIntro: (count: number, environment: string): string =>
    count === 1
      ? vscode.l10n.t('One request from the Requests view, as sent in {0}. Run it again with Run All.', environment)
      : vscode.l10n.t('{0} requests from the Requests view, in the order they were sent in {1}. Run them again with Run All.', count, environment),
  mixedEnvironments: (environments: string): string =>
    vscode.l10n.t('The rows were sent in several environments ({0}); the notebook names the first. Each cell notes where it was sent.', environments),
  sentIn: (environment: string, when: string): string => vscode.l10n.t('Sent in {0} at {1}.', environment, when),
  skippedRows: (skipped: number): string =>
    skipped === 1
      ? vscode.l10n.t('1 row was left out: it was recorded without its call (an older version, or not one of the five operations), so it cannot be made again.')
      : vscode.l10n.t('{0} rows were left out: they were recorded without their call (an older version, or not one of the five operations), so they cannot be made again.', skipped),
  noRowsToSave: (): string => vscode.l10n.t('Select one or more requests in the Requests view to save them as a notebook.'),
  nothingSaved: (): string => vscode.l10n.t('None of the selected rows can be saved: they were recorded without their call, so a notebook could not make them again.'),
  noPanelQuery: (): string => vscode.l10n.t('Open a Blood Pressure or Lab Test Markers panel with a query first: Add to Notebook adds its current query as a cell.'),
  addedToNotebook: (notebook: string): string => vscode.l10n.t('Added the query as a cell to {0}.', notebook),
  panelCellNote: (environment: string): string => vscode.l10n.t('Added from a panel (in {0}).', environment),
  /** Beside cells saved scrubbed: why their ids are variables and their dates are not the ones sent. */
  scrubbedCells: (): string =>
    vscode.l10n.t(
      'Scrubbed (healthData.scrub.when): the user ids in these cells are variables holding pseudonyms, and the dates are moved as the scrubber moves them. To run them against the real user, set the variables to the real ids (front matter, or --var NAME=VALUE) and the dates to the ones sent.',
    ),
  sampleUnreadable: (reason: string): string =>
    vscode.l10n.t('The sample notebook could not be read ({0}). Reinstall the extension, or open any *.hdnb.md file.', reason),
};
