// Every string of a panel's environment bar and of Compare Environments, through vscode.l10n.t.
import * as vscode from 'vscode';
import type { PanelEnvironmentStrings } from '../shared/panelEnvironment';

export function environmentBarStrings(): PanelEnvironmentStrings {
  return {
    barLabel: vscode.l10n.t('Environment'),
    production: vscode.l10n.t('Production'),
    openIn: vscode.l10n.t('Open in {0}'),
    compare: vscode.l10n.t('Compare Environments…'),
  };
}

export const compareStrings = {
  pickEnvironment: (own: string): string => vscode.l10n.t('Compare {0} with…', own),
  keySet: (): string => vscode.l10n.t('API key set'),
  keyMissing: (): string => vscode.l10n.t('No API key yet: Set API Key first'),
  keyNotNeeded: (): string => vscode.l10n.t('Sample data: no key needed'),
  misconfigured: (): string => vscode.l10n.t('Its base URL setting needs attention'),
  noKeyThere: (environment: string): string =>
    vscode.l10n.t('{0} has no API key yet, so nothing can be compared there. Set its key (Health Data stays in the environment it is in), then compare again.', environment),
  noQuery: (): string => vscode.l10n.t('Load something in this panel first, then compare.'),
  notThere: (environment: string, reason: string): string => vscode.l10n.t('The same data could not be found in {0}: {1}', environment, reason),
  sending: (environment: string): string => vscode.l10n.t('Sending the same request to {0}…', environment),
  failed: (environment: string, message: string): string => vscode.l10n.t('{0}: {1}', environment, message),
};
