// startSandbox options: defaults and checks (a bad option is a programming error: it throws).
import { MAX_USERS } from './data/sampleUsers';
import { MS_PER_DAY } from './data/timeZones';
import { SANDBOX_SHAPES, type SandboxShape } from './data/vendorShape';

export interface SandboxOptions {
  /** Interface to listen on; default 127.0.0.1. */
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Value expected in x-service-api-key; default 'sandbox-key'. */
  apiKey?: string;
  /** Header that must carry the key; default x-service-api-key (the spec's). Only this one is accepted. */
  apiKeyHeader?: string;
  /** Number of sample users; default 60. */
  users?: number;
  /** Seed of the sample data; default 1. */
  seed?: number;
  /** Most readings per blood-pressure page; default 2000. */
  bloodPressurePageSize?: number;
  /** Adds user 'sample-heavy-reader' (listed first) with exactly this many readings over the last year. */
  heavyUserReadings?: number;
  /** Script/HTML payloads in every free-text field, javascript:/data: logos (hardening tests). */
  hostile?: boolean;
  /** About 5 % of users get `fallback_time_zone: null`, as the real service sends despite the spec (tolerance tests). Default false: always sent. */
  nullTimeZones?: boolean;
  /** "YYYY-MM-DD" the data is relative to; default the current UTC date. Pin it for reproducible data. */
  today?: string;
  /**
   * `spec` (default): every field of the spec, nothing else. `vendor`: bodies as the vendor's
   * published schema allows (src/sandbox/data/vendorShape.ts), and /v2/user/ answered with a 307
   * to /v2/user as the vendor's service does.
   */
  shape?: SandboxShape;
  /** A folder of scrubbed fixtures (src/sandbox/fixtures/fixtureFile.ts) served beside the sample data. */
  fixturesDir?: string;
  /** Called with unexpected errors (a bug in the sandbox); the client gets a FastAPI-shaped 500. */
  onError?: (error: unknown) => void;
}

export interface ResolvedOptions {
  host: string;
  port: number;
  apiKey: string;
  apiKeyHeader: string;
  users: number;
  seed: number;
  bloodPressurePageSize: number;
  heavyUserReadings: number | undefined;
  hostile: boolean;
  nullTimeZones: boolean;
  today: number;
  shape: SandboxShape;
  fixturesDir: string | undefined;
  onError: (error: unknown) => void;
}

function integer(name: string, value: number | undefined, fallback: number, min: number, max: number): number {
  const resolved = value ?? fallback;
  if (!Number.isInteger(resolved) || resolved < min || resolved > max) {
    throw new RangeError(`startSandbox: ${name} must be an integer from ${min} to ${max}, got ${String(value)}`);
  }
  return resolved;
}

function parseToday(today: string | undefined): number {
  if (today === undefined) return Math.floor(Date.now() / MS_PER_DAY);
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(today) ? Date.parse(`${today}T00:00:00Z`) : Number.NaN;
  if (Number.isNaN(ms)) throw new RangeError(`startSandbox: today must be YYYY-MM-DD, got ${today}`);
  return Math.floor(ms / MS_PER_DAY);
}

function parseShape(shape: unknown): SandboxShape {
  if (shape === undefined) return 'spec';
  if (!(SANDBOX_SHAPES as readonly unknown[]).includes(shape)) throw new RangeError(`startSandbox: shape must be ${SANDBOX_SHAPES.join(' or ')}, got ${String(shape)}`);
  return shape as SandboxShape;
}

export function resolveOptions(options: SandboxOptions = {}): ResolvedOptions {
  const apiKey = options.apiKey ?? 'sandbox-key';
  if (typeof apiKey !== 'string' || apiKey.length === 0) throw new RangeError('startSandbox: apiKey must be a non-empty string');
  // The spec's header unless a deployment's other name is asked for (then only that one).
  const apiKeyHeader = (options.apiKeyHeader ?? 'x-service-api-key').toLowerCase();
  if (!/^[!#$%&'*+.^_`|~0-9a-z-]{1,64}$/.test(apiKeyHeader)) throw new RangeError(`startSandbox: apiKeyHeader must be an HTTP header name, got ${String(options.apiKeyHeader)}`);
  return {
    host: options.host ?? '127.0.0.1',
    port: integer('port', options.port, 0, 0, 65_535),
    apiKey,
    apiKeyHeader,
    users: integer('users', options.users, 60, 0, MAX_USERS),
    seed: integer('seed', options.seed, 1, 0, 0xffff_ffff),
    bloodPressurePageSize: integer('bloodPressurePageSize', options.bloodPressurePageSize, 2000, 1, 10_000_000),
    heavyUserReadings:
      options.heavyUserReadings === undefined
        ? undefined
        : integer('heavyUserReadings', options.heavyUserReadings, 0, 0, 50_000_000),
    hostile: options.hostile ?? false,
    nullTimeZones: options.nullTimeZones ?? false,
    today: parseToday(options.today),
    shape: parseShape(options.shape),
    fixturesDir: options.fixturesDir,
    onError: options.onError ?? (() => undefined),
  };
}
