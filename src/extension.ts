import type * as vscode from 'vscode';
import { CommandManager } from './commands/commandManager';

export function activate(context: vscode.ExtensionContext): { commandIds: () => string[] } {
  const commands = new CommandManager();
  context.subscriptions.push(commands);
  return { commandIds: () => commands.registeredIds() };
}

export function deactivate(): void {}
