// The blood-pressure panel end to end in the real host: code-server (VS Code 1.100.3, the engine
// minimum; HDE_HOSTS=newest measures 1.139) with the production .vsix, driven by headless Chromium
// through the e2e helpers. The sandbox runs in its own process with the heavy reader (100,000
// readings over a year; its default 30-day query is a few cursor pages of 2,000).
//   - bloodPressureEndToEnd: Apply clicked with the mouse in the webview → the first page's rows on
//     screen. Both ends are read inside the webview's frame, on its own clock: the click event's
//     timeStamp, and the animation frame after a MutationObserver (set up before the click) sees
//     the new load's first table row. The load before is left to finish between repetitions.
//     Baseline, interleaved with the repetitions: bare undici.request + JSON.parse of the very same
//     first-page request (same URL, same key header) from node, plus two frames of the idle
//     webview (the median requestAnimationFrame interval measured in the same frame meanwhile).
//     The details split each repetition at the arrival of the host's `loading` and first `page`
//     messages in the webview: click → `loading` (the webview → host → webview round trip),
//     `loading` → first `page` (the host's request, its checks and columns, the post), first `page`
//     → rows in the DOM (the webview's work) and rows → their frame; and they place the first-page
//     request's arrival at the sandbox and its response's end on the same timeline (epoch clocks of
//     the browser and the sandbox's process, one machine). From those: the response's end → the
//     first `page` in the webview (the host's reading, checks, columns and post, and the message's
//     trip through the workbench), and the sandbox's own time for the panel's request beside its
//     time for the bare request (the same work, but the panel's competes with the workbench).
import type { Frame } from 'playwright-core';
import { Agent, request } from 'undici';
import { HealthApiClient } from '../src/api/client';
import { DEFAULT_API_KEY_HEADER } from '../src/api/apiKeyHeader';
import { groupedBloodPressureRequest, requestUrl } from '../src/api/requests';
import { bloodPressureQueryOf, type BloodPressureForm } from '../src/domain/bloodPressure/bloodPressureQuery';
import { openWorkbench, type Workbench } from '../test/e2e/workbench';
import { describeHost, MINIMUM_HOST, selectHost } from '../test/host/hosts.mjs';
import { productionBuild } from './lib/productionBuild';
import { describeFigure, emitResults, spreadOf, type BenchFigure } from './lib/results';
import { startSandboxProcess, type SandboxProcess } from './lib/sandboxProcess';
import { median, percentile, round } from './lib/stats';
import { timeApply, type Sample } from './lib/bloodPressureApplyProbe';
import { installMessageTrace } from './lib/workbenchMessageTrace';

const TEAM_KEY = 'bench-team-key-bp-e2e';
const HEAVY_READER = 'sample-heavy-reader';
const HEAVY_READINGS = Number(process.env.HDE_BENCH_HEAVY_READINGS ?? 100_000);
const REPS = Number(process.env.HDE_BENCH_REPS ?? 9);
const WARM_UPS = 2;
const IDLE_FRAMES = 30;
const TARGET = 1.5;
const PANEL_TITLE = `Blood Pressure: ${HEAVY_READER}`;

