// Benchmark: diagnose_user through the MCP server (the production dist/mcp.js, spoken to over stdio
// by the SDK's Client) for the sandbox's heavy reader, against the raw transfer of the very requests
// it makes: undici.request + JSON.parse of the resolve and of every cursor page of the year the
// diagnosis reads, in the same run. Also the size of the result a model receives (text + data).
// The sandbox runs in its own process; the two sides alternate which goes first.
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { groupedBloodPressureRequest, requestUrl, resolveUserRequest } from '../src/api/requests';
import type { GroupedBloodPressure, User } from '../src/api/schemas';
import { historyAround, lastDaysWindow } from '../src/domain/coverage/diagnosisWindow';
import { ZoneCalendar } from '../src/domain/zonedTime';
import { describeFigure, emitResults, type BenchFigure } from './lib/results';
import { productionBuild } from './lib/productionBuild';
import { startSandboxProcess } from './lib/sandboxProcess';
import { median, round } from './lib/stats';

const READINGS = Number(process.env.HDE_BENCH_HEAVY_READINGS ?? 100_000);
const REPS = Number(process.env.HDE_BENCH_REPS ?? 7);
const DAYS = 30;
const HEAVY = 'sample-heavy-reader';

async function main(): Promise<void> {
  const build = productionBuild();
  const sandbox = await startSandboxProcess({ users: 20, seed: 3, heavyUserReadings: READINGS });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(build.dist, 'mcp.js'), '--base-url', sandbox.url],
    env: { PATH: process.env.PATH ?? '', HEALTH_DATA_API_KEY: sandbox.apiKey },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(transport);
  const pool = new Agent({ keepAliveTimeout: 10_000, connections: 16 });
  const headers = { 'x-service-api-key': sandbox.apiKey, accept: 'application/json', 'user-agent': 'health-data-explorer' };
  const getJson = async <T>(url: string): Promise<T> => {
    const response = await request(url, { method: 'GET', dispatcher: pool, headers });
    const body = JSON.parse(await response.body.text()) as T;
    if (response.statusCode !== 200) throw new Error(`raw request failed (${response.statusCode}): ${url}`);
    return body;
  };
  try {
    const viaMcp = async (): Promise<{ ms: number; chars: number; pages: number }> => {
      const started = performance.now();
      const result = await client.callTool({ name: 'diagnose_user', arguments: { user: HEAVY, days: DAYS } });
      const ms = performance.now() - started;
      if (result.isError) throw new Error(JSON.stringify(result.content));
      const text = (result.content as { text: string }[])[0]!.text;
      const data = result.structuredContent as { pagesRead: number };
      return { ms, chars: text.length + JSON.stringify(data).length, pages: data.pagesRead };
    };
    // The same requests: resolve, then the cursor pages of the window and the year before it.
    const raw = async (): Promise<{ ms: number; pages: number }> => {
      const started = performance.now();
      const user = await getJson<User>(requestUrl(sandbox.url, resolveUserRequest(HEAVY)));
      const zone = new ZoneCalendar(user.fallback_time_zone?.id ?? undefined);
      const history = historyAround(lastDaysWindow(DAYS, zone, Date.now()));
      let cursor: string | undefined;
      let pages = 0;
      do {
        const spec = groupedBloodPressureRequest(user.user_id, { startDate: history.firstDay, endDate: history.lastDay, ...(cursor ? { nextCursor: cursor } : {}) });
        const page = await getJson<GroupedBloodPressure>(requestUrl(sandbox.url, spec));
        pages++;
        cursor = page.next_cursor ?? undefined;
      } while (cursor);
      return { ms: performance.now() - started, pages };
    };

    const warm = await viaMcp();
    const warmRaw = await raw();
    if (warm.pages !== warmRaw.pages) throw new Error(`the MCP call read ${warm.pages} pages, the raw transfer ${warmRaw.pages}`);
    log(`warm-up: MCP ${warm.ms.toFixed(0)} ms, raw ${warmRaw.ms.toFixed(0)} ms, ${warm.pages} pages, result ${warm.chars} characters`);

    const mcpMs: number[] = [];
    const rawMs: number[] = [];
    const ratios: number[] = [];
    const chars: number[] = [];
    for (let rep = 0; rep < REPS; rep++) {
      const mcpFirst = rep % 2 === 0;
      const first = mcpFirst ? await viaMcp() : await raw();
      const second = mcpFirst ? await raw() : await viaMcp();
      const [m, r] = (mcpFirst ? [first, second] : [second, first]) as [Awaited<ReturnType<typeof viaMcp>>, Awaited<ReturnType<typeof raw>>];
      mcpMs.push(round(m.ms));
      rawMs.push(round(r.ms));
      ratios.push(round(m.ms / r.ms, 3));
      chars.push(m.chars);
      log(`rep ${rep + 1}/${REPS}: MCP ${m.ms.toFixed(0)} ms, raw ${r.ms.toFixed(0)} ms, ratio ${(m.ms / r.ms).toFixed(3)}`);
    }
    const ratio = median(ratios);
    const size = Math.max(...chars);
    const figures: BenchFigure[] = [
      {
        id: 'agentDiagnose',
        title: `Agent: diagnose_user over MCP for the heavy reader (${READINGS.toLocaleString('en-US')} readings, ${warm.pages} pages)`,
        figure: { value: round(median(mcpMs)), unit: 'ms' },
        baseline: { value: round(median(rawMs)), unit: 'ms', what: 'raw undici.request + JSON.parse of the same resolve and cursor pages' },
        ratio: round(ratio, 3),
        target: 'ratio ≤ 1.3',
        meetsTarget: ratio <= 1.3,
        details: { reps: REPS, pages: warm.pages, mcpMs, rawMs, ratios },
        note: 'Median of per-repetition ratios; the MCP side adds stdio JSON-RPC, schema validation, grouping in the user zone, the diagnosis and the result text.',
      },
      {
        id: 'agentDiagnoseSize',
        title: 'Agent: diagnose_user result size (text + structured data)',
        figure: { value: size, unit: 'characters' },
        ratio: round(size / 8_000, 3),
        target: '≤ 8,000 characters',
        meetsTarget: size <= 8_000,
      },
    ];
    for (const figure of figures) console.log(describeFigure(figure));
    emitResults('agentDiagnose', figures);
  } finally {
    await client.close();
    await pool.close();
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
