// Benchmark 2: every user of a 100,000-user team through iterateUserPages (pageSize 500, several
// pages in flight, each page validated) vs the raw transfer of the same pages: undici.request +
// body.text() with the same number of requests in flight, nothing parsed. The sandbox runs in its
// own process; a sweep picks the concurrency first, then the two alternate for the median.
import { Agent, request } from 'undici';
import { HealthApiClient } from '../src/api/client';
import { iterateUserPages } from '../src/api/paging';
import { listUsersRequest, requestUrl } from '../src/api/requests';
import { describeFigure, emitResults, type BenchFigure } from './lib/results';
import { startSandboxProcess } from './lib/sandboxProcess';
import { median, round } from './lib/stats';

const USERS = Number(process.env.HDE_BENCH_USERS ?? 100_000);
const PAGE_SIZE = 500;
const REPS = Number(process.env.HDE_BENCH_REPS ?? 5);
const SWEEP = [1, 2, 4, 8];
const POOL = { keepAliveTimeout: 10_000, connections: 16 };

async function main(): Promise<void> {
  const sandbox = await startSandboxProcess({ users: USERS, seed: 3 });
  const clientPool = new Agent(POOL);
  const rawPool = new Agent(POOL);
  const client = new HealthApiClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, dispatcher: clientPool });
  const headers = { 'x-service-api-key': sandbox.apiKey, accept: 'application/json', 'user-agent': 'health-data-explorer' };

  const viaPaging = async (concurrency: number): Promise<number> => {
    const started = performance.now();
    let users = 0;
    for await (const page of iterateUserPages(client, { pageSize: PAGE_SIZE, concurrency })) users += page.users.length;
    if (users !== USERS) throw new Error(`paging saw ${users} users, expected ${USERS}`);
    return performance.now() - started;
  };

  const fetchRaw = async (offset: number): Promise<number> => {
    const url = requestUrl(sandbox.url, listUsersRequest({ offset, limit: PAGE_SIZE }));
    const response = await request(url, { method: 'GET', dispatcher: rawPool, headers });
    const text = await response.body.text();
    if (response.statusCode !== 200) throw new Error(`raw request failed (${response.statusCode})`);
    return text.length;
  };
  /** The same pages, the same way: the first one, then the rest with `concurrency` in flight. */
  const raw = async (concurrency: number): Promise<number> => {
    const started = performance.now();
    await fetchRaw(0);
    let next = PAGE_SIZE;
    const worker = async (): Promise<void> => {
      while (next < USERS) {
        const offset = next;
        next += PAGE_SIZE;
        await fetchRaw(offset);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    return performance.now() - started;
  };

  try {
    await viaPaging(4); // warm-up: JIT, pools, and the sandbox generates its 100,000 users once
    await raw(4);
    const sweep: Record<string, number> = {};
    for (const concurrency of SWEEP) {
      sweep[concurrency] = round(await viaPaging(concurrency));
      process.stderr.write(`  concurrency ${concurrency}: ${sweep[concurrency]} ms\n`);
    }
    // The fewest requests in flight within 5 % of the fastest: no point loading the server more.
    const fastest = Math.min(...SWEEP.map((c) => sweep[c]!));
    const best = SWEEP.find((c) => sweep[c]! <= fastest * 1.05) ?? SWEEP[SWEEP.length - 1]!;
    const pagingMs: number[] = [];
    const rawMs: number[] = [];
    const ratios: number[] = [];
    for (let rep = 0; rep < REPS; rep++) {
      const first = rep % 2 === 0 ? 'paging' : 'raw';
      const a = first === 'paging' ? await viaPaging(best) : await raw(best);
      const b = first === 'paging' ? await raw(best) : await viaPaging(best);
      const [p, r] = first === 'paging' ? [a, b] : [b, a];
      pagingMs.push(round(p));
      rawMs.push(round(r));
      ratios.push(round(p / r, 3));
      process.stderr.write(`  rep ${rep + 1}/${REPS}: paging ${p.toFixed(0)} ms, raw ${r.toFixed(0)} ms, ratio ${(p / r).toFixed(3)}\n`);
    }
    const ratio = median(ratios);
    const figure: BenchFigure = {
      id: 'allUsers',
      title: `All ${USERS.toLocaleString('en-US')} users via iterateUserPages (page ${PAGE_SIZE}, ${best} in flight)`,
      figure: { value: round(median(pagingMs)), unit: 'ms' },
      baseline: { value: round(median(rawMs)), unit: 'ms', what: `raw undici.request + body.text(), ${best} in flight` },
      ratio: round(ratio, 3),
      target: 'ratio ≤ 1.5',
      meetsTarget: ratio <= 1.5,
      details: { reps: REPS, concurrency: best, concurrencySweepMs: sweep, pagingMs, rawMs, ratios },
      note: 'Median of per-repetition ratios; concurrency: the fewest in flight within 5 % of the fastest in a sweep of the paging helper.',
    };
    console.log(describeFigure(figure));
    emitResults('allUsers', [figure]);
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
