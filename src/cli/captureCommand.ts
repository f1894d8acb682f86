// `node dist/cli.js capture (--base-url URL | --environment ID) --operation NAME [its arguments]
// --out DIR`: makes one request (every page of it), scrubs each exchange and writes it as a sandbox fixture, then prints
// the request the sandbox now answers with it (SANDBOX_PROGRAM `--fixtures DIR`). The key comes from
// HEALTH_DATA_API_KEY only and is never printed; production needs --allow-production.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { HealthApiClient, type HealthApiClientOptions } from '../api/client';
import { redactText } from '../api/redaction';
import type { RequestOperationName } from '../api/requests';
import { apiKeyHeaderFor, DEFAULT_BASE_URLS, isProduction, normaliseBaseUrl, type EnvironmentId } from '../domain/environments';
import { loadOperation } from '../notebook/operationLoad';
import { ExchangeRecorder } from '../scrub/exchangeRecorder';
import { writeFixtures } from '../scrub/fixtureWriter';
import { describeReport, isOperationName, SCRUB_OPERATIONS } from '../scrub/scrubber';
import { PROGRAM, SANDBOX_PROGRAM, type CliCommand, type CliIo } from './cliCommand';
import { OPERATION_USAGE, parseOperationArgs } from './operationArgs';
import { scrubSecret, SCRUB_SECRET_VARIABLE } from './scrubCommand';

export const API_KEY_VARIABLE = 'HEALTH_DATA_API_KEY';
const REMOTE_ENVIRONMENTS = Object.keys(DEFAULT_BASE_URLS) as (keyof typeof DEFAULT_BASE_URLS)[];

const USAGE = `Usage: ${PROGRAM} capture (--base-url URL | --environment ID) --operation NAME [arguments]
       --out DIR

Makes one request, every page of it, scrubs each exchange (ids pseudonymised, a person's dates
shifted, identifying text removed; the arguments the same way, so the path matches the body and
each page's cursor leads to the next) and writes each to DIR as a sandbox fixture. Prints the
request that the sandbox serving DIR now answers with it:
  ${SANDBOX_PROGRAM} --fixtures DIR

Options:
  --base-url URL          the service to ask (https, or http to this machine only)
  --environment ID        ${REMOTE_ENVIRONMENTS.join(', ')} (their default addresses)
  --allow-production      required to capture from a production environment or address
  --api-key-header NAME   the header that carries the key (default: the environment's)
  --operation NAME        one of these, followed by its arguments:
${OPERATION_USAGE.replace(/^/gm, '    ')}
  --out DIR               the fixtures folder (created when missing)
  -h, --help              show this help

Environment:
  ${API_KEY_VARIABLE}        the API key (never printed)
  ${SCRUB_SECRET_VARIABLE}   the scrub secret (the same secret gives the same pseudonyms; without it
                             a random one is used for this run only)`;

interface CaptureFlags {
  baseUrl?: string;
  environment?: string;
  operation?: string;
  out?: string;
  apiKeyHeader?: string;
  allowProduction: boolean;
  help: boolean;
  operationWords: string[];
}

const VALUE_FLAGS: Readonly<Record<string, keyof CaptureFlags>> = {
  '--base-url': 'baseUrl',
  '--environment': 'environment',
  '--operation': 'operation',
  '--out': 'out',
  '--api-key-header': 'apiKeyHeader',
};

function parseFlags(argv: readonly string[]): CaptureFlags | { error: string } {
  const flags: CaptureFlags = { allowProduction: false, help: false, operationWords: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '-h' || arg === '--help') flags.help = true;
    else if (arg === '--allow-production') flags.allowProduction = true;
    else {
      const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
      const field = VALUE_FLAGS[flag];
      if (!field) {
        flags.operationWords.push(arg);
        continue;
      }
      const value = inline ?? argv[++i];
      if (value === undefined || value === '') return { error: `Option ${flag} needs a value` };
      (flags as unknown as Record<string, string>)[field] = value;
    }
  }
  return flags;
}

const ADDRESS_PROBLEMS: Readonly<Record<Exclude<ReturnType<typeof normaliseBaseUrl>, { ok: true }>['problem'], string>> = {
  empty: 'no address given',
  invalid: 'it is not a URL',
  unsupportedScheme: 'only https (or http to this machine) is supported',
  plainHttpToRemoteHost: 'the key goes over https only; plain http only to this machine',
  hasCredentials: 'it holds a user name or password; the key goes in its header only',
  hasQueryOrFragment: 'a base URL has no query or fragment',
};

type Target = { ok: true; baseUrl: string; environment: EnvironmentId | undefined; apiKeyHeader: string; production: boolean } | { ok: false; message: string };

