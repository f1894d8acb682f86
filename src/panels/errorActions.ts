import * as vscode from 'vscode';
import type { NextStep } from '../domain/errorNextStep';
import type { EnvironmentId } from '../services';
import { nextStepCommand } from '../ui/nextStepCommand';

/** Runs a panel error's next step (Set API key…, settings, request log) for the panel's environment. */
export async function runErrorAction(action: NextStep, environment: EnvironmentId): Promise<void> {
  const command = nextStepCommand(action, environment);
  await vscode.commands.executeCommand(command.command, ...(command.arguments ?? []));
}
