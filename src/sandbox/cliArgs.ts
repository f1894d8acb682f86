// Command-line flags of the sandbox CLI → startSandbox options. Bad flags are reported, not guessed.
import { SANDBOX_SHAPES, type SandboxShape } from './data/vendorShape';
import type { SandboxOptions } from './options';

export const USAGE = `Usage: node dist/sandbox.js [options]

Starts the Health Data Explorer sandbox: the health-data API with sample data on this machine.

Options:
  --host HOST                 interface to listen on (default 127.0.0.1)
  --port N                    port, 0 = any free port (default 4010)
  --api-key KEY               value expected in the key header (default sandbox-key)
  --api-key-header NAME       the only header accepted for the key (default x-service-api-key)
  --users N                   number of sample users (default 60)
  --seed N                    seed of the sample data (default 1)
  --heavy-user-readings N     add user "sample-heavy-reader" with N blood-pressure readings
  --page-size N               most readings per blood-pressure page (default 2000)
  --hostile                   put script/HTML payloads in every text field (hardening tests)
  --null-time-zones           send fallback_time_zone null for about 5 % of users, like the real
                              service (default: always sent, as the spec requires)
  --today YYYY-MM-DD          date the sample data is relative to (default: today, UTC)
  --fixtures DIR              also serve the scrubbed fixtures in DIR (files written by "Save as
                              Sandbox Fixture", "node dist/cli.js capture" or "run --record DIR");
                              each answers its exact request first; their users are listed and
                              resolve, a paged answer's cursors lead through every recorded page;
                              files that cannot be served are listed at start (add --users 0 to
                              serve a recording alone)
  --shape spec|vendor         spec (default): every field of the spec and nothing else.
                              vendor: answer as the vendor's published schema allows: every
                              field it has (connected sources with provider beside the
                              deprecated source; readings with id, timezone_offset, type and
                              grouping; sources with app_id, device_id, sport, workout_id;
                              markers with aoe, turnaround days, is_orderable, pricing, pages),
                              optional fields missing and nullable ones null in a seed-determined
                              share (some total/pages, descriptions, prices, LOINC codes, time
                              zones), values the product has not seen (source.type smart_mirror,
                              marker type calculated), a few readings in mg/dL or %, and
                              GET /v2/user/ answered with a 307 to /v2/user
  -h, --help                  show this help`;

export type ParsedArgs = { kind: 'help' } | { kind: 'error'; message: string } | { kind: 'run'; options: SandboxOptions };

type IntegerFlag = 'port' | 'users' | 'seed' | 'heavyUserReadings' | 'bloodPressurePageSize';

const INTEGER_FLAGS: Record<string, IntegerFlag> = {
  '--port': 'port',
  '--users': 'users',
  '--seed': 'seed',
  '--heavy-user-readings': 'heavyUserReadings',
  '--page-size': 'bloodPressurePageSize',
};
const STRING_FLAGS: Record<string, 'host' | 'apiKey' | 'apiKeyHeader' | 'today' | 'fixturesDir'> = {
  '--host': 'host',
  '--api-key': 'apiKey',
  '--api-key-header': 'apiKeyHeader',
  '--today': 'today',
  '--fixtures': 'fixturesDir',
};

export function parseArgs(argv: readonly string[]): ParsedArgs {
  const options: SandboxOptions = { port: 4010 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '-h' || arg === '--help') return { kind: 'help' };
    if (arg === '--hostile') {
      options.hostile = true;
      continue;
    }
    if (arg === '--null-time-zones') {
      options.nullTimeZones = true;
      continue;
    }
    const [flag = '', inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg];
    const integerKey = INTEGER_FLAGS[flag];
    const stringKey = STRING_FLAGS[flag];
    if (!integerKey && !stringKey && flag !== '--shape') return { kind: 'error', message: `Unknown option: ${flag}` };
    const value = inline ?? argv[++i];
    if (value === undefined || value === '' || (inline === undefined && value.startsWith('--'))) {
      return { kind: 'error', message: `Option ${flag} needs a value` };
    }
    if (flag === '--shape') {
      if (!(SANDBOX_SHAPES as readonly string[]).includes(value)) return { kind: 'error', message: `Option --shape takes ${SANDBOX_SHAPES.join(' or ')}, got "${value}"` };
      options.shape = value as SandboxShape;
    } else if (stringKey) {
      options[stringKey] = value;
    } else if (integerKey) {
      if (!/^\d+$/.test(value)) return { kind: 'error', message: `Option ${flag} needs a whole number, got "${value}"` };
      options[integerKey] = Number(value);
    }
  }
  return { kind: 'run', options };
}
