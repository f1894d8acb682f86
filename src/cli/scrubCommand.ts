// `node dist/cli.js scrub [--operation NAME] [--user-id ID] < body.json > scrubbed.json`: one response
// body scrubbed for a ticket or a test. The secret comes from HEALTH_DATA_SCRUB_SECRET (the same
// secret gives the same pseudonyms as the extension's workspace); without it a random one is used.
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { RequestOperation, RequestOperationName } from '../api/requests';
import { describeReport, guessOperation, isOperationName, SCRUB_OPERATIONS, scrubBody } from '../scrub/scrubber';
import { PROGRAM, wrappedList, type CliCommand, type CliIo } from './cliCommand';

export const SCRUB_SECRET_VARIABLE = 'HEALTH_DATA_SCRUB_SECRET';

const USAGE = `Usage: ${PROGRAM} scrub [--operation NAME] [--user-id ID] < body.json > scrubbed.json

Scrubs one response body so it identifies no one: user_id, team_id and client_user_id become stable
pseudonyms, dates tied to a person move by whole weeks (intervals, time of day and offsets kept, a
birth date keeps its year), free text that looks like an e-mail address, phone number, name or
address is removed. Values, nulls and unknown fields are kept. The report goes to stderr.

Options:
  --operation NAME   ${wrappedList(SCRUB_OPERATIONS, 21)}
                     (guessed from the body's shape when left out)
  --user-id ID       for a getGroupedBloodPressure body: the user it belongs to, so its dates move
                     like that user's dates everywhere else
  -h, --help         show this help

Environment:
  ${SCRUB_SECRET_VARIABLE}   the secret of the keyed hash; the same secret gives the same
                             pseudonyms. Without it a random one is used for this run only.`;

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** The scrub secret from the environment, or a random one (said on stderr). */
export function scrubSecret(io: CliIo): string {
  const secret = io.env[SCRUB_SECRET_VARIABLE];
  if (secret !== undefined && secret !== '') return secret;
  io.stderr(`${SCRUB_SECRET_VARIABLE} is not set: a random secret was used, so these pseudonyms match no other run.`);
  return randomBytes(32).toString('hex');
}

function parseFlags(argv: readonly string[]): { operation?: string; userId?: string; help?: true } | { error: string } {
  const flags: { operation?: string; userId?: string; help?: true } = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '-h' || arg === '--help') return { help: true };
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (flag !== '--operation' && flag !== '--user-id') return { error: `Unknown option: ${arg}` };
    const value = inline ?? argv[++i];
    if (value === undefined || value === '') return { error: `Option ${flag} needs a value` };
    if (flag === '--operation') flags.operation = value;
    else flags.userId = value;
  }
  return flags;
}

export const scrubCommand: CliCommand = {
  name: 'scrub',
  summary: 'scrub a response body read from stdin so it identifies no one',
  async run(argv, io) {
    const flags = parseFlags(argv);
    if ('error' in flags) {
      io.stderr(`${flags.error}\n\n${USAGE}`);
      return 2;
    }
    if (flags.help) {
      io.stdout(USAGE);
      return 0;
    }
    if (flags.operation !== undefined && !isOperationName(flags.operation)) {
      io.stderr(`Unknown operation: ${flags.operation}. Use one of ${SCRUB_OPERATIONS.join(', ')}.`);
      return 2;
    }
    const text = await readAll(io.stdin);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (error) {
      io.stderr(`The input is not JSON (${error instanceof Error ? error.message : String(error)}). Pipe a response body in: ${PROGRAM} scrub < body.json`);
      return 2;
    }
    const name: RequestOperationName | undefined = (flags.operation as RequestOperationName | undefined) ?? guessOperation(body);
    if (name === undefined) {
      io.stderr(`Cannot tell which operation this body answers (no users, groups, markers or user_id in it). Name it: --operation ${SCRUB_OPERATIONS.join('|')}`);
      return 2;
    }
    if (flags.userId !== undefined && name !== 'getGroupedBloodPressure') {
      io.stderr('--user-id only applies to a getGroupedBloodPressure body.');
      return 2;
    }
    const secret = scrubSecret(io);
    const operation: RequestOperationName | RequestOperation = flags.userId === undefined ? name : { name: 'getGroupedBloodPressure', args: [flags.userId, { startDate: '' }] };
    const scrubbed = scrubBody(operation, body, secret);
    io.stdout(JSON.stringify(scrubbed.body, null, 2));
    io.stderr(`Scrubbed ${name}${flags.operation === undefined ? ' (guessed from the body)' : ''}: ${describeReport(scrubbed.report)}.`);
    return 0;
  },
};
