import type { ShellApiConnection } from '../connection/shellApiConnection';
import { SHELL_COMMANDS } from '../constants';
import type { Command } from '../services';

/** Back to the sample data: the welcome view's second button. */
export class UseLocalSandboxCommand implements Command {
  readonly id = SHELL_COMMANDS.useLocalSandbox;

  constructor(private readonly connection: ShellApiConnection) {}

  execute(): Promise<void> {
    return this.connection.selectEnvironment('local');
  }
}
