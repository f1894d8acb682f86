// Runs the real sandbox in its own process for a benchmark, so the server does not share the
// benchmark's event loop (the extension talks to a server in another process, too).
// Options arrive as JSON in argv[2]; the base URL and key go back over IPC.
import type { SandboxOptions } from '../../src/sandbox/options';
import { startSandbox } from '../../src/sandbox/server';

async function main(): Promise<void> {
  const options = JSON.parse(process.argv[2] ?? '{}') as SandboxOptions;
  const handle = await startSandbox({ ...options, port: options.port ?? 0 });
  process.send?.({ url: handle.url, apiKey: handle.apiKey });
  process.on('disconnect', () => void handle.close().finally(() => process.exit(0)));
}

void main();
