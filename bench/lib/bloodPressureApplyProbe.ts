// One Apply in the blood-pressure panel of the real workbench (bloodPressureEndToEnd): the probe in
// the panel's frame (the click, the host's `loading` and first `page`, the first rows and their
// frame), the sandbox's times for the first-page request, and the message trace of the workbench
// (workbenchMessageTrace.ts) put on one timeline, the click's.
import type { Frame } from 'playwright-core';
import type { Workbench } from '../../test/e2e/workbench';
import type { SandboxProcess } from './sandboxProcess';
import { takeTrace } from './workbenchMessageTrace';

/** What the probe in the webview's frame records for one Apply, on the frame's performance.now() clock. */
interface Probe {
  click?: number;
  loading?: number;
  page?: number;
  rows?: number;
  painted?: number;
  timeOrigin?: number;
}

export interface Sample {
  totalMs: number;
  clickToLoadingMs: number;
  loadingToPageMs: number;
  pageToRowsMs: number;
  rowsToFrameMs: number;
  /** From the click: the first-page request reached the sandbox / its response was sent. */
  requestArrivedMs: number;
  responseSentMs: number;
  /** The response's end at the sandbox → the first `page` message in the webview. */
  responseToPageMs: number;
  /** Arrival → end of the panel's first-page request at the sandbox. */
  serverMs: number;
  /** The response's end → the extension host's WebSocket message with the page delivered in the workbench's frame. */
  responseToSocketMs: number;
  /** That message (a Blob) → its FileReader read starts: the reads of the socket's messages before it. */
  socketToReadMs: number;
  /** The read → its ArrayBuffer is there. */
  readMs: number;
  /** Socket messages received before the page's whose reads were not done when it came (the queue it waited behind). */
  readsAhead: number;
  /** The data there → the workbench posts the page into the webview's port (the RPC message handled). */
  readToPortMs: number;
  /** The port → the webview's outer frame (pre/index.html) has it. */
  portToOuterMs: number;
  /** The outer frame → the panel's frame has it. */
  outerToPanelMs: number;
  /** Extension-host socket messages the workbench took in from the response's end up to the page's (the page's included), and their bytes. */
  socketMessages: number;
  socketBytes: number;
  /** Every socket message read from the click up to the page's read: ms after the click it was read, its bytes and RPC methods. */
  socketMethods: string[];
}

/**
 * One Apply: the probe is installed in the webview's frame, Apply is clicked with the mouse, and
 * the probe's times are read once the new load's rows are on screen; then the load is left to finish.
 */
