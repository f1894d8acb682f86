// The extension host's JavaScript heap, read from outside: SIGUSR1 makes that node process open its
// inspector (127.0.0.1:9229, nothing is exposed beyond this machine), and the DevTools protocol
// collects garbage and reports the heap in use. Linux only, like the rest of the workbench bench.
import { execFileSync } from 'node:child_process';
import { WebSocket } from 'undici';

const INSPECTOR_PORT = 9229;

export interface HeapReading {
  usedBytes: number;
  totalBytes: number;
}

/** The one extension host of the code-server under test (its process carries --type=extensionHost). */
export function extensionHostPid(serverPid: number): number {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' }).split('\n');
  const processes = rows
    .map((row) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(row))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ pid: Number(match[1]), ppid: Number(match[2]), args: match[3]! }));
  const descendants = new Set([serverPid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const entry of processes) {
      if (descendants.has(entry.ppid) && !descendants.has(entry.pid)) {
        descendants.add(entry.pid);
        grew = true;
      }
    }
  }
  const hosts = processes.filter((entry) => descendants.has(entry.pid) && entry.args.includes('--type=extensionHost'));
  if (hosts.length !== 1) throw new Error(`expected one extension host under process ${serverPid}, found ${hosts.length}`);
  return hosts[0]!.pid;
}

/** Opens the inspector of `pid` once, then measures after a full garbage collection. */
export async function measureHeap(pid: number): Promise<HeapReading> {
  const url = await inspectorUrl(pid);
  const socket = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error(`could not connect to ${url}`)), { once: true });
  });
  let nextId = 1;
  const pending = new Map<number, (result: unknown) => void>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) pending.get(message.id)?.(message.result);
  });
  const call = (method: string): Promise<unknown> =>
    new Promise((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      socket.send(JSON.stringify({ id, method }));
    });
  try {
    await call('HeapProfiler.collectGarbage');
    await call('HeapProfiler.collectGarbage');
    const usage = (await call('Runtime.getHeapUsage')) as { usedSize: number; totalSize: number };
    return { usedBytes: usage.usedSize, totalBytes: usage.totalSize };
  } finally {
    socket.close();
  }
}

async function inspectorUrl(pid: number): Promise<string> {
  const existing = await listTargets().catch(() => undefined);
  if (!existing) process.kill(pid, 'SIGUSR1');
  for (let attempt = 0; attempt < 50; attempt++) {
    const targets = existing ?? (await listTargets().catch(() => undefined));
    const url = targets?.[0]?.webSocketDebuggerUrl;
    if (url) return url;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the extension host (pid ${pid}) did not open its inspector on port ${INSPECTOR_PORT}`);
}

async function listTargets(): Promise<Array<{ webSocketDebuggerUrl?: string }>> {
  const response = await fetch(`http://127.0.0.1:${INSPECTOR_PORT}/json/list`);
  return (await response.json()) as Array<{ webSocketDebuggerUrl?: string }>;
}
