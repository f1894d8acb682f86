import * as vscode from 'vscode';
import type { Command, CommandRegistry, ShellRegistrations } from '../services';

/** The single place commands are registered, so the manifest check can compare one list. */
export class CommandManager implements CommandRegistry, vscode.Disposable {
  private readonly registrations = new Map<string, vscode.Disposable>();

  /** `registerCommand`: the bootstrap's (its stand-ins for package.json's commands run these); VS Code's by default. */
  constructor(private readonly registerCommand: ShellRegistrations['registerCommand'] = (id, handler) => vscode.commands.registerCommand(id, handler)) {}

  register(command: Command): void {
    if (this.registrations.has(command.id)) {
      throw new Error(`Command ${command.id} is registered twice`);
    }
    this.registrations.set(
      command.id,
      this.registerCommand(command.id, (...args: unknown[]) => command.execute(...args)),
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