async function main(): Promise<void> {
  const build = productionBuild();
  const sandbox = await startSandboxProcess({ users: 6, seed: 11, apiKey: TEAM_KEY, heavyUserReadings: HEAVY_READINGS });
  const host = selectHost(process.env.HDE_HOSTS, MINIMUM_HOST);
  console.error(`[bench] bloodPressureEndToEnd: ${describeHost(host)}`);
  const workbench = await openWorkbench({ host, vsix: build.vsix, settings: { 'healthData.baseUrl.sandboxUs': sandbox.url } });
  // The message trace is in every frame from the start: the workbench is loaded again with it.
  // The socket trace wraps the workbench's WebSocket, FileReader and ports in every frame: it costs
  // the very path being timed, so it runs only when asked for (HDE_BENCH_TRACE=1, for the legs).
  if (process.env.HDE_BENCH_TRACE) await installMessageTrace(workbench.page);
  await workbench.load();
  const agent = new Agent({ keepAliveTimeout: 30_000 });
  try {
    await workbench.activityBarEntry().waitFor({ timeout: 60_000 });
    await workbench.switchEnvironmentAndSetKey('Sandbox US', TEAM_KEY);
    const { frame, outer } = await openPanel(workbench);
    const form = await formShown(frame);
    const url = requestUrl(sandbox.url, groupedBloodPressureRequest(await heavyReaderId(sandbox), bloodPressureQueryOf(form)));
    log(`query ${JSON.stringify(form)}; first page: ${url.replace(sandbox.url, '')}`);

    const samples: Sample[] = [];
    const fetchMs: number[] = [];
    const bareServerMs: number[] = [];
    const frameMs: number[] = [];
    let firstPageReadings = 0;
    for (let rep = 0; rep < WARM_UPS + REPS; rep++) {
      const sample = await timeApply(workbench, outer, frame, sandbox);
      const fetched = await fetchAndParse(agent, url);
      const bareServer = await serverTimeOf(sandbox, url.replace(sandbox.url, ''));
      const idle = await idleFrameMs(frame);
      firstPageReadings = fetched.readings;
      const warmUp = rep < WARM_UPS;
      log(
        `${warmUp ? 'warm-up' : `rep ${rep - WARM_UPS + 1}`}: Apply → first rows on screen ${sample.totalMs.toFixed(1)} ms ` +
          `(→ loading ${sample.clickToLoadingMs.toFixed(1)}, → first page ${sample.loadingToPageMs.toFixed(1)}, → rows ${sample.pageToRowsMs.toFixed(1)}, → frame ${sample.rowsToFrameMs.toFixed(1)}; ` +
          `from the click: request at the sandbox ${sample.requestArrivedMs.toFixed(1)}, response sent ${sample.responseSentMs.toFixed(1)}; ` +
          `response sent → first page ${sample.responseToPageMs.toFixed(1)} [→ socket ${sample.responseToSocketMs.toFixed(1)}, → read ${sample.socketToReadMs.toFixed(1)} (${sample.readsAhead} ahead), ` +
          `read ${sample.readMs.toFixed(1)}, → port ${sample.readToPortMs.toFixed(1)}, ` +
          `→ outer frame ${sample.portToOuterMs.toFixed(1)}, → panel frame ${sample.outerToPanelMs.toFixed(1)}; ${sample.socketMessages} socket messages, ${sample.socketBytes} B]; read since the click: ${sample.socketMethods.join(' ')}; at the sandbox ${sample.serverMs.toFixed(1)}); ` +
          `undici + JSON.parse ${fetched.ms.toFixed(1)} ms (at the sandbox ${bareServer.toFixed(1)}); idle frame ${idle.toFixed(1)} ms`,
      );
      if (warmUp) continue;
      samples.push(sample);
      fetchMs.push(fetched.ms);
      bareServerMs.push(bareServer);
      frameMs.push(idle);
    }

    const total = samples.map((s) => s.totalMs);
    const baselineSamples = fetchMs.map((ms, i) => ms + 2 * frameMs[i]!);
    const figure = median(total);
    const baseline = median(fetchMs) + 2 * median(frameMs);
    const ratios = total.map((ms, i) => ms / baselineSamples[i]!);
    const part = (key: Exclude<keyof Sample, 'socketMethods' | 'readsAhead'>) => ({ medianMs: round(median(samples.map((s) => s[key])), 1), samplesMs: samples.map((s) => round(s[key], 1)) });
    const figures: BenchFigure[] = [
      {
        id: 'bloodPressureEndToEnd',
        title: `Blood pressure in the workbench: Apply → first page on screen (${firstPageReadings.toLocaleString('en-US')} readings, ${describeHost(host)})`,
        figure: { value: round(figure, 1), unit: 'ms' },
        baseline: { value: round(baseline, 1), unit: 'ms', what: 'bare undici.request + JSON.parse of the same first-page request, plus two idle frames of the webview' },
        ratio: round(figure / baseline, 2),
        spread: spreadOf(ratios, 'ratio'),
        target: `ratio ≤ ${TARGET}`,
        meetsTarget: figure / baseline <= TARGET,
        details: {
          reps: REPS,
          samplesMs: total.map((ms) => round(ms, 1)),
          p25Ms: round(percentile(total, 25), 1),
          p75Ms: round(percentile(total, 75), 1),
          fetchAndParseMs: { medianMs: round(median(fetchMs), 2), samplesMs: fetchMs.map((ms) => round(ms, 2)) },
          idleFrameMs: { medianMs: round(median(frameMs), 2), samplesMs: frameMs.map((ms) => round(ms, 2)) },
          baselineSamplesMs: baselineSamples.map((ms) => round(ms, 1)),
          clickToLoading: part('clickToLoadingMs'),
          loadingToFirstPage: part('loadingToPageMs'),
          firstPageToRows: part('pageToRowsMs'),
          rowsToFrame: part('rowsToFrameMs'),
          clickToRequestAtSandbox: part('requestArrivedMs'),
          clickToResponseSent: part('responseSentMs'),
          responseSentToFirstPage: part('responseToPageMs'),
          responseSentToSocketMessage: part('responseToSocketMs'),
          socketMessageToRead: part('socketToReadMs'),
          socketMessageRead: part('readMs'),
          readsAheadOfThePage: samples.map((s) => s.readsAhead),
          readToWebviewPort: part('readToPortMs'),
          webviewPortToOuterFrame: part('portToOuterMs'),
          outerFrameToPanelFrame: part('outerToPanelMs'),
          socketMessagesInPageLeg: samples.map((s) => s.socketMessages),
          panelRequestAtSandbox: part('serverMs'),
          bareRequestAtSandbox: { medianMs: round(median(bareServerMs), 1), samplesMs: bareServerMs.map((ms) => round(ms, 1)) },
          firstPageReadings,
          heavyReaderReadings: HEAVY_READINGS,
          host: describeHost(host),
        },
        note:
          'Both ends in the webview frame on its clock: the click event timeStamp → the animation frame after the first row of the new load is in the DOM. ' +
          'Baseline and idle frames are measured between repetitions, in the same run.',
      },
    ];
    for (const f of figures) console.log(describeFigure(f));
    emitResults('bloodPressureEndToEnd', figures);
  } finally {
    await agent.close();
    await workbench.close();
    await sandbox.stop();
  }
}

