// Every string of the contract lens's findings (the Requests view, the request document, the panels'
// deviation line and list), through vscode.l10n.t.
import * as vscode from 'vscode';
import type { DeviationKind } from '../api/contract/deviations';
import type { DeviationWords } from '../domain/requests/deviationPresentation';
import type { PanelDeviationsStrings } from '../shared/panelDeviations';

export function deviationKindWords(): Record<DeviationKind, string> {
  return {
    missingRequired: vscode.l10n.t('required field missing'),
    nullNotAllowed: vscode.l10n.t('null where the spec allows none'),
    unexpectedType: vscode.l10n.t('unexpected type'),
    unknownField: vscode.l10n.t('field not in the spec'),
    unknownValue: vscode.l10n.t('value not seen before'),
    deprecated: vscode.l10n.t('deprecated field or parameter in use'),
    pagingMismatch: vscode.l10n.t('paging does not add up (total, page size or cursor against the items sent)'),
    redirectFollowed: vscode.l10n.t('redirect followed'),
    offsetMismatch: vscode.l10n.t('timezone_offset disagrees with the timestamp\'s offset'),
  };
}

/** The one wording of a count, on a row, a panel's line and a document: "15 deviations in 21 places". */
export function deviationsInPlaces(deviations: number, places: number): string {
  if (deviations === 1) return places === 1 ? vscode.l10n.t('1 deviation') : vscode.l10n.t('1 deviation in {0} places', places);
  return vscode.l10n.t('{0} deviations in {1} places', deviations, places);
}

/** The contract lens's words: the Requests view's counts and lists, and the panels' deviation documents. */
export function deviationWords(): DeviationWords {
  const kinds = deviationKindWords();
  return {
    deviations: deviationsInPlaces,
    heading: (deviations, places) => vscode.l10n.t('Differs from the spec: {0}', deviationsInPlaces(deviations, places)),
    kind: (kind) => kinds[kind],
    occurrences: (count, of) => vscode.l10n.t('in {0} of {1}', count, of),
    sent: (value) => vscode.l10n.t('sent: {0}', value),
    spec: (section, says) => vscode.l10n.t('spec {0}: {1}', section, says),
    request: vscode.l10n.t('the request itself'),
  };
}

/** The panels' line as the host words it: "This response differs from the spec: 15 deviations in 21 places". */
export function panelDeviationLine(count: string): string {
  return vscode.l10n.t('This response differs from the spec: {0}', count);
}

/** The panels' line; `{0}` is filled in by the webview. Words only: it is posted to webviews and the renderer. */
export function panelDeviationsStrings(): PanelDeviationsStrings {
  return {
    line: vscode.l10n.t('This response differs from the spec in {0} places'),
    lineOne: vscode.l10n.t('This response differs from the spec in 1 place'),
    show: vscode.l10n.t('Show'),
    dismiss: vscode.l10n.t('Dismiss'),
    label: vscode.l10n.t('Differences from the spec'),
  };
}

export const panelDeviationsDocument = {
  /** The list's tab name. */
  fileName: (panelTitle: string): string => vscode.l10n.t('Spec deviations of {0}', panelTitle),
  title: (panelTitle: string): string => vscode.l10n.t('How the responses of "{0}" differ from the spec', panelTitle),
  intro: (): string =>
    vscode.l10n.t(
      'Each response this load read, with how it differs from the spec (its path, what the spec says and its section). The requests, headers and bodies are in the Requests view; healthData.contractLens.enabled turns the checks off.',
    ),
  page: (request: string, page: number): string => vscode.l10n.t('{0} · page {1}', request, page),
};
