import type * as vscode from 'vscode';
import { SHELL_COMMANDS } from '../constants';
import type { Command } from '../services';

export class ShowRequestLogCommand implements Command {
  readonly id = SHELL_COMMANDS.showRequestLog;

  constructor(private readonly log: vscode.LogOutputChannel) {}

  execute(): void {
    this.log.show(true);
  }
}
