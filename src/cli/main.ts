#!/usr/bin/env node
// Entry point of dist/cli.js: `node dist/cli.js <command> …`. Each command lives in its own file and
// is listed once in COMMANDS; exit codes are the commands' own (0 ok, 1 a check failed, 2 usage or
// connection error). The key is only ever read from the environment, never from an argument.
import { captureCommand } from './captureCommand';
import { PROGRAM, type CliCommand, type CliIo } from './cliCommand';
import { runCommand } from './runCommand';
import { scrubCommand } from './scrubCommand';

const COMMANDS: readonly CliCommand[] = [runCommand, scrubCommand, captureCommand];

export function usage(): string {
  const width = Math.max(8, ...COMMANDS.map((command) => command.name.length));
  return [
    `Usage: ${PROGRAM} <command> [options]`,
    '',
    'Commands:',
    ...COMMANDS.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`),
    '',
    `Run '${PROGRAM} <command> --help' for a command's options.`,
  ].join('\n');
}

export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '-h' || name === '--help' || name === 'help') {
    io.stdout(usage());
    return name === undefined ? 2 : 0;
  }
  const command = COMMANDS.find((candidate) => candidate.name === name);
  if (!command) {
    io.stderr(`Unknown command: ${name}\n\n${usage()}`);
    return 2;
  }
  return command.run(rest, io);
}

if (require.main === module) {
  const io: CliIo = {
    stdout: (text) => process.stdout.write(`${text}\n`),
    stderr: (text) => process.stderr.write(`${text}\n`),
    stdin: process.stdin,
    env: process.env,
  };
  main(process.argv.slice(2), io).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      io.stderr(error instanceof Error ? error.message : String(error));
      process.exitCode = 2;
    },
  );
}
