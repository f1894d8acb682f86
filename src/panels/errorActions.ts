import * as vscode from 'vscode';
import type { PanelErrorAction } from '../shared/panelError';
import type { EnvironmentId } from '../services';
import { nextStepCommand } from '../ui/nextStepCommand';

/** Runs a panel error's next step (Set API key…, settings, request log) for the panel's environment. */
export async function runErrorAction(action: PanelErrorAction, environment: EnvironmentId): Promise<void> {
  const command = nextStepCommand(action, environment);
  await vscode.commands.executeCommand(command.command, ...(command.arguments ?? []));
}
