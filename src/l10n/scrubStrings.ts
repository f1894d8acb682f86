// Every string of the scrubber's doors and of "Save as Sandbox Fixture", through vscode.l10n.t.
import * as vscode from 'vscode';
import type { ScrubReport } from '../scrub/scrubTypes';
import { formatCount } from './numbers';

export const scrubStrings = {
  /** The one line said where a scrub happens: "Scrubbed: 3 identifiers pseudonymised, dates shifted." */
  note: (report: ScrubReport): string => {
    const parts: string[] = [];
    if (report.pseudonymised === 1) parts.push(vscode.l10n.t('1 identifier pseudonymised'));
    else if (report.pseudonymised > 1) parts.push(vscode.l10n.t('{0} identifiers pseudonymised', formatCount(report.pseudonymised)));
    if (report.datesShifted > 0) parts.push(vscode.l10n.t('dates shifted'));
    if (report.textRemoved === 1) parts.push(vscode.l10n.t('1 free-text value removed'));
    else if (report.textRemoved > 1) parts.push(vscode.l10n.t('{0} free-text values removed', formatCount(report.textRemoved)));
    return parts.length > 0 ? vscode.l10n.t('Scrubbed: {0}.', parts.join(', ')) : vscode.l10n.t('Scrubbed: nothing identifying was found.');
  },
  /** Said when a notebook is saved with outputs scrubbed: "Notebook outputs saved scrubbed. Scrubbed: …". */
  notebookOutputSaved: (note: string): string => vscode.l10n.t('Notebook outputs saved scrubbed (healthData.scrub.when). {0}', note),
  /** Appended to a confirmation: "Exported 12 rows to … Scrubbed: …". */
  withNote: (message: string, note: string | undefined): string => (note ? `${message} ${note}` : message),
  /** First line of a raw-response document whose saved copy will be scrubbed. */
  savingScrubsHeader: (): string =>
    vscode.l10n.t('// Shown as received. "Save Response As…" writes a scrubbed copy (healthData.scrub.when): no user ids, names or real dates leave.'),
  saveResponseLabel: (): string => vscode.l10n.t('Save Scrubbed'),
  saveResponseRawLabel: (): string => vscode.l10n.t('Save'),
  responseSaved: (path: string): string => vscode.l10n.t('Saved the response to {0}.', path),
  noResponseDocument: (): string => vscode.l10n.t('Open a Health Data response first (a Requests row, "Open Raw JSON" in a panel, or "Open Last Response as JSON"), then save it.'),
  responseGone: (): string => vscode.l10n.t('This response is no longer kept (only the 50 most recent are). Open it again, then save it.'),
  curlNoOperation: (): string =>
    vscode.l10n.t('This request was recorded by an older version and cannot be scrubbed (healthData.scrub.when). Send it again, then copy the new row.'),
  openFile: (): string => vscode.l10n.t('Open'),
  // Save as Sandbox Fixture
  fixtureSaved: (path: string, sandboxPath: string): string =>
    vscode.l10n.t('Saved a scrubbed sandbox fixture to {0}. The local sandbox answers it at {1}.', path, sandboxPath),
  useInLocalSandbox: (): string => vscode.l10n.t('Use in Local Sandbox'),
  fixtureNeedsFolder: (): string => vscode.l10n.t('Fixtures are saved under a workspace folder (.health-data/fixtures). Choose a folder to keep them in.'),
  chooseFolder: (): string => vscode.l10n.t('Choose Folder…'),
  chooseFolderLabel: (): string => vscode.l10n.t('Keep Fixtures Here'),
  fixtureNoRequest: (): string => vscode.l10n.t('Choose a request in the Requests view to save as a sandbox fixture.'),
  fixtureNoOperation: (): string =>
    vscode.l10n.t('This request was recorded by an older version and does not say which operation it was. Send it again, then save the new row as a fixture.'),
  fixtureNoBody: (): string =>
    vscode.l10n.t('This request\'s response body is no longer kept (bodies are dropped past 50 MB or 500 requests, and on reload). Send it again, then save the new row.'),
  fixtureNotJson: (): string => vscode.l10n.t('This response is not JSON, so the sandbox cannot replay it.'),
  fixtureNoPanel: (): string => vscode.l10n.t('Open a blood-pressure or lab-markers panel with data first, then save it as a sandbox fixture.'),
};
