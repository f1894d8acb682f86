// Command-line flags of the sandbox CLI → startSandbox options. Bad flags are reported, not guessed.
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
const STRING_FLAGS: Record<string, 'host' | 'apiKey' | 'apiKeyHeader' | 'today'> = {
  '--host': 'host',
  '--api-key': 'apiKey',
  '--api-key-header': 'apiKeyHeader',
  '--today': 'today',
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
    if (!integerKey && !stringKey) return { kind: 'error', message: `Unknown option: ${flag}` };
    const value = inline ?? argv[++i];
    if (value === undefined || value === '' || (inline === undefined && value.startsWith('--'))) {
      return { kind: 'error', message: `Option ${flag} needs a value` };
    }
    if (stringKey) {
      options[stringKey] = value;
    } else if (integerKey) {
      if (!/^\d+$/.test(value)) return { kind: 'error', message: `Option ${flag} needs a whole number, got "${value}"` };
      options[integerKey] = Number(value);
    }
  }
  return { kind: 'run', options };
}
