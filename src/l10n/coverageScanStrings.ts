// Every string of Scan Data Coverage: its quick picks, its panel and the short names of findings.
import * as vscode from 'vscode';
import type { CoverageScanStrings } from '../shared/coverageScanProtocol';
import { findingWords } from './findingWords';

export function coverageScanStrings(): CoverageScanStrings {
  return {
    heading: vscode.l10n.t('Data coverage: last {0} days, {1}, {2}'),
    environment: vscode.l10n.t('Environment: {0}'),
    scopeAll: vscode.l10n.t('all users'),
    scopeFiltered: vscode.l10n.t('users matching "{0}"'),
    scopeFirst: vscode.l10n.t('the first {0} users'),
    anyProvider: vscode.l10n.t('any provider'),
    cancel: vscode.l10n.t('Cancel'),
    listingUsers: vscode.l10n.t('Listing users… {0} so far'),
    progress: vscode.l10n.t('Scanning: {0} of {1} users done, {2} requests, {3} errors'),
    summary: vscode.l10n.t('{0} users: {1} scanned, {2} failed ({3} requests).'),
    cancelledSummary: vscode.l10n.t('Cancelled: {1} of {0} users scanned, {2} failed, {4} not scanned ({3} requests). The rows below are kept.'),
    notRun: vscode.l10n.t('The results of this scan were not kept when the window reloaded.'),
    clearedBySettings: vscode.l10n.t('The results of this scan were cleared: a connection setting of its environment changed (its address, key, key header or the contract lens). Scan Again reads them anew.'),
    scanAgain: vscode.l10n.t('Scan Again'),
    exportCsv: vscode.l10n.t('Export CSV…'),
    filterLabel: vscode.l10n.t('Show'),
    filterAll: vscode.l10n.t('All users'),
    filterConnectedButSilent: vscode.l10n.t('Connected but silent'),
    filterStoppedSyncing: vscode.l10n.t('Stopped syncing'),
    filterNeverDelivered: vscode.l10n.t('Never delivered'),
    stoppedDays: vscode.l10n.t('for at least (days)'),
    sortLabel: vscode.l10n.t('Sort by'),
    sortDaysWithoutData: vscode.l10n.t('Days without data'),
    sortLastReading: vscode.l10n.t('Last reading'),
    sortReadings: vscode.l10n.t('Readings'),
    sortSilentSources: vscode.l10n.t('Silent connected sources'),
    reverse: vscode.l10n.t('Reverse order'),
    shownRows: vscode.l10n.t('{0} of {1} scanned users shown'),
    tableLabel: vscode.l10n.t('Users by coverage. Enter opens the user\'s diagnosis.'),
    columnUser: vscode.l10n.t('client_user_id'),
    columnLastReading: vscode.l10n.t('Last reading'),
    columnDaysWithoutData: vscode.l10n.t('Days without data'),
    columnReadings: vscode.l10n.t('Readings'),
    columnSilentSources: vscode.l10n.t('Silent sources'),
    columnFindings: vscode.l10n.t('Findings'),
    noReading: vscode.l10n.t('none in the window'),
    openHint: vscode.l10n.t('Click a row, or press Enter on it, to diagnose that user.'),
    emptyFilter: vscode.l10n.t('No scanned user matches this filter.'),
    emptyScan: vscode.l10n.t('No user to scan.'),
    failedHeading: vscode.l10n.t('Failed users ({0})'),
    failedRow: vscode.l10n.t('{0}: {1} — {2}'),
    notScannedHeading: vscode.l10n.t('Not scanned ({0})'),
    notScannedNote: vscode.l10n.t('The scan was cancelled before these users; Scan Again to include them.'),
    heatMapHeading: vscode.l10n.t('Readings per day'),
    heatMapAxisZones: vscode.l10n.t('{0} → {1}: each user\'s last {2} days in their own time zone, as their diagnosis counts them'),
    heatMapLabel: vscode.l10n.t('Heat map of readings per day, one row per user in the order of the table; the table above is its text alternative.'),
    legendNone: vscode.l10n.t('no reading'),
    legendOne: vscode.l10n.t('1 reading'),
    legendSome: vscode.l10n.t('2–3 readings'),
    legendMany: vscode.l10n.t('4 or more'),
    heatMapTextAlternative: vscode.l10n.t('The table lists the same users with their readings and last reading.'),
    finding: findingWords(),
  };
}

/** Export CSV while the table's filter shows fewer rows than the scan holds. */
export const scanExportStrings = {
  title: (shown: number, all: number): string => vscode.l10n.t('The table shows {0} of the {1} rows this scan holds. Export which?', shown, all),
  shown: (count: number): string => vscode.l10n.t('Export the {0} shown', count),
  shownDetail: (): string => vscode.l10n.t('The rows the filter shows, in the table\'s order.'),
  all: (count: number): string => vscode.l10n.t('Export all {0}', count),
  allDetail: (): string => vscode.l10n.t('Every user the scan holds, failed and not scanned ones included.'),
};

export const scanPickStrings = {
  windowTitle: (): string => vscode.l10n.t('Scan Data Coverage (1/3): window'),
  windowItem: (days: number): string => vscode.l10n.t('Last {0} days', days),
  scopeTitle: (): string => vscode.l10n.t('Scan Data Coverage (2/3): which users'),
  scopeAll: (): string => vscode.l10n.t('All users'),
  scopeAllDetail: (): string => vscode.l10n.t('Lists every user of the team first'),
  scopeFiltered: (prefix: string, count: number): string => vscode.l10n.t('The {0} users matching the filter "{1}"', count, prefix),
  scopeFirst: (): string => vscode.l10n.t('The first N users…'),
  firstCountPrompt: (): string => vscode.l10n.t('How many users, from the start of the list?'),
  firstCountInvalid: (): string => vscode.l10n.t('Enter a whole number of at least 1.'),
  providerTitle: (): string => vscode.l10n.t('Scan Data Coverage (3/3): provider (optional)'),
  anyProvider: (): string => vscode.l10n.t('Any provider'),
  anyProviderDetail: (): string => vscode.l10n.t('Every source the user connected'),
  /** Which providers the picker leaves out, and why. */
  providerPlaceholder: (leftOut: string): string => vscode.l10n.t('{0} report no blood pressure: not offered', leftOut),
  panelTitle: (days: number): string => vscode.l10n.t('Data Coverage: {0} days', days),
};
