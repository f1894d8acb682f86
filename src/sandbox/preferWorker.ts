// The one rule for starting the sandbox off the caller's thread: in a worker thread (dist/sandbox.js's
// startSandboxInWorker), and in the caller's own thread when no worker can start. No imports: the
// command line (and any shell module) can use it without loading the sandbox's bundle.

export interface SandboxStarters<Options, Handle> {
  startSandbox(options: Options): Promise<Handle>;
  startSandboxInWorker(options: Options): Promise<Handle>;
  /** What startSandboxInWorker throws when the worker itself cannot run (not the sandbox refusing an option). */
  SandboxWorkerUnavailable: new (...args: never[]) => Error;
}

export function preferWorker<Options, Handle>(sandbox: SandboxStarters<Options, Handle>): (options: Options) => Promise<Handle> {
  return async (options) => {
    try {
      return await sandbox.startSandboxInWorker(options);
    } catch (error) {
      if (!(error instanceof sandbox.SandboxWorkerUnavailable)) throw error;
      return sandbox.startSandbox(options);
    }
  };
}
