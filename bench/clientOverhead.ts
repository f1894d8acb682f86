// Benchmark 1: what HealthApiClient adds to a request. 1,000 sequential listUsers calls (limit 100,
// schema validation on) vs the same requests with bare undici.request + JSON.parse, both over the
// same pool settings against the sandbox (in its own process) on loopback. The two runs alternate
// within each repetition so machine noise hits both alike; the figure is the median ratio.
import { Agent, request } from 'undici';
import { HealthApiClient } from '../src/api/client';
import { listUsersRequest, requestUrl } from '../src/api/requests';
import { emitResults, describeFigure, type BenchFigure } from './lib/results';
import { startSandboxProcess } from './lib/sandboxProcess';
import { median, round } from './lib/stats';

const CALLS = Number(process.env.HDE_BENCH_CALLS ?? 1000);
const REPS = Number(process.env.HDE_BENCH_REPS ?? 7);
const LIMIT = 100;
const BLOCK = 20;
const USERS = 1000;
const POOL = { keepAliveTimeout: 10_000, connections: 16 };

async function main(): Promise<void> {
  const sandbox = await startSandboxProcess({ users: USERS, seed: 7 });
  const clientPool = new Agent(POOL);
  const rawPool = new Agent(POOL);
  const client = new HealthApiClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, dispatcher: clientPool });
  const urls = Array.from({ length: USERS / LIMIT }, (_, i) => requestUrl(sandbox.url, listUsersRequest({ offset: i * LIMIT, limit: LIMIT })));
  const headers = { 'x-service-api-key': sandbox.apiKey, accept: 'application/json', 'user-agent': 'health-data-explorer' };

  const viaClient = async (i: number): Promise<void> => {
    const page = await client.listUsers({ offset: (i % (USERS / LIMIT)) * LIMIT, limit: LIMIT });
    if (page.users.length !== LIMIT) throw new Error(`expected ${LIMIT} users, got ${page.users.length}`);
  };
  const raw = async (i: number): Promise<void> => {
    const response = await request(urls[i % urls.length]!, { method: 'GET', dispatcher: rawPool, headers });
    const page = JSON.parse(await response.body.text()) as { users: unknown[] };
    if (response.statusCode !== 200 || page.users.length !== LIMIT) throw new Error(`raw request failed (${response.statusCode})`);
  };
  /** Runs `calls` sequential calls of one kind; wall and this process's CPU time. */
  const block = async (call: (i: number) => Promise<void>, from: number, calls: number): Promise<{ wall: number; cpu: number }> => {
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    for (let i = from; i < from + calls; i++) await call(i);
    const wall = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    return { wall, cpu: (cpu.user + cpu.system) / 1000 };
  };
  /**
   * One repetition: CALLS calls each way, interleaved in blocks of BLOCK so a burst of load from
   * elsewhere on the machine hits both sides alike.
   */
  const repetition = async (rep: number) => {
    const totals = { client: { wall: 0, cpu: 0 }, raw: { wall: 0, cpu: 0 } };
    for (let from = 0, n = 0; from < CALLS; from += BLOCK, n++) {
      const order = (n + rep) % 2 === 0 ? (['client', 'raw'] as const) : (['raw', 'client'] as const);
      for (const side of order) {
        const result = await block(side === 'client' ? viaClient : raw, from, Math.min(BLOCK, CALLS - from));
        totals[side].wall += result.wall;
        totals[side].cpu += result.cpu;
      }
    }
    return totals;
  };

  try {
    // Warm-up: JIT, connection pools and the sandbox's lazily generated users.
    await repetition(0);
    const clientMs: number[] = [];
    const rawMs: number[] = [];
    const ratios: number[] = [];
    const cpuRatios: number[] = [];
    const clientCpuMs: number[] = [];
    const rawCpuMs: number[] = [];
    for (let rep = 0; rep < REPS; rep++) {
      const { client: c, raw: r } = await repetition(rep + 1);
      clientMs.push(round(c.wall));
      rawMs.push(round(r.wall));
      ratios.push(round(c.wall / r.wall, 3));
      clientCpuMs.push(round(c.cpu));
      rawCpuMs.push(round(r.cpu));
      cpuRatios.push(round(c.cpu / r.cpu, 3));
      process.stderr.write(
        `  rep ${rep + 1}/${REPS}: client ${c.wall.toFixed(0)} ms, raw ${r.wall.toFixed(0)} ms, ratio ${(c.wall / r.wall).toFixed(3)}` +
          ` (client-side CPU ${c.cpu.toFixed(0)} vs ${r.cpu.toFixed(0)} ms)\n`,
      );
    }
    const ratio = median(ratios);
    const figure: BenchFigure = {
      id: 'clientOverhead',
      title: `Client overhead: ${CALLS} listUsers (limit ${LIMIT})`,
      figure: { value: round(median(clientMs)), unit: 'ms' },
      baseline: { value: round(median(rawMs)), unit: 'ms', what: 'undici.request + JSON.parse, same pool settings' },
      ratio: round(ratio, 3),
      target: 'ratio ≤ 1.10',
      meetsTarget: ratio <= 1.1,
      details: {
        reps: REPS,
        perCallClientMs: round(median(clientMs) / CALLS, 3),
        perCallRawMs: round(median(rawMs) / CALLS, 3),
        clientMs,
        rawMs,
        ratios,
        clientSideCpuMs: { client: clientCpuMs, raw: rawCpuMs, ratios: cpuRatios, medianRatio: median(cpuRatios) },
      },
      note: `Sequential calls interleaved in blocks of ${BLOCK}; median of ${REPS} per-repetition ratios; the sandbox runs in its own process.`,
    };
    console.log(describeFigure(figure));
    emitResults('clientOverhead', [figure]);
  } finally {
    await client.close();
    await rawPool.close();
    await sandbox.stop();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
