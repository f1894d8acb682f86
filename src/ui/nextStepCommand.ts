import type * as vscode from 'vscode';
import { SHELL_COMMANDS } from '../constants';
import type { NextStep } from '../domain/errorNextStep';
import type { RemoteEnvironmentId } from '../domain/environments';
import { nextStepLabel } from '../l10n/shellStrings';
import type { EnvironmentId } from '../services';
import { baseUrlSettingId } from '../storage/shellSettings';

/** The command that carries out a failure's next step, for a tree message or a notification button. */
export function nextStepCommand(step: NextStep, environment: EnvironmentId): vscode.Command {
  const title = nextStepLabel(step);
  switch (step) {
    case 'setApiKey':
      // For that environment, which may not be the active one (a panel bound to another).
      return { title, command: SHELL_COMMANDS.setApiKey, ...(environment === 'local' ? {} : { arguments: [environment] }) };
    case 'checkBaseUrl':
      return {
        title,
        command: 'workbench.action.openSettings',
        arguments: [environment === 'local' ? 'healthData' : baseUrlSettingId(environment as RemoteEnvironmentId)],
      };
    case 'retryLater':
    case 'retry':
      return { title, command: SHELL_COMMANDS.refreshUsers };
    case 'showLog':
      return { title, command: SHELL_COMMANDS.showRequestLog };
  }
}