function log(message: string): void {
  process.stderr.write(`  ${message}\n`);
}

/** Opens the heavy reader's panel from the palette (its default query) and waits for its first load. */
async function openPanel(workbench: Workbench): Promise<{ frame: Frame; outer: Frame }> {
  await workbench.runCommand('Health Data: Show Blood Pressure');
  await workbench.dismissHovers();
  await workbench.quickInput().locator('.monaco-list-row', { hasText: HEAVY_READER }).first().click();
  const locator = await workbench.webview(PANEL_TITLE);
  await locator.locator('.status-line', { hasText: /pages loaded/ }).waitFor({ timeout: 120_000 });
  // A Frame, not a FrameLocator: the probe is evaluated in it.
  const outer = await (await workbench.page.locator('iframe.webview.ready:visible').first().elementHandle())?.contentFrame();
  const inner = await (await outer?.locator('iframe#active-frame').elementHandle())?.contentFrame();
  if (!inner || !outer) throw new Error('the webview frame of the panel was not found');
  // tsx compiles this file with esbuild's keepNames: functions evaluated in the page call __name.
  await inner.evaluate('globalThis.__name = (target) => target');
  return { frame: inner, outer };
}

async function formShown(frame: Frame): Promise<BloodPressureForm> {
  const value = (selector: string, index = 0): Promise<string> =>
    frame.locator(selector).nth(index).evaluate((el) => (el as unknown as { value: string }).value);
  return { startDate: await value('vscode-text-field', 0), endDate: await value('vscode-text-field', 1), provider: await value('vscode-dropdown') };
}

async function heavyReaderId(sandbox: SandboxProcess): Promise<string> {
  const client = new HealthApiClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey });
  try {
    const { users } = await client.listUsers();
    const heavy = users.find((user) => user.client_user_id === HEAVY_READER);
    if (!heavy) throw new Error('the sandbox lists no heavy reader');
    return heavy.user_id;
  } finally {
    await client.close();
  }
}

/** The median requestAnimationFrame interval of the idle webview, in its frame. */
async function idleFrameMs(frame: Frame): Promise<number> {
  return frame.evaluate(
    (count) =>
      new Promise<number>((resolve) => {
        const times: number[] = [];
        const tick = (time: number): void => {
          times.push(time);
          if (times.length <= count) return void requestAnimationFrame(tick);
          const intervals = times.slice(1).map((t, i) => t - times[i]!).sort((a, b) => a - b);
          resolve(intervals[Math.floor(intervals.length / 2)]!);
        };
        requestAnimationFrame(tick);
      }),
    IDLE_FRAMES,
  );
}

/** Arrival → end at the sandbox of the last request for `path` since the last look. */
async function serverTimeOf(sandbox: SandboxProcess, path: string): Promise<number> {
  const time = (await sandbox.requestTimes()).findLast((each) => each.url === path);
  if (!time?.finishedAt) throw new Error(`the sandbox saw no request for ${path}`);
  return time.finishedAt - time.arrivedAt;
}

/** Bare undici.request + JSON.parse of the panel's first-page request, on a kept-alive connection. */
async function fetchAndParse(agent: Agent, url: string): Promise<{ ms: number; readings: number }> {
  const started = performance.now();
  const response = await request(url, { dispatcher: agent, headers: { [DEFAULT_API_KEY_HEADER]: TEAM_KEY, accept: 'application/json' } });
  const body = JSON.parse(await response.body.text()) as { groups?: Record<string, Array<{ data?: unknown[] }>> };
  const ms = performance.now() - started;
  if (response.statusCode !== 200) throw new Error(`the first page came back ${response.statusCode}`);
  let readings = 0;
  for (const list of Object.values(body.groups ?? {})) for (const group of list) readings += group.data?.length ?? 0;
  return { ms, readings };
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
