import * as vscode from 'vscode';
import { otherApiKeyHeader } from '../api/apiKeyHeader';
import { isHealthApiError } from '../api/errors';
import { describeFailure, failureDetail } from '../domain/errorNextStep';
import { panelFailureStrings } from '../l10n/panelFailureStrings';
import { failureTitle } from '../l10n/shellStrings';
import { ShellSettings } from '../storage/shellSettings';
import type { ApiConnection } from '../services';
import { showMissingKeyNotice } from './missingKeyNotice';
import { nextStepCommand } from './nextStepCommand';

/**
 * A notification for a failed command, with its next step as the button. The text is ours plus
 * the client's message, which never contains the key. A cancellation is the user's choice: silent.
 */
export function showFailure(error: unknown, connection: ApiConnection): void {
  const failure = describeFailure(error);
  if (failure.kind === 'cancelled') return;
  const environment = connection.environment();
  const title = failureTitle(failure.kind, failure.status, environment.label);
  const detail = failureDetail(error, failure.kind);
  // A missing key is solved elsewhere (Set API Key…): its notice closes itself once it is.
  if (failure.kind === 'missingApiKey') return showMissingKeyNotice(title);
  const step = nextStepCommand(failure.nextStep, environment.id);
  // Not awaited: the command that failed ends now, the button stays available in the notification.
  // After a 401 the key may be right and the header wrong: the other known header is offered first;
  // setting it changes the connection, which refreshes the views.
  const otherHeader = isHealthApiError(error) && error.status === 401 && environment.id !== 'local' ? otherApiKeyHeader(error.keyHeader) : undefined;
  const tryHeader = otherHeader ? panelFailureStrings.tryKeyHeader(otherHeader) : undefined;
  const buttons = tryHeader ? [tryHeader, step.title] : [step.title];
  void vscode.window.showErrorMessage(detail ? `${title}: ${detail}` : title, ...buttons).then((choice) => {
    if (choice === step.title) void vscode.commands.executeCommand(step.command, ...(step.arguments ?? []));
    if (choice !== undefined && choice === tryHeader && otherHeader && environment.id !== 'local') {
      void new ShellSettings().setApiKeyHeader(environment.id, otherHeader);
    }
  });
}
