// Every string the deviation baseline shows in VS Code (the cell's offer, the command's messages).
import * as vscode from 'vscode';
import { formatCount as count } from './numbers';

export const baselineStrings = {
  acceptItem: (): string => vscode.l10n.t('Update Deviation Baseline'),
  acceptTooltip: (file: string): string =>
    vscode.l10n.t('Accept the deviations the cells that say "expect no new deviations" found: add them to {0}, beside the notebook, to review and commit.', file),
  saveFirst: (): string => vscode.l10n.t('Save the notebook first: its deviation baseline is kept in a file beside it.'),
  noWatchingCell: (): string => vscode.l10n.t('No cell of this notebook says "expect no new deviations": there is no baseline to update.'),
  noAnswer: (): string => vscode.l10n.t('Run the cells that say "expect no new deviations" first: none has an answer to take the deviations from.'),
  written: (file: string, entries: number, added: number): string =>
    vscode.l10n.t('Wrote {0}: {1} entries, {2} of them new. Run the cells again to check against it; review the file before you commit it.', file, count(entries), count(added)),
  unchanged: (file: string, entries: number): string => vscode.l10n.t('{0} already holds every deviation the cells found ({1} entries).', file, count(entries)),
  noLongerSeen: (gone: number): string =>
    gone === 1
      ? vscode.l10n.t('1 entry was not seen in these answers; it stays (the command line\'s --update-baseline=prune removes such entries).')
      : vscode.l10n.t('{0} entries were not seen in these answers; they stay (the command line\'s --update-baseline=prune removes such entries).', count(gone)),
  openFile: (): string => vscode.l10n.t('Open Baseline'),
  writeFailed: (file: string, reason: string): string => vscode.l10n.t('Could not write {0}: {1}', file, reason),
};
