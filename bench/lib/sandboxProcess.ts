import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { SandboxOptions } from '../../src/sandbox/options';
import type { RequestTime } from './sandboxChild';

export interface SandboxProcess {
  url: string;
  apiKey: string;
  /** The requests since the last call: when each came in and was answered (epoch ms). */
  requestTimes(): Promise<RequestTime[]>;
  stop(): Promise<void>;
}

/** Starts the sandbox in a child process and resolves once it listens. */
export function startSandboxProcess(options: Omit<SandboxOptions, 'onError'>): Promise<SandboxProcess> {
  const child: ChildProcess = fork(join(__dirname, 'sandboxChild.ts'), [JSON.stringify(options)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the sandbox process exited early (${code})`)));
    child.once('message', (message) => {
      const { url, apiKey } = message as { url: string; apiKey: string };
      resolve({
        url,
        apiKey,
        requestTimes: () =>
          new Promise<RequestTime[]>((done) => {
            child.once('message', (answer) => done((answer as { requestTimes: RequestTime[] }).requestTimes));
            child.send('requestTimes');
          }),
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.removeAllListeners('exit');
            child.once('exit', () => done());
            child.disconnect();
            setTimeout(() => child.kill('SIGKILL'), 5000).unref();
          }),
      });
    });
  });
}
