// Benchmark: scrolling the Scan Data Coverage result of 100,000 users. The production webview
// bundle runs in headless Chromium in a plain page (bench/lib/webviewHarness.ts), given the very
// messages the panel posts (init, then one `rows` message with every user). Figure: the p95
// requestAnimationFrame interval while the heat map scrolls (the canvas redraws the rows in view
// each frame), against the p95 interval of the same page sitting idle. The table's scroll is
// measured the same way and kept in the details.
import type { Page } from 'playwright-core';
import type { ScanRow } from '../src/domain/coverage/coverageScan';
import type { CoverageScanHostMessage } from '../src/shared/coverageScanProtocol';
import { launchBrowser } from '../test/host/browser.mjs';
import { coverageScanStrings } from './lib/panelStrings';
import { frameStats, framesOf, type FrameStats } from './lib/pageMetrics';
import { productionBuild } from './lib/productionBuild';
import { describeFigure, emitResults, type BenchFigure } from './lib/results';
import { median, round } from './lib/stats';
import { writeWebviewHarness } from './lib/webviewHarness';

const ROWS = Number(process.env.HDE_BENCH_SCAN_ROWS ?? 100_000);
const DAYS = 30;
const REPS = Number(process.env.HDE_BENCH_REPS ?? 5);
const SCROLL_FRAMES = 180;
const ROWS_PER_FRAME = 12; // like the blood-pressure table's scroll
const TABLE_ROW_HEIGHT = 22;

interface HarnessWindow {
  __posted: Array<{ type: string; snapshot?: { phase: string; shownRows: number; heatMapRowsDrawn: number } }>;
}

/** Deterministic rows shaped like a real scan's: most users deliver, some are silent or stopped. */
function syntheticRows(): ScanRow[] {
  const rows: ScanRow[] = [];
  let seed = 7;
  const random = (): number => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
  for (let i = 0; i < ROWS; i++) {
    const silent = random() < 0.1;
    const stoppedAt = silent ? DAYS : random() < 0.1 ? Math.floor(random() * DAYS) : DAYS + 1;
    const readingsPerDay = Array.from({ length: DAYS }, (_, day) => (day >= stoppedAt || random() < 0.15 ? 0 : Math.floor(random() * 5)));
    const readings = readingsPerDay.reduce((a, b) => a + b, 0);
    const last = readingsPerDay.findLastIndex((n) => n > 0);
    rows.push({
      status: 'scanned',
      userId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      clientUserId: `patient-${String(i).padStart(6, '0')}`,
      window: { firstDay: '2026-10-24', lastDay: '2026-11-22' },
      readings,
      daysWithReadings: readingsPerDay.filter((n) => n > 0).length,
      daysWithoutData: last < 0 ? DAYS : DAYS - 1 - last,
      lastReadingDay: last < 0 ? undefined : `2026-${last < 8 ? '10' : '11'}-${String(last < 8 ? 24 + last : last - 7).padStart(2, '0')}`,
      readingsPerDay,
      silentSources: silent ? ['withings'] : [],
      findings: silent ? ['sourceStopped'] : [],
    });
  }
  return rows;
}