export async function timeApply(workbench: Workbench, outer: Frame, frame: Frame, sandbox: SandboxProcess): Promise<Sample> {
  await sandbox.requestTimes(); // the ones before this Apply
  await frame.evaluate(installProbe);
  await frame.locator('vscode-button:not([disabled])', { hasText: 'Apply' }).click();
  await frame.waitForFunction(() => (window as unknown as { __applyProbe: Probe }).__applyProbe.painted !== undefined, undefined, { timeout: 120_000 });
  const probe = await frame.evaluate(() => (window as unknown as { __applyProbe: Probe }).__applyProbe);
  await frame.locator('.status-line', { hasText: /pages loaded/ }).waitFor({ timeout: 120_000 });
  const { click, loading, page, rows, painted, timeOrigin } = probe as Required<Probe>;
  const firstPage = (await sandbox.requestTimes()).find((time) => time.url.includes('/blood_pressure/grouped') && !time.url.includes('next_cursor'));
  if (!firstPage?.finishedAt) throw new Error('the sandbox saw no first-page request for this Apply');
  const clickAt = timeOrigin + click;
  const sent = firstPage.finishedAt;
  const workbenchTrace = await takeTrace(workbench.page, clickAt);
  const outerTrace = await takeTrace(outer, clickAt);
  // The page's socket message: the first large one after the response's end (a page of 2,000 readings is ~100 KB).
  const socket = workbenchTrace.find((e) => e.kind === 'ws' && e.at >= sent && (e.bytes ?? 0) > 20_000);
  const port = workbenchTrace.find((e) => e.kind === 'port-out' && e.type === 'page');
  const outerIn = outerTrace.find((e) => e.kind === 'port-in' && e.type === 'page');
  const pageAt = timeOrigin + page;
  const readStart = workbenchTrace.find((e) => e.kind === 'read-start' && e.at >= (socket?.at ?? Infinity) && e.bytes === socket?.bytes);
  const readEnd = workbenchTrace.find((e) => e.kind === 'read-end' && e.at >= (readStart?.at ?? Infinity) && e.bytes === socket?.bytes);
  const socketsBefore = workbenchTrace.filter((e) => e.kind === 'ws' && e.at < (socket?.at ?? -Infinity)).length;
  const readsBefore = workbenchTrace.filter((e) => e.kind === 'read-end' && e.at < (socket?.at ?? -Infinity)).length;
  const before = workbenchTrace.filter((e) => e.kind === 'ws' && e.at >= sent && e.at <= (socket?.at ?? sent));
  return {
    socketMessages: before.length,
    socketBytes: before.reduce((sum, e) => sum + (e.bytes ?? 0), 0),
    socketMethods: workbenchTrace
      .filter((e) => e.kind === 'read-end' && e.at <= (readEnd?.at ?? Infinity))
      .map((e) => `${(e.at - clickAt).toFixed(0)}ms:${e.bytes}B${e.methods?.length ? `:${e.methods.join(',')}` : ''}`),
    responseToSocketMs: (socket?.at ?? Number.NaN) - sent,
    socketToReadMs: (readStart?.at ?? Number.NaN) - (socket?.at ?? Number.NaN),
    readMs: (readEnd?.at ?? Number.NaN) - (readStart?.at ?? Number.NaN),
    readsAhead: socketsBefore - readsBefore,
    readToPortMs: (port?.at ?? Number.NaN) - (readEnd?.at ?? Number.NaN),
    portToOuterMs: (outerIn?.at ?? Number.NaN) - (port?.at ?? Number.NaN),
    outerToPanelMs: pageAt - (outerIn?.at ?? Number.NaN),
    requestArrivedMs: firstPage.arrivedAt - clickAt,
    responseSentMs: firstPage.finishedAt - clickAt,
    responseToPageMs: timeOrigin + page - firstPage.finishedAt,
    serverMs: firstPage.finishedAt - firstPage.arrivedAt,
    totalMs: painted - click,
    clickToLoadingMs: loading - click,
    loadingToPageMs: page - loading,
    pageToRowsMs: rows - page,
    rowsToFrameMs: painted - rows,
  };
}

/** Runs in the webview's frame: records the click, the host's `loading` and first `page`, and the first rows painted. */
function installProbe(): void {
  interface ProbeWindow {
    __applyProbe: Probe;
    __applyProbeStop?: () => void;
  }
  const w = window as unknown as ProbeWindow;
  w.__applyProbeStop?.();
  const probe: Probe = { timeOrigin: performance.timeOrigin };
  w.__applyProbe = probe;
  const stop = new AbortController();
  // The click's own timestamp (when the input happened), before the button's handler runs.
  addEventListener('click', (event) => (probe.click ??= event.timeStamp), { capture: true, signal: stop.signal });
  addEventListener(
    'message',
    (event: MessageEvent<{ type?: string }>) => {
      if (probe.click === undefined) return;
      if (event.data?.type === 'loading') probe.loading ??= event.timeStamp;
      else if (event.data?.type === 'page' && probe.loading !== undefined) probe.page ??= event.timeStamp;
    },
    { capture: true, signal: stop.signal },
  );
  const hasRow = (): boolean => document.querySelector('#readings .vrow:not(.vhead):not([hidden])') !== null;
  const observer = new MutationObserver(() => {
    if (probe.page === undefined || probe.rows !== undefined || !hasRow()) return;
    probe.rows = performance.now();
    requestAnimationFrame(() => {
      probe.painted = performance.now();
      w.__applyProbeStop?.();
    });
  });
  observer.observe(document.body, { childList: true, subtree: true, attributes: true });
  w.__applyProbeStop = () => {
    observer.disconnect();
    stop.abort();
  };
}
