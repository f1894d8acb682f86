// The strings of what a panel offers after a failure beyond the shell's next steps: the other key
// header after a 401, and the body of a response that could not be shown.
import * as vscode from 'vscode';

export const panelFailureStrings = {
  /** "Try x-vital-api-key": send the key in the other header and load again. */
  tryKeyHeader: (header: string): string => vscode.l10n.t('Try {0}', header),
  /** The tab of the body that came back with a failed request. */
  rawResponseTitle: (method: string, url: string): string => vscode.l10n.t('Response to {0} {1}', method, url),
};
