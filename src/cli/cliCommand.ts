// One command of dist/cli.js: its name, a line for the usage, and what it does with its arguments.
import type { Readable } from 'node:stream';

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  stdin: Readable;
  env: Readonly<Record<string, string | undefined>>;
}

export interface CliCommand {
  name: string;
  summary: string;
  /** Resolves with the process's exit code. */
  run(argv: readonly string[], io: CliIo): Promise<number>;
}
