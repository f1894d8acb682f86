import * as vscode from 'vscode';
import { SHELL_COMMANDS, WALKTHROUGH_ID } from '../constants';
import type { Command } from '../services';

/** Get Started: the walkthrough on the Welcome page (also under Help → Welcome). */
export class OpenWalkthroughCommand implements Command {
  readonly id = SHELL_COMMANDS.openWalkthrough;

  async execute(): Promise<void> {
    await vscode.commands.executeCommand('workbench.action.openWalkthrough', WALKTHROUGH_ID, false);
  }
}
