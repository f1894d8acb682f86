// One command of dist/cli.js: its name, a line for the usage, and what it does with its arguments.
import * as path from 'node:path';
import type { Readable } from 'node:stream';

/** The npm package the command line ships as (`npm run package:cli`); its bin is PROGRAM_NAME. */
export const CLI_PACKAGE_NAME = 'health-data-cli';

/**
 * How help and messages name the program: `health-data` when it runs from the installed package (its
 * bundle sits in node_modules/health-data-cli), `node dist/cli.js` in a clone of the repository.
 */
export const PROGRAM = path.basename(__dirname) === CLI_PACKAGE_NAME ? 'health-data' : 'node dist/cli.js';

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
