import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HealthApiClient } from '../src/api/client';
import type { CellResult } from '../src/notebook/model';
import { parseNotebookFile } from '../src/notebook/notebookFormat';
import { runNotebookFile } from '../src/notebook/notebookRunner';
import { recordingOf } from '../src/notebook/recording/recording';
import { HEAVY_CLIENT_USER_ID } from '../src/sandbox/data/sampleUsers';
import { startSandboxInWorker } from '../src/sandbox/cli';
import { startSandbox } from '../src/sandbox/server';
import { ExchangeRecorder } from '../src/scrub/exchangeRecorder';
const TODAY = '2026-03-15';
const NOW = (): Date => new Date(`${TODAY}T12:00:00Z`);
const NOTEBOOK = `---
environment: local
variables:
  heavy: ${HEAVY_CLIENT_USER_ID}
---

\`\`\`http
GET /v2/user/resolve/{{heavy}}

let userId = user_id
expect status 200
\`\`\`

\`\`\`http
GET /v2/timeseries/{{userId}}/blood_pressure/grouped?start_date=2024-01-01&end_date=2026-12-31

expect count readings >= 1
expect readings[0].systolic > 0
expect no deviations of kind missingRequired
\`\`\`
`;

async function runAgainst(baseUrl: string, apiKey: string, text: string, recorder?: ExchangeRecorder) {
  const client = new HealthApiClient({ baseUrl, apiKey, ...(recorder ? { onRequest: recorder.onRequest } : {}) });
  const results = new Map<number, CellResult>();
  try { await runNotebookFile(parseNotebookFile(text), { client, environment: { id: 'local', label: 'bench' } }, { now: NOW, onCell: (i, _c, r) => results.set(i, r) }); } finally { await client.close(); }
  return results;
}
async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'hde-scratch-'));
  const live = await startSandbox({ port: 0, users: 3, seed: 9, shape: 'vendor', heavyUserReadings: 100_000, bloodPressurePageSize: 5000, today: TODAY });
  const recorder = new ExchangeRecorder();
  const results = await runAgainst(live.url, live.apiKey, NOTEBOOK, recorder);
  const rec = recordingOf({ notebooks: [{ fileName: 'heavy.hdnb.md', run: { notebook: parseNotebookFile(NOTEBOOK), results } }], exchanges: recorder.exchanges(), secret: 's', recordedFrom: 'bench' });
  for (const f of rec.files) writeFileSync(join(dir, f.name), f.text);
  await live.close();
  const copy = readFileSync(join(dir, 'heavy.hdnb.md'), 'utf8');
  const thread = await startSandbox({ port: 0, users: 0, fixturesDir: dir, today: TODAY });
  const worker = await startSandboxInWorker({ port: 0, users: 0, fixturesDir: dir, today: TODAY });
  const t: Record<string, number[]> = { thread: [], worker: [] };
  const once = async (name: string, s: { url: string; apiKey: string }) => { const t0 = performance.now(); await runAgainst(s.url, s.apiKey, copy); t[name]!.push(performance.now() - t0); };
  await once('thread', thread); await once('worker', worker); t.thread = []; t.worker = [];
  for (let i = 0; i < 7; i++) { if (i % 2) { await once('thread', thread); await once('worker', worker); } else { await once('worker', worker); await once('thread', thread); } }
  const med = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!.toFixed(0);
  console.log('in-thread', t.thread.map((x) => x.toFixed(0)).join(' '), 'median', med(t.thread));
  console.log('worker   ', t.worker.map((x) => x.toFixed(0)).join(' '), 'median', med(t.worker));
  await thread.close(); await worker.close();
}
void main();
