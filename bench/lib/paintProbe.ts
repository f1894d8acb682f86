// In-page helpers of the blood-pressure benchmarks, installed once per harness page
// (window.__probe): wait for a `rendered` report, count the animation frames from a message to the
// frame that paints its effect, play messages in a burst or paced, and time an input → next paint.
// Everything here runs in the page (page.evaluate passes the installer whole).
import type { Page } from 'playwright-core';

export interface PostedMessage {
  type: string;
  snapshot?: { phase: string; tableRows: number; chartPoints: number; readings: number };
}

/**
 * What one measured message did: the webview's own work (arrival → its report), arrival → the frame that
 * paints it, when its callbacks run (frameMs), and → the task after that paint (paintMs).
 */
export interface FramesSample {
  workMs: number;
  frameMs: number;
  paintMs: number;
}

/**
 * Animation frames from a message to the frame that paints it: the frame intervals of the idle page
 * elapsed from the message to that frame's start, rounded up (a frame's start jitters by a few
 * tenths of a millisecond, hence the 5 % slack). A main thread blocked for 10 frames counts 10,
 * not the one frame callback that follows it.
 */
export function framesOfSample(sample: FramesSample, frameIntervalMs: number): number {
  return Math.max(1, Math.ceil(sample.frameMs / frameIntervalMs - 0.05));
}

export interface ProbeWindow {
  __posted: PostedMessage[];
  __arrivals: Record<string, number[]>;
  __messages: Array<{ type: string; load?: number }>;
  __texts: string[];
  __probe: Probe;
}

export interface Probe {
  /** Resolves with the time of the first `rendered` (or other) message passing `test` posted from now on. */
  reported(test: (m: PostedMessage) => boolean): Promise<number>;
  /** The time after the next frame has been painted (a task after it). */
  nextFrame(): Promise<number>;
  /**
   * Posts `messages` now and waits until `done` is reported and painted: the frame in which the
   * report came is the painting one when the report came from a frame callback, else the next one.
   * Times from the last message's arrival.
   */
  framesTo(messages: readonly unknown[], done: (m: PostedMessage) => boolean): Promise<FramesSample>;
  /** Posts `messages` one per `everyMs` on a fixed schedule (late timers post every overdue one). */
  paced(messages: readonly unknown[], everyMs: number): Promise<void>;
  /** Inputs every `everyMs` until stop(): a scroll of the table or a hover on the chart, alternately; → next paint, ms. */
  inputs(everyMs: number): { stop(): number[] };
}

/** Installs window.__probe in the harness page (after openHarnessWith). */
export function installPaintProbe(page: Page): Promise<void> {
  return page.evaluate(() => {
    const w = window as unknown as ProbeWindow;
    let waiters: Array<{ test: (m: PostedMessage) => boolean; resolve: (at: number) => void }> = [];
    const push = w.__posted.push.bind(w.__posted);
    w.__posted.push = (...messages: PostedMessage[]): number => {
      for (const m of messages) {
        waiters = waiters.filter((waiter) => {
          if (!waiter.test(m)) return true;
          waiter.resolve(performance.now());
          return false;
        });
      }
      return push(...messages);
    };
    // Frames counted by requestAnimationFrame, which every callback of the page goes through from
    // now on: a frame is numbered when its first callback runs (all of a frame's callbacks get the
    // same timestamp), and `inFrame` says whether a report comes from inside a frame's callback
    // (then that frame paints it) or from a task (then the next frame does).
    let frames = 0;
    let inFrame = 0;
    let frameTimestamp = -1;
    const frameStarts: number[] = [];
    const request = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (callback: FrameRequestCallback): number =>
      request((timestamp) => {
        if (timestamp !== frameTimestamp) {
          frameTimestamp = timestamp;
          frames++;
          frameStarts[frames] = performance.now();
        }
        inFrame++;
        try {
          callback(timestamp);
        } finally {
          inFrame--;
        }
      });
    const tick = (): void => void requestAnimationFrame(tick);
    requestAnimationFrame(tick);
    const nextFrame = (): Promise<number> => new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0)));
    const reported = (test: (m: PostedMessage) => boolean): Promise<number> => new Promise((resolve) => waiters.push({ test, resolve }));
    w.__probe = {
      reported,
      nextFrame,
      async framesTo(messages, done) {
        let reportFrames = 0;
        let reportInFrame = false;
        const shown = new Promise<number>((resolve) =>
          waiters.push({
            test: done,
            resolve: (at) => {
              reportFrames = frames;
              reportInFrame = inFrame > 0;
              resolve(at);
            },
          }),
        );
        const last = (messages.at(-1) as { type: string }).type;
        const arrivalsBefore = (w.__arrivals[last] ?? []).length;
        for (const message of messages) window.postMessage(message, '*');
        const reportedAt = await shown;
        const paintedAt = await nextFrame();
        const arrival = w.__arrivals[last]![arrivalsBefore]!;
        const paintingFrame = reportFrames + (reportInFrame ? 0 : 1);
        return {
          workMs: reportedAt - arrival,
          frameMs: (frameStarts[paintingFrame] ?? paintedAt) - arrival,
          paintMs: paintedAt - arrival,
        };
      },
      paced(messages, everyMs) {
        return new Promise<void>((resolve) => {
          const started = performance.now();
          let next = 0;
          const post = (): void => {
            const due = Math.floor((performance.now() - started) / everyMs) + 1;
            while (next < messages.length && next < due) window.postMessage(messages[next++], '*');
            if (next < messages.length) setTimeout(post, started + next * everyMs - performance.now());
            else resolve();
          };
          post();
        });
      },
      inputs(everyMs) {
        const latencies: number[] = [];
        let stopped = false;
        let scroll = true;
        const schedule = (): void => {
          if (stopped) return;
          const due = performance.now() + everyMs;
          setTimeout(() => {
            if (stopped) return;
            const table = document.querySelector<HTMLElement>('#readings');
            const over = document.querySelector<HTMLElement>('.chart-canvas .u-over');
            if (scroll && table) table.scrollTop = (table.scrollTop + 220) % Math.max(1, table.scrollHeight - table.clientHeight);
            else if (over) {
              const box = over.getBoundingClientRect();
              const x = box.left + Math.random() * box.width;
              const y = box.top + Math.random() * box.height;
              over.dispatchEvent(new MouseEvent('mousemove', { clientX: x, clientY: y, bubbles: true }));
            }
            scroll = !scroll;
            void nextFrame().then((painted) => {
              latencies.push(painted - due);
              schedule();
            });
          }, everyMs);
        };
        schedule();
        return {
          stop() {
            stopped = true;
            return latencies;
          },
        };
      },
    };
  });
}
