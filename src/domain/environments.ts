// Which server each environment talks to, and where its key is kept. Pure: the shell feeds in the
// settings and the stored choice, and gets back a decision it only has to carry out.
import { DEFAULT_API_KEY_HEADER, normaliseApiKeyHeader, VENDOR_API_KEY_HEADER } from '../api/apiKeyHeader';
import { checkBaseUrl, type BaseUrlProblem } from '../api/transportSecurity';

export type EnvironmentId = 'local' | 'sandboxUs' | 'sandboxEu' | 'productionUs' | 'productionEu' | 'custom';

export const ENVIRONMENT_IDS: readonly EnvironmentId[] = [
  'local',
  'sandboxUs',
  'sandboxEu',
  'productionUs',
  'productionEu',
  'custom',
];

export type RemoteEnvironmentId = Exclude<EnvironmentId, 'local'>;

export const DEFAULT_ENVIRONMENT: EnvironmentId = 'local';

/** The real service's addresses; each is overridable in the user's settings. */
export const DEFAULT_BASE_URLS: Readonly<Record<Exclude<RemoteEnvironmentId, 'custom'>, string>> = {
  sandboxUs: 'https://api.sandbox.us.junction.com',
  sandboxEu: 'https://api.sandbox.eu.junction.com',
  productionUs: 'https://api.us.junction.com',
  productionEu: 'https://api.eu.junction.com',
};

export type BaseUrlSettings = Readonly<Record<RemoteEnvironmentId, string>>;

export function isEnvironmentId(value: unknown): value is EnvironmentId {
  return typeof value === 'string' && (ENVIRONMENT_IDS as readonly string[]).includes(value);
}

/** A stored choice from an older or tampered state falls back to the default, never throws. */
export function parseEnvironmentId(value: unknown): EnvironmentId {
  return isEnvironmentId(value) ? value : DEFAULT_ENVIRONMENT;
}

export function isProduction(id: EnvironmentId): boolean {
  return id === 'productionUs' || id === 'productionEu';
}

export type BaseUrlCheck =
  | { ok: true; url: string }
  | { ok: false; problem: 'empty' | 'hasQueryOrFragment' | BaseUrlProblem };

/**
 * Trims, drops trailing slashes and checks the address may receive the key: https anywhere,
 * plain http only to this machine, no credentials, no query or fragment (the client appends paths).
 */
export function normaliseBaseUrl(input: string): BaseUrlCheck {
  const trimmed = input.trim();
  if (!trimmed) return { ok: false, problem: 'empty' };
  const problem = checkBaseUrl(trimmed);
  if (problem) return { ok: false, problem };
  const url = new URL(trimmed);
  if (url.search || url.hash) return { ok: false, problem: 'hasQueryOrFragment' };
  const path = url.pathname.replace(/\/+$/, '');
  return { ok: true, url: `${url.protocol}//${url.host}${path}` };
}

export type ResolvedEnvironment =
  | { id: 'local'; kind: 'localSandbox' }
  | { id: RemoteEnvironmentId; kind: 'remote'; baseUrl: string; secretName: string }
  | { id: RemoteEnvironmentId; kind: 'misconfigured'; problem: Exclude<BaseUrlCheck, { ok: true }>['problem'] };

/** Where the active environment's requests go, or why they cannot go anywhere yet. */
export function resolveEnvironment(id: EnvironmentId, baseUrls: BaseUrlSettings): ResolvedEnvironment {
  if (id === 'local') return { id, kind: 'localSandbox' };
  const check = normaliseBaseUrl(baseUrls[id]);
  if (!check.ok) return { id, kind: 'misconfigured', problem: check.problem };
  return { id, kind: 'remote', baseUrl: check.url, secretName: apiKeySecretName(id, check.url) };
}

/** Domains of the vendor's service (Junction, formerly Vital): its own hosts read the vendor's key header. */
const VENDOR_DOMAINS = ['junction.com', 'tryvital.io'];

/** Whether `baseUrl` is on one of the vendor's hosts. */
export function isVendorHost(baseUrl: string): boolean {
  let host: string;
  try {
    host = new URL(baseUrl).hostname.toLowerCase();
  } catch {
    return false;
  }
  return VENDOR_DOMAINS.some((domain) => host === domain || host.endsWith(`.${domain}`));
}

/**
 * The header that carries the key in `id` when the setting names none: on the vendor's hosts the
 * vendor's header, whichever environment points there (Custom included); the local sandbox, and
 * any environment pointed at another host, the spec's.
 */
export function defaultApiKeyHeader(id: EnvironmentId, baseUrl: string | undefined): string {
  if (id === 'local' || baseUrl === undefined) return DEFAULT_API_KEY_HEADER;
  return isVendorHost(baseUrl) ? VENDOR_API_KEY_HEADER : DEFAULT_API_KEY_HEADER;
}

/** Where a key goes: the environment when one is named (none: a bare base URL), and the base URL its requests go to. */
export interface KeyHeaderTarget {
  environment?: EnvironmentId | undefined;
  baseUrl: string | undefined;
}

/**
 * The one decision of the header that carries the key, for the extension, `cli.js run`,
 * `cli.js capture` and the MCP server alike: the header the person named (the setting,
 * --api-key-header) when given, else the default by where the requests go (defaultApiKeyHeader).
 * Undefined: the name given cannot be a header.
 */
export function apiKeyHeaderFor(target: KeyHeaderTarget, given?: unknown): string | undefined {
  if (given !== undefined) return normaliseApiKeyHeader(given);
  return defaultApiKeyHeader(target.environment ?? 'custom', target.baseUrl);
}

const SECRET_PREFIX = 'healthData.apiKey.';

/**
 * One secret per environment. The custom environment's secret is also bound to its origin, so
 * pointing "Custom" at another server never sends it the key saved for the previous one.
 */
export function apiKeySecretName(id: RemoteEnvironmentId, baseUrl: string): string {
  if (id !== 'custom') return `${SECRET_PREFIX}${id}`;
  return `${SECRET_PREFIX}custom.${new URL(baseUrl).origin}`;
}

export function isApiKeySecretName(name: string): boolean {
  return name.startsWith(SECRET_PREFIX);
}
