// Benchmark: the scrubber on 100,000 blood-pressure readings. The sandbox's heavy reader in the
// vendor's shape (readings with id, offset, type, grouping and a device id per source) is fetched
// once as JSON text; each repetition times scrubBody on the parsed body against JSON.parse of the
// same text, alternating which goes first. Target from issue 27: scrubbing ≤ 2× JSON.parse.
import { groupedBloodPressureRequest, requestUrl, resolveUserRequest } from '../src/api/requests';
import { startSandbox } from '../src/sandbox/server';
import { HEAVY_CLIENT_USER_ID } from '../src/sandbox/data/sampleUsers';
import { scrubBody } from '../src/scrub/scrubber';
import { describeFigure, emitResults, type BenchFigure } from './lib/results';
import { median, PairedSamples, round } from './lib/stats';

const READINGS = Number(process.env.HDE_BENCH_READINGS ?? 100_000);
const REPS = Number(process.env.HDE_BENCH_REPS ?? 7);
const SECRET = 'bench-secret';

async function heavyReaderText(): Promise<{ text: string; userId: string }> {
  const sandbox = await startSandbox({ port: 0, users: 3, seed: 9, shape: 'vendor', heavyUserReadings: READINGS, bloodPressurePageSize: READINGS * 2, today: '2026-03-15' });
  try {
    const headers = { 'x-service-api-key': sandbox.apiKey, accept: 'application/json' };
    const user = (await (await fetch(requestUrl(sandbox.url, resolveUserRequest(HEAVY_CLIENT_USER_ID)), { headers })).json()) as { user_id: string };
    const spec = groupedBloodPressureRequest(user.user_id, { startDate: '2024-01-01', endDate: '2026-12-31' });
    const text = await (await fetch(requestUrl(sandbox.url, spec), { headers })).text();
    return { text, userId: user.user_id };
  } finally {
    await sandbox.close();
  }
}

function countReadings(body: { groups: Record<string, { data: unknown[] }[]> }): number {
  let count = 0;
  for (const groups of Object.values(body.groups)) for (const group of groups) count += group.data.length;
  return count;
}

function timed<T>(task: () => T): { ms: number; cpu: number; value: T } {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const value = task();
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  return { ms, cpu: (cpu.user + cpu.system) / 1000, value };
}

async function main(): Promise<void> {
  const { text, userId } = await heavyReaderText();
  const body = JSON.parse(text) as { groups: Record<string, { data: unknown[] }[]> };
  const readings = countReadings(body);
  if (readings !== READINGS) throw new Error(`expected ${READINGS} readings, got ${readings}`);
  process.stderr.write(`  ${readings.toLocaleString('en-US')} readings, ${round(text.length / 1024 / 1024, 1)} MB of JSON\n`);
  const operation = { name: 'getGroupedBloodPressure' as const, args: [userId, { startDate: '2024-01-01' }] as [string, { startDate: string }] };
  const scrub = () => scrubBody(operation, body, SECRET);
  const parse = () => JSON.parse(text) as unknown;
  // Warm-up: JIT for both.
  scrub();
  parse();
  const samples = new PairedSamples();
  let report = scrub().report;
  for (let rep = 0; rep < REPS; rep++) {
    const first = rep % 2 === 0 ? 'scrub' : 'parse';
    const a = timed(first === 'scrub' ? scrub : parse);
    const b = timed(first === 'scrub' ? parse : scrub);
    const scrubbed = first === 'scrub' ? a : b;
    const parsed = first === 'scrub' ? b : a;
    report = (scrubbed.value as ReturnType<typeof scrub>).report;
    samples.add(scrubbed, parsed);
    process.stderr.write(`  rep ${rep + 1}/${REPS}: scrub ${scrubbed.ms.toFixed(0)} ms, JSON.parse ${parsed.ms.toFixed(0)} ms, ratio ${(scrubbed.ms / parsed.ms).toFixed(2)}\n`);
  }
  const ratio = median(samples.ratios);
  const figure: BenchFigure = {
    id: 'scrubThroughput',
    title: `Scrubber: ${readings.toLocaleString('en-US')} blood-pressure readings (vendor shape)`,
    figure: { value: round(median(samples.ms)), unit: 'ms' },
    baseline: { value: round(median(samples.baselineMs)), unit: 'ms', what: 'JSON.parse of the same body' },
    ratio: round(ratio, 3),
    target: 'ratio ≤ 2',
    meetsTarget: ratio <= 2,
    details: { reps: REPS, bytes: text.length, ms: samples.ms, parseMs: samples.baselineMs, ratios: samples.ratios, cpuRatios: samples.cpuRatios, report },
    note: 'scrubBody on the parsed body (a new body: ids pseudonymised, every timestamp shifted) vs JSON.parse of its text; median of per-repetition ratios, order alternating.',
  };
  console.log(describeFigure(figure));
  emitResults('scrubThroughput', [figure]);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
