import * as vscode from 'vscode';
import type { PanelErrorAction } from '../shared/panelError';
import type { ApiConnection } from '../services';
import { nextStepCommand } from '../ui/nextStepCommand';

/** Runs a panel error's next step (Set API key…, settings, request log) through the shell's commands. */
export async function runErrorAction(action: PanelErrorAction, connection: ApiConnection): Promise<void> {
  const command = nextStepCommand(action, connection.environment().id);
  await vscode.commands.executeCommand(command.command, ...(command.arguments ?? []));
}
