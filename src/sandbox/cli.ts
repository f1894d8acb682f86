// Entry point of dist/sandbox.js. Run directly it starts the sandbox and prints how to reach it;
// required (by the extension, lazily) it only exports startSandbox and startSandboxInWorker; run as
// a sandbox worker (startSandboxInWorker) it serves from that worker.
import { parseArgs, USAGE } from './cliArgs';
import { HEAVY_CLIENT_USER_ID } from './data/sampleUsers';
import { startSandbox } from './server';
import type { SandboxHandle } from './server';
import { serveIfSandboxWorker, startSandboxInWorker as startInWorker, SandboxWorkerUnavailable } from './sandboxWorker';
import type { WorkerSandbox, WorkerSandboxOptions } from './sandboxWorker';

export { startSandbox, SandboxWorkerUnavailable };
export type { SandboxHandle, WorkerSandbox, WorkerSandboxOptions };

/** The sandbox served from a worker thread running this very file (dist/sandbox.js once bundled). */
export const startSandboxInWorker = (options: WorkerSandboxOptions = {}): Promise<WorkerSandbox> => startInWorker(__filename, options);
export type { SandboxOptions } from './options';
export type { Fault } from './faults';

function describe(handle: SandboxHandle, heavyReadings: number | undefined, fixturesDir: string | undefined): string {
  const idWidth = Math.max(...handle.labTests.map((t) => t.id.length));
  const lines = [
    'Health Data Explorer sandbox — sample data, not real patients',
    `Base URL: ${handle.url}`,
    `API key:  ${handle.apiKey}`,
    `Key header: ${handle.apiKeyHeader}`,
    `Shape:    ${handle.shape === 'vendor' ? "vendor (as the vendor's published schema allows; see --help)" : 'spec'}`,
    'Lab tests:',
    ...handle.labTests.map((t) => `  ${t.id.padEnd(idWidth)}  ${t.name}`),
    'Lab accounts:',
    ...handle.labAccounts.map((a) => `  ${a.id.padEnd(idWidth)}  ${a.name}`),
  ];
  if (fixturesDir !== undefined) {
    const problems = handle.fixtureProblems();
    lines.push(`Fixtures: ${handle.fixtureCount()} from ${fixturesDir}${problems.length > 0 ? `; ${problems.length} not served:` : ''}`);
    lines.push(...problems.map((problem) => `  ${problem}`));
  }
  if (heavyReadings !== undefined) lines.push(`Heavy reader: client_user_id ${HEAVY_CLIENT_USER_ID} (${heavyReadings} readings)`);
  lines.push('Press Ctrl+C to stop.');
  return lines.join('\n');
}

export async function main(argv: readonly string[]): Promise<number> {
  const parsed = parseArgs(argv);
  if (parsed.kind === 'help') {
    console.log(USAGE);
    return 0;
  }
  if (parsed.kind === 'error') {
    console.error(`${parsed.message}\n\n${USAGE}`);
    return 2;
  }
  let handle: SandboxHandle;
  try {
    handle = await startSandbox({ ...parsed.options, onError: (error) => console.error('Sandbox bug:', error) });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'EADDRINUSE' ? `port ${parsed.options.port} is already in use (try --port 0)` : String(error);
    console.error(`Could not start the sandbox: ${reason}`);
    return error instanceof RangeError ? 2 : 1;
  }
  // Listen for signals before printing: whoever waits for the banner may signal right away.
  const stopped = new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  console.log(describe(handle, parsed.options.heavyUserReadings, parsed.options.fixturesDir));
  await stopped;
  await handle.close();
  console.log('Sandbox stopped.');
  return 0;
}

// A sandbox worker serves until its starter closes it; only the main thread runs the CLI.
if (!serveIfSandboxWorker() && require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
