import * as vscode from 'vscode';
import { SHELL_COMMANDS } from '../constants';
import { nextStepLabel } from '../l10n/shellStrings';

let closeCurrent: (() => void) | undefined;

/**
 * "No API key for …" as a notification that can really be closed from code. A message shown with
 * showInformationMessage stays until the person dismisses it, even once a key is saved; a
 * cancellable progress notification disappears as soon as its task ends. Its action is a command
 * link in the message, since progress notifications have no buttons besides Cancel.
 */
export function showMissingKeyNotice(title: string): void {
  closeMissingKeyNotice();
  void vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, (progress, token) => {
    progress.report({ message: `[${nextStepLabel('setApiKey')}](command:${SHELL_COMMANDS.setApiKey})` });
    return new Promise<void>((resolve) => {
      const close = (): void => {
        if (closeCurrent === close) closeCurrent = undefined;
        subscription.dispose();
        resolve();
      };
      const subscription = token.onCancellationRequested(close);
      closeCurrent = close;
    });
  });
}

/** Closes the notice, if one is shown: a key was saved or rejected, or the environment changed. */
export function closeMissingKeyNotice(): void {
  closeCurrent?.();
}

/** Whether a notice is open (for the integration tests). */
export function missingKeyNoticeOpen(): boolean {
  return closeCurrent !== undefined;
}
