// Where the last page's repaint goes: the blood-pressure webview in the benchmark's harness
// (bench/bloodPressure.ts's final update: every page but the last taken and painted, then the last
// page and `complete`), with a Chromium CPU profile (DevTools protocol, 50 µs sampling) around the
// last step. Prints self and total time per function, heaviest first. Not a figure: a look inside.
//   HDE_BENCH_BUILD=<dir with dist/webview> node --import tsx bench/finalUpdateProfile.ts
// An unminified bundle (esbuild keepNames) gives readable names.
import { launchBrowser } from '../test/host/browser.mjs';
import { heavyReaderPayload } from './lib/bloodPressurePayload';
import { installPaintProbe, type ProbeWindow } from './lib/paintProbe';
import { productionBuild } from './lib/productionBuild';
import { openHarnessWith, writeWebviewHarness } from './lib/webviewHarness';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const READINGS = Number(process.env.HDE_BENCH_READINGS ?? 100_000);
const REPS = Number(process.env.HDE_BENCH_REPS ?? 5);

async function main(): Promise<void> {
  const build = productionBuild();
  const payload = await heavyReaderPayload(READINGS);
  const url = writeWebviewHarness(build.dist, 'bloodPressure');
  const browser = await launchBrowser({ viewport: { width: 1400, height: 900 } });
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let measuredMs = 0;
  try {
    for (let rep = 0; rep <= REPS; rep++) {
      const page = browser.page;
      await openHarnessWith(page, url, payload, { texts: false });
      await installPaintProbe(page);
      await page.evaluate(async () => {
        const w = window as unknown as ProbeWindow;
        const held = w.__messages.slice(0, -2);
        for (const message of held) window.postMessage(message, '*');
        for (;;) {
          await w.__probe.reported((m) => m.type === 'rendered');
          const snapshot = w.__posted.findLast((m) => m.type === 'rendered')?.snapshot;
          if (snapshot && snapshot.tableRows === snapshot.readings && w.__arrivals.page?.length === held.length - 1) break;
        }
        await new Promise((resolve) => setTimeout(resolve, 300));
        await w.__probe.nextFrame();
      });
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
      await cdp.send('Profiler.start');
      const sample = await page.evaluate(async () => {
        const w = window as unknown as ProbeWindow;
        return w.__probe.framesTo(w.__messages.slice(-2), (m) => m.type === 'rendered' && m.snapshot?.phase === 'data');
      });
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
      await cdp.detach();
      process.stderr.write(`rep ${rep}: work ${sample.workMs.toFixed(1)} ms, to frame ${sample.frameMs.toFixed(1)} ms\n`);
      if (rep === 0) continue;
      measuredMs += sample.workMs;
      accumulate(profile, self, total);
    }
  } finally {
    await browser.close();
  }
  const show = (title: string, map: Map<string, number>): void => {
    console.log(`\n${title} (ms per repetition, ${REPS} repetitions)`);
    for (const [name, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`${(us / 1000 / REPS).toFixed(2).padStart(8)}  ${name}`);
  };
  console.log(`work (message → report) ${(measuredMs / REPS).toFixed(1)} ms per repetition`);
  show('self time', self);
  show('total time (inclusive)', total);
}

/** Self and inclusive microseconds per function (name and line), each function once per stack. */
function accumulate(profile: Profile, self: Map<string, number>, total: Map<string, number>): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const name = (node: ProfileNode): string => `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.split('/').pop() ?? ''}:${node.callFrame.lineNumber + 1}`;
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i + 1] ?? 0;
    const node = byId.get(id)!;
    if (node.callFrame.functionName === '(idle)') return;
    self.set(name(node), (self.get(name(node)) ?? 0) + us);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const key = name(byId.get(at)!);
      if (seen.has(key)) continue;
      seen.add(key);
      total.set(key, (total.get(key) ?? 0) + us);
    }
  });
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
