// Not a benchmark: a Chromium CPU profile of the `bloodPressureThroughput` burst (600 pages of
// 1,000 posted at once to the production webview), summed by function (self time) and written as
// a .cpuprofile for DevTools. `node --import tsx bench/profileBurst.ts [out.cpuprofile]`;
// HDE_BENCH_BUILD=<a build's root> reuses a build. Tells where the burst's milliseconds go.
import { writeFileSync } from 'node:fs';
import { launchBrowser } from '../test/host/browser.mjs';
import { heavyLoadPayload } from './lib/bloodPressureThroughput';
import { installPaintProbe, type ProbeWindow } from './lib/paintProbe';
import { productionBuild } from './lib/productionBuild';
import { openHarnessWith, writeWebviewHarness } from './lib/webviewHarness';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

async function main(): Promise<void> {
  const out = process.argv[2] ?? 'burst.cpuprofile';
  const build = productionBuild();
  process.stderr.write(`build ${build.root}\n`);
  const payload = await heavyLoadPayload();
  // HDE_PROFILE_DO_NOTHING=1: the benchmark's baseline, a view that ignores every message.
  const doNothing = process.env.HDE_PROFILE_DO_NOTHING === '1';
  const url = writeWebviewHarness(build.dist, 'bloodPressure', { doNothing });
  const browser = await launchBrowser();
  try {
    const page = browser.page;
    for (let rep = 0; rep < 3; rep++) {
      await openHarnessWith(page, url, payload, { texts: false });
      await installPaintProbe(page);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await page.evaluate(async () => {
        const w = window as unknown as ProbeWindow;
        w.__posted.length = 0;
        window.postMessage(w.__messages[0], '*');
        await w.__probe.nextFrame();
        await w.__probe.nextFrame();
      });
      const browserHandle = page.context().browser()!;
      await browserHandle.startTracing(page, { categories: ['devtools.timeline', 'v8', 'disabled-by-default-devtools.timeline', 'blink.user_timing'] });
      // HDE_PROFILE_CPU=0: the trace alone (the sampling profiler slows JavaScript down a lot).
      const sampling = process.env.HDE_PROFILE_CPU !== '0';
      if (sampling) await cdp.send('Profiler.start');
      const ms = await page.evaluate(async (doNothing) => {
        const w = window as unknown as ProbeWindow;
        const probe = w.__probe;
        const [, ...rest] = w.__messages;
        const allShown = probe.reported((m) => m.type === 'rendered' && m.snapshot?.phase === 'data');
        for (const message of rest) window.postMessage(message, '*');
        if (doNothing) {
          while (!w.__arrivals.complete) await new Promise((resolve) => setTimeout(resolve, 0));
          await probe.nextFrame();
        } else {
          await allShown;
        }
        const painted = await probe.nextFrame();
        const paints = w.__posted.filter((m) => m.type === 'rendered').length;
        return { ms: painted - w.__arrivals.page![0]!, paints };
      }, doNothing);
      const profile = sampling ? ((await cdp.send('Profiler.stop')) as { profile: CpuProfile }).profile : undefined;
      const trace = await browserHandle.stopTracing();
      if (rep === 2) summariseTrace(JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] });
      await cdp.detach();
      process.stderr.write(`rep ${rep}: first page → all painted ${ms.ms.toFixed(0)} ms; ${ms.paints} renders reported (the first page's and the last included)\n`);
      if (rep === 2 && profile) {
        writeFileSync(out, JSON.stringify(profile));
        summarise(profile);
      }
    }
  } finally {
    await browser.close();
  }
}

interface TraceEvent {
  name: string;
  ph: string;
  dur?: number;
  /** Thread (CPU) time: what the task took on its thread, whatever else the machine was running. */
  tdur?: number;
  tid: number;
  pid: number;
  ts: number;
}

/** Main-thread time by trace event name (complete events), the renderer's main thread only. */
function summariseTrace(trace: { traceEvents: TraceEvent[] }): void {
  const main = trace.traceEvents.find((e) => e.name === 'FunctionCall' || e.name === 'EventDispatch');
  if (!main) return;
  const sums = new Map<string, { ms: number; count: number }>();
  for (const e of trace.traceEvents) {
    if (e.tid !== main.tid || e.pid !== main.pid || e.ph !== 'X' || !e.dur) continue;
    const s = sums.get(e.name) ?? { ms: 0, count: 0 };
    s.ms += (e.tdur ?? e.dur) / 1000;
    s.count++;
    sums.set(e.name, s);
  }
  const runTasks = trace.traceEvents.filter((e) => e.tid === main.tid && e.pid === main.pid && e.ph === 'X' && e.name === 'RunTask' && e.dur);
  const tasks = runTasks.map((e) => e.dur! / 1000).sort((a, b) => b - a);
  const total = tasks.reduce((sum, ms) => sum + ms, 0);
  const cpu = runTasks.reduce((sum, e) => sum + (e.tdur ?? 0) / 1000, 0);
  const cpuOf = (name: string): number =>
    trace.traceEvents.filter((e) => e.tid === main.tid && e.pid === main.pid && e.ph === 'X' && e.name === name).reduce((sum, e) => sum + (e.tdur ?? 0) / 1000, 0);
  console.log(`\nmain-thread tasks: ${tasks.length}, ${total.toFixed(1)} ms in all (thread CPU ${cpu.toFixed(1)} ms; message handling ${cpuOf('HandlePostMessage').toFixed(1)}, animation frames ${cpuOf('FireAnimationFrame').toFixed(1)}, GC ${cpuOf('MinorGC').toFixed(1)} + ${cpuOf('MajorGC').toFixed(1)}); longest: ${tasks.slice(0, 12).map((ms) => ms.toFixed(1)).join(' ')}`);
  console.log('\nmain thread by trace event, thread CPU (inclusive, nested events overlap)');
  for (const [name, s] of [...sums].sort((a, b) => b[1].ms - a[1].ms).slice(0, 30)) console.log(`${s.ms.toFixed(1).padStart(8)} ms ×${String(s.count).padStart(5)}  ${name}`);
}

/** Self time per function, and inclusive time of the top-level functions. */
function summarise(profile: CpuProfile): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const name = (n: ProfileNode): string => `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}:${n.callFrame.columnNumber}`;
  profile.samples.forEach((id, i) => {
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const node = byId.get(id)!;
    self.set(name(node), (self.get(name(node)) ?? 0) + dt);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const key = name(byId.get(at)!);
      if (seen.has(key)) continue;
      seen.add(key);
      total.set(key, (total.get(key) ?? 0) + dt);
    }
  });
  const top = (m: Map<string, number>, label: string): void => {
    console.log(`\n${label}`);
    for (const [key, ms] of [...m].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`${ms.toFixed(1).padStart(8)} ms  ${key}`);
  };
  top(self, 'self time');
  top(total, 'inclusive time');
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
