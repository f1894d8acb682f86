// Benchmark: Scan Data Coverage's engine over a 10,000-user team, 30-day window, 4 users in flight
// (the setting's default), vs the raw transfer of the very same requests: undici.request +
// JSON.parse, each user's requests one after another, 4 users in flight, in the same run. The
// requests are recorded from a first (warm-up) scan, the resolve of each user (for its ingestion
// bounds), cursor pages and silent-source probes included, so both sides fetch exactly the same
// URLs (the raw side's are built before it is timed). The sandbox runs in its own process. Besides
// the wall-clock ratio, the CPU time of this process on each side is kept: on a loaded machine it
// says what the scan adds more steadily than the clock does.
import { Agent, request } from 'undici';
import { HealthApiClient, type CallOptions } from '../src/api/client';
import { iterateUserPages } from '../src/api/paging';
import { groupedBloodPressureRequest, requestUrl, resolveUserRequest, type BloodPressureQuery, type RequestSpec } from '../src/api/requests';
import type { GroupedBloodPressure, User } from '../src/api/schemas';
import { scanCoverage } from '../src/domain/coverage/coverageScan';
import { describeFigure, emitResults, type BenchFigure } from './lib/results';
import { startSandboxProcess } from './lib/sandboxProcess';
import { median, PairedSamples, round } from './lib/stats';

const USERS = Number(process.env.HDE_BENCH_SCAN_USERS ?? 10_000);
const DAYS = 30;
const CONCURRENCY = 4;
const REPS = Number(process.env.HDE_BENCH_REPS ?? 3);
const POOL = { keepAliveTimeout: 10_000, connections: 16 };
const TARGET = 1.15;

/** The real client, writing down every request the scan makes, per user (by client_user_id), in order. */
class RecordingClient extends HealthApiClient {
  recorded: Map<string, RequestSpec[]> | undefined;
  userIds = new Map<string, string>();
  override resolveUser(clientUserId: string, opts: CallOptions = {}): Promise<User> {
    this.record(clientUserId, resolveUserRequest(clientUserId));
    return super.resolveUser(clientUserId, opts);
  }
  override getGroupedBloodPressure(userId: string, query: BloodPressureQuery, opts: CallOptions = {}): Promise<GroupedBloodPressure> {
    this.record(this.userIds.get(userId) ?? userId, groupedBloodPressureRequest(userId, query));
    return super.getGroupedBloodPressure(userId, query, opts);
  }
  private record(clientUserId: string, spec: RequestSpec): void {
    if (!this.recorded) return;
    const list = this.recorded.get(clientUserId) ?? [];
    list.push(spec);
    this.recorded.set(clientUserId, list);
  }
}

function cpuMs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
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
    for (const user of users) client.userIds.set(user.user_id, user.client_user_id);

    const scan = async (): Promise<{ ms: number; cpu: number; requests: number }> => {
      const cpu = process.cpuUsage();
      const started = performance.now();
      const result = await scanCoverage(client, users, { days: DAYS, concurrency: CONCURRENCY });
      const ms = performance.now() - started;
      const scanned = result.rows.filter((r) => r.status === 'scanned').length;
      if (scanned !== USERS) throw new Error(`scanned ${scanned} of ${USERS}`);
      return { ms, cpu: cpuMs(cpu), requests: result.requests };
    };

    // Warm-up and recording: the requests the scan makes (the sandbox's data is fixed for the day).
    client.recorded = new Map();
    const warm = await scan();
    const recorded = users.map((u) => (client.recorded!.get(u.client_user_id) ?? []).map((spec) => requestUrl(sandbox.url, spec)));
    client.recorded = undefined;
    const requestCount = recorded.reduce((sum, list) => sum + list.length, 0);
    if (requestCount !== warm.requests) throw new Error(`recorded ${requestCount} requests, the scan counted ${warm.requests}`);
    log(`warm-up scan: ${warm.ms.toFixed(0)} ms, ${requestCount} requests for ${USERS} users`);

    const raw = async (): Promise<{ ms: number; cpu: number }> => {
      const cpu = process.cpuUsage();
      const started = performance.now();
      let next = 0;
      let bodies = 0;
      const worker = async (): Promise<void> => {
        while (next < recorded.length) {
          const index = next++;
          for (const url of recorded[index]!) {
            const response = await request(url, { method: 'GET', dispatcher: rawPool, headers });
            const body = JSON.parse(await response.body.text()) as object;
            if (response.statusCode !== 200) throw new Error(`raw request failed (${response.statusCode})`);
            if (body) bodies++;
          }
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      if (bodies !== requestCount) throw new Error(`the raw transfer read ${bodies} of ${requestCount} bodies`);
      return { ms: performance.now() - started, cpu: cpuMs(cpu) };
    };
    await raw(); // warm the raw side's pool and JIT too

    const samples = new PairedSamples();
    for (let rep = 0; rep < REPS; rep++) {
      const scanFirst = rep % 2 === 0;
      const first = scanFirst ? await scan() : await raw();
      const second = scanFirst ? await raw() : await scan();
      const [s, r] = scanFirst ? [first, second] : [second, first];
      samples.add(s, r);
      log(`rep ${rep + 1}/${REPS}: scan ${s.ms.toFixed(0)} ms (CPU ${s.cpu.toFixed(0)} ms), raw ${r.ms.toFixed(0)} ms (CPU ${r.cpu.toFixed(0)} ms), ratio ${(s.ms / r.ms).toFixed(3)}, CPU ratio ${(s.cpu / r.cpu).toFixed(3)}`);
    }
    const { ms: scanMs, baselineMs: rawMs, ratios, cpuMs: scanCpuMs, baselineCpuMs: rawCpuMs, cpuRatios } = samples;
    const ratio = median(ratios);
    const figure: BenchFigure = {
      id: 'coverageScan',
      title: `Coverage scan: ${USERS.toLocaleString('en-US')} users, ${DAYS}-day window, ${CONCURRENCY} in flight (${requestCount.toLocaleString('en-US')} requests)`,
      figure: { value: round(median(scanMs)), unit: 'ms' },
      baseline: { value: round(median(rawMs)), unit: 'ms', what: `raw undici.request + JSON.parse of the same requests, ${CONCURRENCY} users in flight` },
      ratio: round(ratio, 3),
      target: `ratio ≤ ${TARGET}`,
      meetsTarget: ratio <= TARGET,
      details: { reps: REPS, requests: requestCount, scanMs, rawMs, ratios, scanCpuMs, rawCpuMs, cpuRatios, cpuRatio: median(cpuRatios) },
      note: 'Median of per-repetition ratios; scan and raw alternate which goes first. The scan adds schema validation, the day counts per zone and the diagnosis per user. cpuRatio: CPU time of this process, scan over raw (the sandbox runs in another).',
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
