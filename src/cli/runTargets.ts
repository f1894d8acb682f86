// Where `run` sends a notebook's requests: the plan each notebook's front matter and the flags make
// (the built-in sandbox, in spec or vendor shape or serving a recording; or a remote API with its key
// and key header), and the connection made from it. The bundles shipped beside dist/cli.js are
// loaded at run time, so the command line's own bundle stays small.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import type * as ApiClientModule from '../api/client';
import type { HealthApiClient, HealthApiClientOptions } from '../api/client';
import type { EnvironmentId } from '../domain/environments';
import { ENVIRONMENT_LABELS, resolveRemoteTarget } from '../mcp/serverArgs';
import { preferWorker, type SandboxStarters } from '../sandbox/preferWorker';
import type { NotebookFile } from '../notebook/model';
import type { NotebookRunTarget } from '../notebook/notebookRunner';
import type { CliIo } from './cliCommand';
import type { RunArgs } from './runArgs';

export interface StartedSandbox {
  url: string;
  apiKey: string;
  apiKeyHeader: string;
  /** With fixtures: how many it serves, and the files it cannot serve. */
  fixtureCount?(): number;
  fixtureProblems?(): readonly string[];
  close(): Promise<void>;
}

/** What the command reaches outside itself; the defaults load the bundles shipped beside dist/cli.js. */
export interface RunDependencies {
  startSandbox(options: { host: string; port: number; shape: 'spec' | 'vendor'; fixturesDir?: string; users?: number }): Promise<StartedSandbox>;
  createClient(options: HealthApiClientOptions): HealthApiClient;
  readFile(file: string): Promise<string>;
  writeFile(file: string, text: string): Promise<void>;
  now?: () => Date;
  /** Called with a function that stops the run (Ctrl+C); returns the unhook. */
  onInterrupt?: (stop: () => void) => () => void;
}


export type TargetPlan = { kind: 'sandbox'; shape: 'spec' | 'vendor'; fixturesDir?: string } | { kind: 'remote'; baseUrl: string; apiKey: string; apiKeyHeader: string; environment: { id: EnvironmentId; label: string } };

function bundled<T>(file: string): T {
  // A computed path: esbuild leaves these bundles out of dist/cli.js; they ship beside it.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a runtime load by design, see above
  return require(path.join(__dirname, file)) as T;
}

/** What `run` uses of dist/sandbox.js (src/sandbox/cli.ts). */
export type SandboxModule = SandboxStarters<Parameters<RunDependencies['startSandbox']>[0], StartedSandbox>;

/**
 * Starts the sandbox in a worker thread, so that the run's own work (parsing, the lens, the merge)
 * and the serving of the next page overlap; in this thread when a worker cannot run.
 */
export const sandboxStarter = (sandbox: SandboxModule): RunDependencies['startSandbox'] => preferWorker(sandbox);

export const DEFAULT_DEPENDENCIES: RunDependencies = {
  startSandbox: (options) => sandboxStarter(bundled<SandboxModule>('sandbox.js'))(options),
  createClient: (options) => new (bundled<typeof ApiClientModule>('apiClient.js').HealthApiClient)(options),
  readFile: (file) => readFile(file, 'utf8'),
  writeFile: async (file, text) => {
    await mkdir(path.dirname(path.resolve(file)), { recursive: true });
    await writeFile(file, text, 'utf8');
  },
  onInterrupt: (stop) => {
    process.once('SIGINT', stop);
    return () => process.off('SIGINT', stop);
  },
};

/**
 * The target of one notebook (read from `file`), or why it has none. A notebook whose front matter
 * names `fixtures:` (a saved investigation) runs against the sandbox serving that folder, relative
 * to the notebook, unless the flags name another target.
 */
export function planFor(notebook: NotebookFile, args: RunArgs, env: CliIo['env'], file = ''): TargetPlan | { error: string } {
  const remote = (flags: { baseUrl?: string | undefined; environment?: Exclude<EnvironmentId, 'local'> | undefined }): TargetPlan | { error: string } => {
    const resolved = resolveRemoteTarget(
      { ...flags, apiKeyHeader: args.apiKeyHeader, allowProduction: args.allowProduction },
      env,
      (label) => `${label} is production: run against it only with --allow-production`,
    );
    return resolved.kind === 'error' ? { error: resolved.message } : { ...resolved, kind: 'remote' };
  };
  if (args.fixturesDir !== undefined) return { kind: 'sandbox', shape: 'spec', fixturesDir: args.fixturesDir };
  if (args.target?.kind === 'sandbox') return { kind: 'sandbox', shape: args.target.shape };
  if (args.target?.kind === 'remote') return remote(args.target);
  if (notebook.fixtures !== undefined) return { kind: 'sandbox', shape: 'spec', fixturesDir: path.resolve(path.dirname(file), notebook.fixtures) };
  const named = notebook.environment;
  if (named === undefined) return { error: 'names no environment: add "environment: local" (or sandboxUs…) to its front matter, or pass --sandbox, --environment ID or --base-url URL' };
  if (named === 'local') return { kind: 'sandbox', shape: 'spec' };
  if (named === 'custom') return { error: 'runs against a custom environment: pass its --base-url URL' };
  return remote({ environment: named });
}

export const planKey = (plan: TargetPlan): string => (plan.kind === 'sandbox' ? `sandbox:${plan.shape}:${plan.fixturesDir ?? ''}` : `${plan.baseUrl} ${plan.apiKeyHeader}`);

export async function connect(plan: TargetPlan, deps: RunDependencies, onRequest: HealthApiClientOptions['onRequest']): Promise<{ target: NotebookRunTarget; close(): Promise<void> }> {
  const listening = onRequest ? { onRequest } : {};
  if (plan.kind === 'sandbox') {
    // A recording is served alone: no sample users beside its own.
    const sandbox = await deps.startSandbox({ host: '127.0.0.1', port: 0, shape: plan.shape, ...(plan.fixturesDir !== undefined ? { fixturesDir: plan.fixturesDir, users: 0 } : {}) });
    let client: HealthApiClient;
    try {
      if (plan.fixturesDir !== undefined && sandbox.fixtureCount?.() === 0) {
        throw new Error(`it holds no fixture the sandbox can serve${sandbox.fixtureProblems?.().length ? ` (${sandbox.fixtureProblems().join('; ')})` : ''}`);
      }
      client = deps.createClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, apiKeyHeader: sandbox.apiKeyHeader, ...listening });
    } catch (error) {
      // A sandbox left listening would keep the process (and a CI job) alive after the error.
      await sandbox.close();
      throw error;
    }
    const label = plan.fixturesDir !== undefined ? `the recording in ${plan.fixturesDir}` : plan.shape === 'vendor' ? `${ENVIRONMENT_LABELS.local}, vendor-shaped` : ENVIRONMENT_LABELS.local;
    return {
      target: { client, environment: { id: 'local', label } },
      close: async () => {
        await client.close();
        await sandbox.close();
      },
    };
  }
  const client = deps.createClient({ baseUrl: plan.baseUrl, apiKey: plan.apiKey, apiKeyHeader: plan.apiKeyHeader, ...listening });
  return { target: { client, environment: { id: plan.environment.id, label: plan.environment.label } }, close: () => client.close() };
}
