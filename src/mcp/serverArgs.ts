// Command-line flags of dist/mcp.js → where the server's tools send their requests. Pure, so the
// refusal of production without --allow-production is unit-tested. The key is never a flag: it is
// read from the environment variable HEALTH_DATA_API_KEY, so it shows in no process list.
import { API_KEY_VARIABLE } from '../agents/mcpLaunch';
import { DEFAULT_API_KEY_HEADER } from '../api/apiKeyHeader';
import { apiKeyHeaderFor, DEFAULT_BASE_URLS, isEnvironmentId, isProduction, normaliseBaseUrl, type EnvironmentId, type RemoteEnvironmentId } from '../domain/environments';

export { API_KEY_VARIABLE };

export const MCP_USAGE = `Usage: node dist/mcp.js (--sandbox | --base-url URL | --environment ID) [options]

The Health Data Explorer tools as an MCP server on stdin/stdout.

  --sandbox                 start the built-in sandbox (sample data, no key needed)
  --base-url URL            the API's base URL; the key is read from $${API_KEY_VARIABLE}
  --environment ID          sandboxUs, sandboxEu, productionUs, productionEu or custom: names the
                            environment in every result (its default base URL is used without
                            --base-url)
  --api-key-header NAME     header that carries the key (default: the environment's,
                            x-vital-api-key on the vendor's hosts, else ${DEFAULT_API_KEY_HEADER})
  --allow-production        required to serve a production environment
  -h, --help                show this help`;

/** English names, as every result names its environment (VS Code's are translated in src/l10n). */
export const ENVIRONMENT_LABELS: Readonly<Record<EnvironmentId, string>> = {
  local: 'Local sandbox (sample data)',
  sandboxUs: 'Sandbox US',
  sandboxEu: 'Sandbox EU',
  productionUs: 'Production US',
  productionEu: 'Production EU',
  custom: 'Custom',
};

export type McpTarget =
  | { kind: 'sandbox'; environment: { id: 'local'; label: string; production: false } }
  | { kind: 'remote'; baseUrl: string; apiKey: string; apiKeyHeader: string; environment: { id: EnvironmentId; label: string; production: boolean } };

export type ParsedServerArgs = { kind: 'help' } | { kind: 'error'; message: string } | { kind: 'run'; target: McpTarget };

/** Which environment a base URL is, when no --environment says so: the service's known addresses. */
function environmentOfUrl(baseUrl: string): EnvironmentId {
  for (const [id, url] of Object.entries(DEFAULT_BASE_URLS)) if (url === baseUrl) return id as EnvironmentId;
  return 'custom';
}

export function parseServerArgs(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): ParsedServerArgs {
  let sandbox = false;
  let allowProduction = false;
  const values: Record<'baseUrl' | 'environment' | 'apiKeyHeader', string | undefined> = { baseUrl: undefined, environment: undefined, apiKeyHeader: undefined };
  const flags: Record<string, keyof typeof values> = { '--base-url': 'baseUrl', '--environment': 'environment', '--api-key-header': 'apiKeyHeader' };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '-h' || arg === '--help') return { kind: 'help' };
    if (arg === '--sandbox') sandbox = true;
    else if (arg === '--allow-production') allowProduction = true;
    else {
      const [flag = '', inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg];
      const key = flags[flag];
      if (!key) return { kind: 'error', message: `Unknown option: ${flag}` };
      const value = inline ?? argv[++i];
      if (value === undefined || value === '' || (inline === undefined && value.startsWith('--'))) return { kind: 'error', message: `Option ${flag} needs a value` };
      values[key] = value;
    }
  }
  if (sandbox) {
    if (values.baseUrl || values.environment) return { kind: 'error', message: '--sandbox takes no --base-url or --environment' };
    return { kind: 'run', target: { kind: 'sandbox', environment: { id: 'local', label: ENVIRONMENT_LABELS.local, production: false } } };
  }
  if (values.environment !== undefined && (!isEnvironmentId(values.environment) || values.environment === 'local')) {
    return { kind: 'error', message: `--environment must be one of sandboxUs, sandboxEu, productionUs, productionEu, custom (got ${values.environment}); use --sandbox for the local sandbox` };
  }
  const remote = resolveRemoteTarget(
    { ...values, environment: values.environment as RemoteEnvironmentId | undefined, allowProduction },
    env,
    (label) => `${label} is production: agents may read it only when the server is started with --allow-production`,
  );
  return remote.kind === 'error' ? remote : { kind: 'run', target: remote };
}

export type RemoteTarget = Extract<McpTarget, { kind: 'remote' }>;

export interface RemoteFlags {
  baseUrl?: string | undefined;
  environment?: RemoteEnvironmentId | undefined;
  apiKeyHeader?: string | undefined;
  allowProduction: boolean;
}

/**
 * Where --base-url / --environment send requests, with the key from the environment: the base URL
 * checked, production refused without --allow-production (`refusal` says why, in the caller's
 * words). Shared by dist/mcp.js and `node dist/cli.js run`.
 */
export function resolveRemoteTarget(
  flags: RemoteFlags,
  env: Readonly<Record<string, string | undefined>>,
  refusal: (label: string) => string,
): RemoteTarget | { kind: 'error'; message: string } {
  const named = flags.environment;
  const rawUrl = flags.baseUrl ?? (named && named !== 'custom' ? DEFAULT_BASE_URLS[named] : undefined);
  if (!rawUrl) return { kind: 'error', message: 'Pass --sandbox, or --base-url URL (or --environment ID) with the key in $' + API_KEY_VARIABLE };
  const checked = normaliseBaseUrl(rawUrl);
  if (!checked.ok) {
    return { kind: 'error', message: `The base URL cannot be used (${checked.problem}): use https://, or http:// to this machine only, without credentials, query or fragment` };
  }
  const id = named ?? environmentOfUrl(checked.url);
  const production = isProduction(id);
  if (production && !flags.allowProduction) return { kind: 'error', message: refusal(ENVIRONMENT_LABELS[id]) };
  const apiKeyHeader = apiKeyHeaderFor({ environment: named, baseUrl: checked.url }, flags.apiKeyHeader);
  if (!apiKeyHeader) return { kind: 'error', message: '--api-key-header must be an HTTP header name such as x-vital-api-key' };
  const apiKey = env[API_KEY_VARIABLE];
  if (!apiKey) return { kind: 'error', message: `Set the API key in the environment variable ${API_KEY_VARIABLE} (never as a flag)` };
  const label = id === 'custom' ? `${ENVIRONMENT_LABELS.custom} (${new URL(checked.url).host})` : ENVIRONMENT_LABELS[id];
  return { kind: 'remote', baseUrl: checked.url, apiKey, apiKeyHeader, environment: { id, label, production } };
}
