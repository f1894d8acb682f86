import * as vscode from 'vscode';
import { SHELL_COMMANDS } from '../constants';
import { nextStepLabel } from '../l10n/shellStrings';

let closeCurrent: (() => void) | undefined;

/** About as long as VS Code shows a toast: the status bar and the Users view keep saying it after. */
const NOTICE_MS = 20_000;

/**
 * "No API key for …" as a notification that can really be closed from code. A message shown with
 * showInformationMessage stays until the person dismisses it, even once a key is saved; a
 * progress notification disappears as soon as its task ends: when a key is saved or rejected, the
 * environment changes, or after NOTICE_MS. Its action is a command link in the message, since
 * progress notifications have no buttons. It has no Cancel either: Cancel would only have closed it.
 */
export function showMissingKeyNotice(title: string): void {
  closeMissingKeyNotice();
  void vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: false }, (progress) => {
    progress.report({ message: `[${nextStepLabel('setApiKey')}](command:${SHELL_COMMANDS.setApiKey})` });
    return new Promise<void>((resolve) => {
      const close = (): void => {
        if (closeCurrent === close) closeCurrent = undefined;
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(close, NOTICE_MS);
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
