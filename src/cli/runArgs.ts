// `node dist/cli.js run` arguments → what to run and against what. Pure, so every refusal is
// unit-tested. The key is never an argument: it comes from HEALTH_DATA_API_KEY only.
import { DEFAULT_API_KEY_HEADER } from '../api/apiKeyHeader';
import { isEnvironmentId, type RemoteEnvironmentId } from '../domain/environments';
import { parseScrubPolicy } from '../domain/scrubPolicy';
import type { ScrubPolicy } from '../scrub/scrubTypes';
import { API_KEY_VARIABLE } from '../mcp/serverArgs';
import { PROGRAM } from './cliCommand';
import type { BaselineUpdate } from '../notebook/baselineRun';

export const RUN_USAGE = `Usage: ${PROGRAM} run FILE… [--sandbox [--shape vendor] | --base-url URL |
       --environment ID] [options]

Runs every request cell of each Health Data notebook (*.hdnb.md) and checks its assertions.

  --sandbox                 start the built-in sandbox (sample data, no key needed)
  --shape spec|vendor       with --sandbox: bodies as the spec says (default) or as the vendor's
                            service sends them
  --base-url URL            the API's base URL; the key is read from $${API_KEY_VARIABLE}
  --environment ID          sandboxUs, sandboxEu, productionUs, productionEu or custom (its default
                            base URL unless --base-url is given)
  --var NAME=VALUE          set a notebook variable (repeatable): it wins over the front matter
                            and "let"
  --junit PATH              also write a JUnit XML report there
  --record DIR              record the run: every exchange (every page), scrubbed, as sandbox
                            fixtures in DIR, and a scrubbed copy of each notebook beside them
                            (DIR/NAME.hdnb.md)
  --fixtures DIR            replay a recording: run against the built-in sandbox serving DIR's
                            fixtures (no other target, no network)
  --update-baseline[=prune] add the deviations this run found to each notebook's baseline
                            (x.hdnb.baseline.json beside it), which "expect no new deviations"
                            accepts; =prune also drops the entries the answers no longer show
  --api-key-header NAME     header that carries the key (default: the environment's,
                            x-vital-api-key on the vendor's hosts, else ${DEFAULT_API_KEY_HEADER})
  --allow-production        required to run against a production environment
  --scrub always|productionOnly|never
                            whether what is printed and written (stdout, stderr, JUnit,
                            annotations) is scrubbed: ids pseudonymised, dates shifted, identifying
                            text removed (default $HEALTH_DATA_SCRUB, else productionOnly: only
                            what came from production)
  -h, --help                show this help

Without --sandbox, --base-url or --environment, each notebook runs against the environment its
front matter names (local: the built-in sandbox), or, when it names fixtures: (a saved
investigation), against the built-in sandbox serving that folder (relative to the notebook).

Exit status: 0 every assertion held, 1 an assertion failed or a cell could not run, 2 a usage or
connection error.

Each failure is printed as FILE:LINE (the failing expect line, or the request line) and the reason;
with GITHUB_ACTIONS=true also as a GitHub ::error annotation on that line.`;

export interface RunArgs {
  files: string[];
  /** Absent: each notebook's own `environment:`. */
  target?:
    | { kind: 'sandbox'; shape: 'spec' | 'vendor' }
    | { kind: 'remote'; baseUrl?: string; environment?: RemoteEnvironmentId };
  junitPath?: string;
  apiKeyHeader?: string;
  /** `--record DIR`: write the run's exchanges and the notebooks' scrubbed copies there. */
  recordDir?: string;
  /** `--fixtures DIR`: run against the sandbox serving that recording, and nothing else. */
  fixturesDir?: string;
  /** `--var` values: they replace the notebooks' own variables of the same names. */
  variables: Record<string, string>;
  allowProduction: boolean;
  /** `--scrub`; absent: $HEALTH_DATA_SCRUB, else productionOnly. */
  scrub?: ScrubPolicy;
  /** `--update-baseline[=prune]`: write each notebook's deviation baseline from this run. */
  updateBaseline?: BaselineUpdate;
}

export type ParsedRunArgs = { kind: 'help' } | { kind: 'error'; message: string } | { kind: 'run'; args: RunArgs };

const VALUE_FLAGS = ['--shape', '--base-url', '--environment', '--junit', '--api-key-header', '--record', '--fixtures', '--scrub'] as const;
type ValueFlag = (typeof VALUE_FLAGS)[number];