function target(flags: CaptureFlags): Target {
  if ((flags.baseUrl === undefined) === (flags.environment === undefined)) return { ok: false, message: 'Give either --base-url URL or --environment ID.' };
  let environment: EnvironmentId | undefined;
  let address = flags.baseUrl;
  if (flags.environment !== undefined) {
    if (!(REMOTE_ENVIRONMENTS as string[]).includes(flags.environment)) {
      return { ok: false, message: `Unknown environment: ${flags.environment}. Use one of ${REMOTE_ENVIRONMENTS.join(', ')}, or --base-url for another server.` };
    }
    environment = flags.environment as EnvironmentId;
    address = DEFAULT_BASE_URLS[environment as keyof typeof DEFAULT_BASE_URLS];
  }
  const checked = normaliseBaseUrl(address ?? '');
  if (!checked.ok) {
    return { ok: false, message: `Cannot use ${address}: ${ADDRESS_PROBLEMS[checked.problem]}.` };
  }
  const productionAddresses = [DEFAULT_BASE_URLS.productionUs, DEFAULT_BASE_URLS.productionEu];
  const production = (environment !== undefined && isProduction(environment)) || productionAddresses.includes(checked.url);
  const apiKeyHeader = apiKeyHeaderFor({ environment, baseUrl: checked.url }, flags.apiKeyHeader);
  if (!apiKeyHeader) return { ok: false, message: `--api-key-header must be an HTTP header name such as x-vital-api-key (got ${flags.apiKeyHeader}).` };
  return { ok: true, baseUrl: checked.url, environment, apiKeyHeader, production };
}

/** `createClient`: the client the request is made with (a test's loopback dispatcher). */
export function createCaptureCommand(createClient: (options: HealthApiClientOptions) => HealthApiClient = (options) => new HealthApiClient(options)): CliCommand {
  return {
    name: 'capture',
    summary: 'make one request and save it, scrubbed, as a sandbox fixture',
    async run(argv, io: CliIo) {
      const flags = parseFlags(argv);
      if ('error' in flags) {
        io.stderr(`${flags.error}\n\n${USAGE}`);
        return 2;
      }
      if (flags.help) {
        io.stdout(USAGE);
        return 0;
      }
      const where = target(flags);
      if (!where.ok) {
        io.stderr(`${where.message}\n\n${USAGE}`);
        return 2;
      }
      if (where.production && !flags.allowProduction) {
        io.stderr(`${where.baseUrl} is production: real people's data. Add --allow-production to capture from it (the fixture is scrubbed before it is written).`);
        return 2;
      }
      if (flags.operation === undefined || !isOperationName(flags.operation)) {
        io.stderr(`${flags.operation === undefined ? 'Name the operation' : `Unknown operation: ${flags.operation}`}: --operation ${SCRUB_OPERATIONS.join('|')}\n\n${USAGE}`);
        return 2;
      }
      if (flags.out === undefined) {
        io.stderr(`Name the fixtures folder: --out DIR\n\n${USAGE}`);
        return 2;
      }
      const parsed = parseOperationArgs(flags.operation as RequestOperationName, flags.operationWords);
      if (!parsed.ok) {
        io.stderr(`${parsed.message}\n\n${USAGE}`);
        return 2;
      }
      const apiKey = io.env[API_KEY_VARIABLE];
      if (apiKey === undefined || apiKey === '') {
        io.stderr(`Set ${API_KEY_VARIABLE} to the API key of ${where.baseUrl} (it is read from the environment only, never from an argument).`);
        return 2;
      }
      const recorder = new ExchangeRecorder();
      const client = createClient({
        baseUrl: where.baseUrl,
        apiKey,
        apiKeyHeader: where.apiKeyHeader,
        onRequest: recorder.onRequest,
      });
      let failure: unknown;
      try {
        // Every page, as a notebook cell's `pages all` loads them: each page's cursor leads to the next fixture.
        await loadOperation(client, parsed.operation, { pages: 'all', onDeviations: () => undefined });
      } catch (error) {
        failure = error;
      } finally {
        await client.close();
      }
      const exchanges = recorder.exchanges();
      if (exchanges.length === 0) {
        const reason = failure instanceof Error ? failure.message : 'no answer';
        io.stderr(`Nothing to capture: ${redactText(reason, apiKey)}`);
        return 2;
      }
      const secret = scrubSecret(io);
      const fixtures = writeFixtures(exchanges, secret);
      const dir = resolve(flags.out);
      mkdirSync(dir, { recursive: true });
      for (const fixture of fixtures) {
        const file = join(dir, fixture.fileName);
        writeFileSync(file, fixture.text);
        io.stdout(`Wrote ${file} (HTTP ${JSON.parse(fixture.text).status as number}; scrubbed: ${describeReport(fixture.report)})`);
      }
      io.stdout(`${SANDBOX_PROGRAM} --fixtures ${flags.out} now answers: ${fixtures[0]!.sandboxPath}${fixtures.length > 1 ? ` (and its ${fixtures.length - 1} further ${fixtures.length === 2 ? 'page' : 'pages'})` : ''}`);
      return 0;
    },
  };
}

export const captureCommand = createCaptureCommand();
