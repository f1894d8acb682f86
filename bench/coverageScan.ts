// Benchmark: Scan Data Coverage's engine over a 10,000-user team, 30-day window, 4 users in flight
// (the setting's default), vs the raw transfer of the very same requests: undici.request +
// JSON.parse, each user's requests one after another, 4 users in flight, in the same run. The
// requests are recorded from a first (warm-up) scan, cursor pages and silent-source probes included,
// so both sides fetch exactly the same URLs. The sandbox runs in its own process.
import { Agent, request } from 'undici';
import { HealthApiClient, type CallOptions } from '../src/api/client';
import { iterateUserPages } from '../src/api/paging';
import { groupedBloodPressureRequest, requestUrl, type BloodPressureQuery } from '../src/api/requests';
import type { GroupedBloodPressure, User } from '../src/api/schemas';
import { scanCoverage } from '../src/domain/coverageScan';
import { describeFigure, emitResults, type BenchFigure } from './lib/results';
import { startSandboxProcess } from './lib/sandboxProcess';
import { median, round } from './lib/stats';

const USERS = Number(process.env.HDE_BENCH_SCAN_USERS ?? 10_000);
const DAYS = 30;
const CONCURRENCY = 4;
const REPS = Number(process.env.HDE_BENCH_REPS ?? 3);
const POOL = { keepAliveTimeout: 10_000, connections: 16 };

/** The real client, writing down every blood-pressure request it is asked for, per user, in order. */
class RecordingClient extends HealthApiClient {
  recorded: Map<string, BloodPressureQuery[]> | undefined;
  override getGroupedBloodPressure(userId: string, query: BloodPressureQuery, opts: CallOptions = {}): Promise<GroupedBloodPressure> {
    if (this.recorded) {
      const list = this.recorded.get(userId) ?? [];
      list.push({ ...query });
      this.recorded.set(userId, list);
    }
    return super.getGroupedBloodPressure(userId, query, opts);
  }
}

async function main(): Promise<void> {
  const sandbox = await startSandboxProcess({ users: USERS, seed: 3 });
  const clientPool = new Agent(POOL);
  const rawPool = new Agent(POOL);
  const client = new RecordingClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, dispatcher: clientPool });
  const headers = { 'x-service-api-key': sandbox.apiKey, accept: 'application/json', 'user-agent': 'health-data-explorer' };
  try {
    const users: User[] = [];
    for await (const page of iterateUserPages(client, { pageSize: 500, concurrency: 2 })) users.push(...page.users);
    if (users.length !== USERS) throw new Error(`listed ${users.length} users, expected ${USERS}`);

    const scan = async (): Promise<{ ms: number; requests: number; scanned: number }> => {
      const started = performance.now();
      const result = await scanCoverage(client, users, { days: DAYS, concurrency: CONCURRENCY });
      const ms = performance.now() - started;
      const scanned = result.rows.filter((r) => r.status === 'scanned').length;
      if (scanned !== USERS) throw new Error(`scanned ${scanned} of ${USERS}`);
      return { ms, requests: result.requests, scanned };
    };

    // Warm-up and recording: the requests the scan makes (the sandbox's data is fixed for the day).
    client.recorded = new Map();
    const warm = await scan();
    const recorded = users.map((u) => client.recorded!.get(u.user_id) ?? []);
    client.recorded = undefined;
    const requestCount = recorded.reduce((sum, list) => sum + list.length, 0);
    log(`warm-up scan: ${warm.ms.toFixed(0)} ms, ${requestCount} requests for ${USERS} users`);

    const raw = async (): Promise<number> => {
      const started = performance.now();
      let next = 0;
      let readings = 0;
      const worker = async (): Promise<void> => {
        while (next < recorded.length) {
          const index = next++;
          for (const query of recorded[index]!) {
            const url = requestUrl(sandbox.url, groupedBloodPressureRequest(users[index]!.user_id, query));
            const response = await request(url, { method: 'GET', dispatcher: rawPool, headers });
            const body = JSON.parse(await response.body.text()) as GroupedBloodPressure;
            if (response.statusCode !== 200) throw new Error(`raw request failed (${response.statusCode})`);
            readings += Object.keys(body.groups).length;
          }
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      if (readings === 0) throw new Error('the raw transfer saw no data');
      return performance.now() - started;
    };
    await raw(); // warm the raw side's pool and JIT too

    const scanMs: number[] = [];
    const rawMs: number[] = [];
    const ratios: number[] = [];
    for (let rep = 0; rep < REPS; rep++) {
      const scanFirst = rep % 2 === 0;
      const a = scanFirst ? (await scan()).ms : await raw();
      const b = scanFirst ? await raw() : (await scan()).ms;
      const [s, r] = scanFirst ? [a, b] : [b, a];
      scanMs.push(round(s));
      rawMs.push(round(r));
      ratios.push(round(s / r, 3));
      log(`rep ${rep + 1}/${REPS}: scan ${s.toFixed(0)} ms, raw ${r.toFixed(0)} ms, ratio ${(s / r).toFixed(3)}`);
    }
    const ratio = median(ratios);
    const figure: BenchFigure = {
      id: 'coverageScan',
      title: `Coverage scan: ${USERS.toLocaleString('en-US')} users, ${DAYS}-day window, ${CONCURRENCY} in flight (${requestCount.toLocaleString('en-US')} requests)`,
      figure: { value: round(median(scanMs)), unit: 'ms' },
      baseline: { value: round(median(rawMs)), unit: 'ms', what: `raw undici.request + JSON.parse of the same requests, ${CONCURRENCY} users in flight` },
      ratio: round(ratio, 3),
      target: 'ratio ≤ 1.3',
      meetsTarget: ratio <= 1.3,
      details: { reps: REPS, requests: requestCount, scanMs, rawMs, ratios },
      note: 'Median of per-repetition ratios; scan and raw alternate which goes first. The scan adds schema validation, grouping per zone and the diagnosis per user.',
    };
    console.log(describeFigure(figure));
    emitResults('coverageScan', [figure]);
  } finally {
    await client.close();
    await rawPool.close();
    await sandbox.stop();
  }
}

function log(message: string): void {
  process.stderr.write(`  ${message}\n`);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