export function parseRunArgs(argv: readonly string[]): ParsedRunArgs {
  const files: string[] = [];
  const variables: Record<string, string> = {};
  const values: Partial<Record<ValueFlag, string>> = {};
  let sandbox = false;
  let allowProduction = false;
  let updateBaseline: BaselineUpdate | undefined;
  let onlyFiles = false;
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    if (onlyFiles || !arg.startsWith('-') || arg === '-') {
      files.push(arg);
      continue;
    }
    if (arg === '--') onlyFiles = true;
    else if (arg === '-h' || arg === '--help') return { kind: 'help' };
    else if (arg === '--sandbox') sandbox = true;
    else if (arg === '--allow-production') allowProduction = true;
    else if (arg === '--update-baseline' || arg === '--update-baseline=add') updateBaseline = 'add';
    else if (arg === '--update-baseline=prune') updateBaseline = 'prune';
    else if (arg.startsWith('--update-baseline=')) return { kind: 'error', message: `--update-baseline adds to the baseline; --update-baseline=prune also drops what is no longer seen (got ${arg})` };
    else if (arg === '--var' || arg.startsWith('--var=')) {
      const assignment = arg === '--var' ? argv[++index] : arg.slice('--var='.length);
      const parts = assignment === undefined ? null : /^([A-Za-z_][\w.-]*)=(.*)$/s.exec(assignment);
      if (!parts) return { kind: 'error', message: `--var takes NAME=VALUE, e.g. --var clientUserId=patient-0042 (got ${assignment ?? 'nothing'})` };
      Object.defineProperty(variables, parts[1]!, { value: parts[2]!, enumerable: true, writable: true, configurable: true });
    }
    else if (arg === '--api-key' || arg.startsWith('--api-key=') || arg === '--key' || arg.startsWith('--key=')) {
      return { kind: 'error', message: `The key is never an argument (it would show in the process list and shell history): set ${API_KEY_VARIABLE}` };
    } else {
      const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
      if (!(VALUE_FLAGS as readonly string[]).includes(flag)) return { kind: 'error', message: `Unknown option: ${flag}` };
      const value = inline ?? argv[++index];
      if (value === undefined || value === '' || (inline === undefined && value.startsWith('--'))) return { kind: 'error', message: `Option ${flag} needs a value` };
      values[flag as ValueFlag] = value;
    }
  }
  if (files.length === 0) return { kind: 'error', message: 'Name at least one notebook file (*.hdnb.md) to run' };

  const args: RunArgs = { files, allowProduction, variables };
  if (values['--junit'] !== undefined) args.junitPath = values['--junit'];
  if (updateBaseline) args.updateBaseline = updateBaseline;
  if (values['--api-key-header'] !== undefined) args.apiKeyHeader = values['--api-key-header'];
  if (values['--record'] !== undefined) args.recordDir = values['--record'];
  if (values['--fixtures'] !== undefined) {
    if (sandbox || values['--base-url'] !== undefined || values['--environment'] !== undefined || values['--record'] !== undefined) {
      return { kind: 'error', message: '--fixtures DIR is the target of the run: it takes no --sandbox, --base-url, --environment or --record' };
    }
    args.fixturesDir = values['--fixtures'];
  }
  if (values['--scrub'] !== undefined) {
    const policy = parseScrubPolicy(values['--scrub']);
    if (policy === undefined) return { kind: 'error', message: `--scrub takes always, productionOnly or never, got "${values['--scrub']}"` };
    args.scrub = policy;
  }
  const shape = values['--shape'];
  if (shape !== undefined && !sandbox) return { kind: 'error', message: '--shape goes with --sandbox' };
  if (shape !== undefined && shape !== 'spec' && shape !== 'vendor') return { kind: 'error', message: `--shape takes spec or vendor, got "${shape}"` };
  if (sandbox) {
    if (values['--base-url'] !== undefined || values['--environment'] !== undefined) return { kind: 'error', message: '--sandbox takes no --base-url or --environment' };
    args.target = { kind: 'sandbox', shape: shape ?? 'spec' };
    return { kind: 'run', args };
  }
  const environment = values['--environment'];
  if (environment !== undefined && (!isEnvironmentId(environment) || environment === 'local')) {
    return { kind: 'error', message: `--environment must be one of sandboxUs, sandboxEu, productionUs, productionEu, custom (got ${environment}); use --sandbox for the local sandbox` };
  }
  if (environment === 'custom' && values['--base-url'] === undefined) return { kind: 'error', message: '--environment custom needs --base-url URL' };
  if (environment !== undefined || values['--base-url'] !== undefined) {
    args.target = {
      kind: 'remote',
      ...(values['--base-url'] !== undefined ? { baseUrl: values['--base-url'] } : {}),
      ...(environment !== undefined ? { environment: environment as RemoteEnvironmentId } : {}),
    };
  }
  return { kind: 'run', args };
}
