import * as vscode from 'vscode';
import type { Command, CommandRegistry } from '../services';

/** The single place commands are registered, so the manifest check can compare one list. */
export class CommandManager implements CommandRegistry, vscode.Disposable {
  private readonly registrations = new Map<string, vscode.Disposable>();

  register(command: Command): void {
    if (this.registrations.has(command.id)) {
      throw new Error(`Command ${command.id} is registered twice`);
    }
    this.registrations.set(
      command.id,
      vscode.commands.registerCommand(command.id, (...args: unknown[]) => command.execute(...args)),
    );
  }

  registeredIds(): string[] {
    return [...this.registrations.keys()];
  }

  dispose(): void {
    for (const registration of this.registrations.values()) registration.dispose();
    this.registrations.clear();
  }
}
