// What a benchmark reads from a Chromium page: frame intervals, main-thread CPU, the next paint.
import type { Page } from 'playwright-core';
import { median, percentile } from './stats';

export interface FrameStats {
  median: number;
  p95: number;
  max: number;
  long: number;
  rows: number;
}

export interface FrameSampling {
  frames: number;
  /** Rows scrolled each frame (0: idle). */
  rowsPerFrame: number;
  /** The scroll container; default: the blood-pressure table's. */
  selector?: string;
  /** Pixels per row; default 22 (the tables' rows). */
  rowHeight?: number;
  /** Scroll back to the top first. */
  fromTop?: boolean;
}

/**
 * rAF intervals while a viewport scrolls `rowsPerFrame` rows each frame (the one sampler of every
 * scrolling benchmark; it runs in the page, so it is passed to page.evaluate whole). `rows`: the
 * table rows rendered at the end.
 */
export async function framesOf({ frames, rowsPerFrame, selector, rowHeight = 22, fromTop = false }: FrameSampling): Promise<{ deltas: number[]; rows: number }> {
  const viewport = selector
    ? document.querySelector<HTMLElement>(selector)
    : (document.querySelector<HTMLElement>('#readings') ?? document.querySelector<HTMLElement>('.vtable'));
  if (!viewport) throw new Error(`no viewport ${selector ?? '#readings'}`);
  if (fromTop) viewport.scrollTop = 0;
  const deltas: number[] = [];
  await new Promise<void>((resolve) => {
    let last = 0;
    let count = 0;
    const step = (now: number): void => {
      if (last) deltas.push(now - last);
      last = now;
      if (rowsPerFrame) viewport.scrollTop += rowsPerFrame * rowHeight;
      if (++count > frames) resolve();
      else requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  });
  return { deltas, rows: viewport.querySelectorAll('.vrow:not([hidden])').length };
}

export function frameStats({ deltas, rows }: { deltas: number[]; rows: number }): FrameStats {
  return { median: median(deltas), p95: percentile(deltas, 95), max: Math.max(...deltas), long: deltas.filter((d) => d > 25).length, rows };
}

/** CPU time of the renderer's main thread: the thread time of its top-level tasks in a trace. */
export function mainThreadCpuMs(trace: Buffer): number {
  const { traceEvents } = JSON.parse(trace.toString('utf8')) as {
    traceEvents: Array<{ name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number; args?: { name?: string } }>;
  };
  const main = new Set(
    traceEvents.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  const tasks = traceEvents
    .filter((e) => e.ph === 'X' && e.name.endsWith('RunTask') && e.tdur !== undefined && main.has(`${e.pid}:${e.tid}`))
    .sort((a, b) => a.ts - b.ts);
  let micros = 0;
  let coveredUntil = -Infinity;
  for (const task of tasks) {
    if (task.ts < coveredUntil) continue; // nested in the previous top-level task
    micros += task.tdur ?? 0;
    coveredUntil = task.ts + (task.dur ?? 0);
  }
  return micros / 1000;
}

export function afterPaint(page: Page): Promise<void> {
  return page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}
