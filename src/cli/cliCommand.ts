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

/**
 * How messages tell the user to start the bundled sandbox from the folder they are in:
 * node_modules/health-data-cli/sandbox.js beside the installed package's cli.js, dist/sandbox.js in a clone.
 */
export const SANDBOX_PROGRAM = path.basename(__dirname) === CLI_PACKAGE_NAME ? `node ${path.join('node_modules', CLI_PACKAGE_NAME, 'sandbox.js')}` : 'node dist/sandbox.js';

/** Help text's widest line: every line of every command's help fits in this many columns. */
export const HELP_WIDTH = 100;

/** `words` joined by ", " and wrapped at HELP_WIDTH, the lines after the first indented by `indent` (where the first starts). */
export function wrappedList(words: readonly string[], indent: number): string {
  const lines: string[] = [];
  let line = '';
  for (const [index, word] of words.entries()) {
    const item = index < words.length - 1 ? `${word},` : word;
    if (line !== '' && indent + line.length + 1 + item.length > HELP_WIDTH) {
      lines.push(line);
      line = item;
    } else line = line === '' ? item : `${line} ${item}`;
  }
  lines.push(line);
  return lines.join(`\n${' '.repeat(indent)}`);
}

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
