// Runs the real sandbox in its own process for a benchmark, so the server does not share the
// benchmark's event loop (the extension talks to a server in another process, too).
// Options arrive as JSON in argv[2]; the base URL and key go back over IPC.
// Asked with 'requestTimes', it answers with when each request since the last ask came in and when
// its response was finished, in epoch milliseconds (comparable with a browser's timeOrigin + now).
import { Server, type ServerResponse } from 'node:http';
import type { SandboxOptions } from '../../src/sandbox/options';
import { startSandbox } from '../../src/sandbox/server';

export interface RequestTime {
  url: string;
  arrivedAt: number;
  finishedAt?: number;
}

const epochNow = (): number => performance.timeOrigin + performance.now();

/** Notes every request the process's HTTP servers receive (the sandbox's own server included). */
function recordRequestTimes(): RequestTime[] {
  const times: RequestTime[] = [];
  const emit = Server.prototype.emit;
  Server.prototype.emit = function (this: Server, event: string, ...args: unknown[]): boolean {
    if (event === 'request') {
      const time: RequestTime = { url: (args[0] as { url?: string }).url ?? '', arrivedAt: epochNow() };
      times.push(time);
      (args[1] as ServerResponse).once('finish', () => (time.finishedAt = epochNow()));
    }
    return (emit as (this: Server, event: string, ...rest: unknown[]) => boolean).call(this, event, ...args);
  } as typeof emit;
  return times;
}

async function main(): Promise<void> {
  const times = recordRequestTimes();
  process.on('message', (message) => {
    if (message === 'requestTimes') process.send?.({ requestTimes: times.splice(0) });
  });
  const options = JSON.parse(process.argv[2] ?? '{}') as SandboxOptions;
  const handle = await startSandbox({ ...options, port: options.port ?? 0 });
  process.send?.({ url: handle.url, apiKey: handle.apiKey });
  process.on('disconnect', () => void handle.close().finally(() => process.exit(0)));
}

void main();
