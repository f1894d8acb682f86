// The sandbox served from a worker_thread: the client that started it keeps its own thread for its
// own work (parsing, the contract lens, the merge), and a request it sends early (a pipelined page) is
// answered while it works. The worker runs the bundle's entry (dist/sandbox.js, or src/sandbox/cli.ts
// under tsx), which calls serveIfSandboxWorker() before anything else.
import { isMainThread, parentPort, threadId, Worker, workerData } from 'node:worker_threads';
import type { SandboxOptions } from './options';
import { startSandbox } from './server';
import type { SandboxHandle } from './server';

/** What can cross to the worker: every option but the error callback (bugs are logged there). */
export type WorkerSandboxOptions = Omit<SandboxOptions, 'onError'>;

export interface WorkerSandbox extends Pick<SandboxHandle, 'url' | 'apiKey' | 'apiKeyHeader' | 'shape' | 'today' | 'labTests' | 'labAccounts'> {
  /** The worker's thread id: never the caller's. */
  threadId: number;
  /** The fixtures served and the files that cannot be, as loaded at start. */
  fixtureCount(): number;
  fixtureProblems(): readonly string[];
  /** Closes the server, then ends the worker; resolves once it has exited. */
  close(): Promise<void>;
}

/** The worker itself could not run (no worker_threads, the entry not found or not loadable): serve in-thread instead. */
export class SandboxWorkerUnavailable extends Error {
  override readonly name = 'SandboxWorkerUnavailable';
}

const MARK = 'hde-sandbox-worker';

type Started = Omit<WorkerSandbox, 'fixtureCount' | 'fixtureProblems' | 'close'> & { kind: 'started'; fixtureCount: number; fixtureProblems: string[] };
type Failed = { kind: 'failed'; name: string; message: string; code?: string };
type FromWorker = Started | Failed | { kind: 'closed' };

/** The error the sandbox threw at start, rebuilt on this side with its class, message and code. */
function rebuilt(failed: Failed): Error {
  const error = failed.name === 'RangeError' ? new RangeError(failed.message) : failed.name === 'TypeError' ? new TypeError(failed.message) : new Error(failed.message);
  if (failed.code !== undefined) (error as NodeJS.ErrnoException).code = failed.code;
  return error;
}

function workerFor(entry: string, options: WorkerSandboxOptions): Worker {
  const data = { [MARK]: true, options };
  if (!entry.endsWith('.ts')) return new Worker(entry, { workerData: data });
  // Under tsx (tests, benchmarks) a worker cannot load a .ts entry by name: load tsx's require hook first.
  const tsx = require.resolve('tsx/cjs');
  return new Worker(`require(${JSON.stringify(tsx)}); require(${JSON.stringify(entry)});`, { eval: true, workerData: data });
}

/** Starts the sandbox in a worker running `entry`. Errors of the sandbox's start are thrown as they would be in-thread. */
export function startSandboxInWorker(entry: string, options: WorkerSandboxOptions = {}): Promise<WorkerSandbox> {
  return new Promise((resolve, reject) => {
    let worker: Worker;
    try {
      worker = workerFor(entry, options);
    } catch (error) {
      reject(new SandboxWorkerUnavailable(`cannot start a worker: ${String(error)}`));
      return;
    }
    const exited = new Promise<void>((done) => worker.once('exit', () => done()));
    const failedToServe = (error: Error): void => reject(new SandboxWorkerUnavailable(`the sandbox's worker failed before it served: ${String(error)}`));
    const exitedEarly = (code: number): void => reject(new SandboxWorkerUnavailable(`the sandbox's worker exited (${code}) before it served`));
    worker.once('error', failedToServe);
    worker.once('exit', exitedEarly);
    worker.once('message', (message: FromWorker) => {
      worker.off('error', failedToServe);
      worker.off('exit', exitedEarly);
      if (message.kind === 'failed') {
        reject(rebuilt(message));
        return;
      }
      if (message.kind !== 'started') return;
      // After start: an error in the worker is a sandbox bug, as onError is in-thread; the caller's requests then fail.
      worker.on('error', (error) => console.error('Sandbox bug:', error));
      const { kind: _kind, fixtureCount, fixtureProblems, ...handle } = message;
      let closing: Promise<void> | undefined;
      resolve({
        ...handle,
        fixtureCount: () => fixtureCount,
        fixtureProblems: () => fixtureProblems,
        close: () => {
          closing ??= new Promise<void>((done) => {
            worker.once('message', () => void worker.terminate());
            worker.postMessage('close');
            void exited.then(done);
          });
          return closing;
        },
      });
    });
  });
}

/** In a sandbox worker: starts the sandbox from workerData, answers 'close', and returns true. Elsewhere returns false. */
export function serveIfSandboxWorker(): boolean {
  const data = workerData as { [MARK]?: boolean; options?: WorkerSandboxOptions } | null;
  if (isMainThread || parentPort === null || data?.[MARK] !== true) return false;
  const port = parentPort;
  startSandbox({ ...data.options, onError: (error) => console.error('Sandbox bug:', error) }).then(
    (handle) => {
      port.on('message', (message) => {
        if (message === 'close') void handle.close().then(() => port.postMessage({ kind: 'closed' } satisfies FromWorker));
      });
      const started: Started = {
        kind: 'started',
        url: handle.url,
        apiKey: handle.apiKey,
        apiKeyHeader: handle.apiKeyHeader,
        shape: handle.shape,
        today: handle.today,
        labTests: handle.labTests,
        labAccounts: handle.labAccounts,
        threadId,
        fixtureCount: handle.fixtureCount(),
        fixtureProblems: [...handle.fixtureProblems()],
      };
      port.postMessage(started);
    },
    (error: unknown) => {
      const code = (error as NodeJS.ErrnoException | null)?.code;
      port.postMessage({ kind: 'failed', name: error instanceof Error ? error.name : 'Error', message: error instanceof Error ? error.message : String(error), ...(typeof code === 'string' ? { code } : {}) } satisfies FromWorker);
      port.close();
    },
  );
  return true;
}
