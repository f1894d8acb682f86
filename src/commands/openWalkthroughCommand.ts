import * as vscode from 'vscode';
import { SHELL_COMMANDS, WALKTHROUGH_ID } from '../constants';
import type { Command } from '../services';
import { replayDone } from '../views/walkthroughProgress';

/** Get Started: the walkthrough on the Welcome page (also under Help → Welcome). */
export class OpenWalkthroughCommand implements Command {
  readonly id = SHELL_COMMANDS.openWalkthrough;

  async execute(): Promise<void> {
    await vscode.commands.executeCommand('workbench.action.openWalkthrough', WALKTHROUGH_ID, false);
    // The Welcome page may have registered the walkthrough only now: steps done before it did tick now.
    await replayDone();
  }
}