async function main(): Promise<void> {
  const build = productionBuild();
  const strings = await coverageScanStrings();
  const rows = syntheticRows();
  const init: CoverageScanHostMessage = {
    type: 'init',
    strings,
    locale: 'en',
    environment: 'Sandbox US',
    request: { days: DAYS, scope: { kind: 'all' }, provider: '' },
    providerName: '',
  };
  const message: CoverageScanHostMessage = { type: 'rows', rows, cancelled: false, requests: ROWS };
  log(`${ROWS.toLocaleString('en-US')} rows × ${DAYS} days; the production webview bundle in a plain headless Chromium page`);
  const url = writeWebviewHarness(build.dist, 'coverageScan');
  const browser = await launchBrowser({ viewport: { width: 1400, height: 900 } });
  // A loaded machine can take longer than Playwright's 30 s to draw 100,000 rows once.
  browser.page.setDefaultTimeout(Number(process.env.HDE_UI_TIMEOUT_MS ?? 120_000));
  try {
    const heat: { scroll: FrameStats; idle: FrameStats }[] = [];
    const table: FrameStats[] = [];
    for (let rep = 0; rep <= REPS; rep++) {
      const result = await runOnce(browser.page, url, init, message);
      log(`run ${rep}${rep === 0 ? ' (warm-up)' : ''}: shown ${result.shown} rows, heat map drew ${result.drawn} rows per frame; p95 heat-map scroll ${result.heat.p95.toFixed(1)} ms, table scroll ${result.table.p95.toFixed(1)} ms, idle ${result.idle.p95.toFixed(1)} ms`);
      if (rep === 0) continue;
      heat.push({ scroll: result.heat, idle: result.idle });
      table.push(result.table);
    }
    const scrollP95 = median(heat.map((r) => r.scroll.p95));
    const idleP95 = median(heat.map((r) => r.idle.p95));
    const ratio = scrollP95 / idleP95;
    const figure: BenchFigure = {
      id: 'coverageScroll',
      title: `Coverage heat map (plain Chromium): ${ROWS.toLocaleString('en-US')} users, scroll ${SCROLL_FRAMES} frames × ${ROWS_PER_FRAME} rows, p95 frame interval`,
      figure: { value: round(scrollP95), unit: 'ms' },
      baseline: { value: round(idleP95), unit: 'ms', what: 'p95 frame interval of the idle page' },
      ratio: round(ratio, 2),
      target: 'ratio ≤ 1.2',
      meetsTarget: ratio <= 1.2,
      details: {
        reps: REPS,
        heatMapLongFrames: heat.map((r) => r.scroll.long),
        heatMapMaxFrameMs: round(Math.max(...heat.map((r) => r.scroll.max))),
        tableScrollP95Ms: round(median(table.map((t) => t.p95))),
        tableLongFrames: table.map((t) => t.long),
      },
      note: 'longFrames counts intervals over 25 ms (a dropped frame at 60 Hz). The table (virtual rows) is scrolled the same way; its p95 is in the details.',
    };
    console.log(describeFigure(figure));
    emitResults('coverageScroll', [figure]);
  } finally {
    await browser.close();
  }
}

async function runOnce(page: Page, url: string, init: CoverageScanHostMessage, rows: CoverageScanHostMessage): Promise<{ heat: FrameStats; table: FrameStats; idle: FrameStats; shown: number; drawn: number }> {
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as HarnessWindow).__posted.some((m) => m.type === 'ready'));
  await page.evaluate((message) => window.postMessage(message, '*'), init);
  await page.evaluate((message) => window.postMessage(message, '*'), rows);
  await page.waitForFunction(() => (window as unknown as HarnessWindow).__posted.some((m) => m.type === 'rendered' && m.snapshot?.phase === 'done' && m.snapshot.heatMapRowsDrawn > 0));
  const snapshot = await page.evaluate(() => (window as unknown as HarnessWindow).__posted.findLast((m) => m.type === 'rendered')!.snapshot!);
  // The heat map in view, as a person scrolling it would have it.
  await page.evaluate(() => document.querySelector('.heat-frame')?.scrollIntoView({ block: 'end' }));
  // The heat map's row height follows the theme's font size: read it from the page.
  const heatRowHeight = await page.evaluate((rows) => (document.querySelector<HTMLElement>('.heat-spacer')?.offsetHeight ?? 0) / rows, snapshot.shownRows);
  const heatViewport = { selector: '.heat-viewport', rowHeight: heatRowHeight, fromTop: true };
  const idle = frameStats(await page.evaluate(framesOf, { ...heatViewport, frames: 60, rowsPerFrame: 0 }));
  const heat = frameStats(await page.evaluate(framesOf, { ...heatViewport, frames: SCROLL_FRAMES, rowsPerFrame: ROWS_PER_FRAME }));
  await page.evaluate(() => document.querySelector('#scan-rows')?.scrollIntoView({ block: 'end' }));
  const table = frameStats(
    await page.evaluate(framesOf, { selector: '#scan-rows', rowHeight: TABLE_ROW_HEIGHT, fromTop: true, frames: SCROLL_FRAMES, rowsPerFrame: ROWS_PER_FRAME }),
  );
  if (snapshot.shownRows !== ROWS) throw new Error(`the table shows ${snapshot.shownRows} rows, expected ${ROWS}`);
  return { heat, table, idle, shown: snapshot.shownRows, drawn: snapshot.heatMapRowsDrawn };
}

function log(message: string): void {
  process.stderr.write(`  ${message}\n`);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
