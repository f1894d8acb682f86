import * as path from 'node:path';
import { preferWorker, type SandboxStarters } from '../sandbox/preferWorker';
import type { SampleLabTest } from '../services';
import type { LocalSandboxShape } from '../storage/shellSettings';

export interface EmbeddedSandbox {
  url: string;
  apiKey: string;
  labTests: SampleLabTest[];
  /** How it shapes its bodies. */
  shape?: LocalSandboxShape;
  close(): Promise<void>;
}

type SandboxModule = SandboxStarters<{ host?: string; port?: number; shape?: LocalSandboxShape; fixturesDir?: string; users?: number }, EmbeddedSandbox>;

/**
 * Starts the sample-data server from its own bundle, dist/sandbox.js. It is loaded with a computed
 * path so esbuild leaves it out of extension.js: activation never pays for it, and only the local
 * sandbox environment ever loads it. It serves from a worker thread (the extension host stays free
 * while it serves a heavy reader), from the extension host's thread when no worker can start.
 */
export function startEmbeddedSandbox(extensionPath: string, shape: LocalSandboxShape = 'spec', fixturesDir?: string): Promise<EmbeddedSandbox> {
  const bundle = path.join(extensionPath, 'dist', 'sandbox.js');
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a runtime load by design, see above
  const sandboxModule = require(bundle) as SandboxModule;
  // fixturesDir: the workspace's saved fixtures (Save as Sandbox Fixture), served beside the sample data.
  return preferWorker(sandboxModule)({ host: '127.0.0.1', port: 0, shape, ...(fixturesDir ? { fixturesDir } : {}) });
}

/** A saved investigation's world: the sandbox serving one recording's folder alone (no sample users beside its own). */
export function startRecordingSandbox(extensionPath: string, fixturesDir: string): Promise<EmbeddedSandbox> {
  const bundle = path.join(extensionPath, 'dist', 'sandbox.js');
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a runtime load by design, see above
  const sandboxModule = require(bundle) as SandboxModule;
  return preferWorker(sandboxModule)({ host: '127.0.0.1', port: 0, fixturesDir, users: 0 });
}
