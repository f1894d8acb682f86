// Save Investigation's words: the saved notebook's heading and summary, the progress and the
// messages. The summary names no one and no day: the copy replaces identifiers, but dates in
// Markdown are not moved, so none is written there.
import * as vscode from 'vscode';

export const investigationStrings = {
  bloodPressureTitle: (): string => vscode.l10n.t('Investigation: blood pressure over a window'),
  diagnosisTitle: (): string => vscode.l10n.t('Investigation: why blood pressure is missing'),
  labMarkersTitle: (): string => vscode.l10n.t('Investigation: a page of lab markers'),
  markersOnPage: (count: number): string => vscode.l10n.t('The page held {0} markers: `expect count markers == {0}` fails when the service answers otherwise.', count),
  requestsTitle: (count: number): string => vscode.l10n.t('Investigation: {0} saved requests', count),
  missingDays: (missing: number, days: number): string =>
    vscode.l10n.t('No reading on {0} of the {1} days asked for: `expect readings every day` fails until the data comes back.', missing, days),
  everyDay: (days: number): string => vscode.l10n.t('Readings on every one of the {0} days asked for.', days),
  replayNote: (folder: string): string =>
    vscode.l10n.t('Scrubbed, whatever healthData.scrub.when says: identifiers are variables holding pseudonyms and the days asked for moved. It runs against the recording in `{0}` beside it; anyone with the real values runs it against the service with `--var NAME=VALUE` and `--environment`.', folder),
  nothingToSave: (): string =>
    vscode.l10n.t('Open a Blood Pressure panel, a diagnosis or a Lab Markers panel with its data loaded, or select rows in the Requests view: Save Investigation saves what they show as a notebook with its fixtures.'),
  mixedEnvironments: (environment: string): string => vscode.l10n.t('Only the rows sent in {0} are saved: an investigation replays one environment.', environment),
  saveLabel: (): string => vscode.l10n.t('Save Investigation'),
  running: (environment: string): string => vscode.l10n.t('Saving the investigation: asking {0} again for every page…', environment),
  cancelled: (): string => vscode.l10n.t('Save Investigation was cancelled: nothing was written.'),
  couldNotRun: (environment: string, why: string): string => vscode.l10n.t('Save Investigation could not ask {0} again: {1}. Nothing was written.', environment, why),
  saved: (file: string, fixtures: number, folder: string, scrubbed: string): string =>
    vscode.l10n.t('Saved the investigation {0}: {1} fixtures in {2} beside it ({3}). It runs against them; the real ids stay in this VS Code.', file, fixtures, folder, scrubbed),
  notSavedHere: (): string =>
    vscode.l10n.t('This notebook was not saved as an investigation in this VS Code, so its real values are not here: it runs against its fixtures; with the real values, run it from a terminal with --var NAME=VALUE and --environment.'),
  recordingLabel: (folder: string): string => vscode.l10n.t('the recording in {0}', folder),
};
