import * as vscode from 'vscode';
import { SHELL_COMMANDS } from '../constants';
import { commandMessages } from '../l10n/shellStrings';
import { DetailNode } from '../views/users/detailNode';
import type { Command } from '../services';

/** Copy Value on a Details row: the exact wire value, not the formatted one. */
export class CopyDetailValueCommand implements Command {
  readonly id = SHELL_COMMANDS.copyDetailValue;

  async execute(node?: unknown): Promise<void> {
    if (!(node instanceof DetailNode) || node.row.raw === undefined) return;
    await vscode.env.clipboard.writeText(node.row.raw);
    vscode.window.setStatusBarMessage(commandMessages.copied(node.row.field), 3000);
  }
}
