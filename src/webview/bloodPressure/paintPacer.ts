// When the blood-pressure views are redrawn while pages stream in: the progress text once a frame,
// the views at most every PAINT_INTERVAL_MS, and never more than one part in PAINT_SHARE of the
// time: on a slow or busy machine they are redrawn less often, and the time goes to taking in pages.

const PAINT_INTERVAL_MS = 200;
const PAINT_SHARE = 8;

export class PaintPacer {
  private frame = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private paintedAt = Number.NEGATIVE_INFINITY;
  /** What the last paint of every view took (ms). */
  private paintCost = 0;

  /** Runs `callback` at the next frame; several calls before it: one run. */
  nextFrame(callback: () => void): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      callback();
    });
  }

  /** How long (ms) until the views may be painted again; 0 or less: now. */
  waitMs(): number {
    return this.paintedAt + Math.max(PAINT_INTERVAL_MS, PAINT_SHARE * this.paintCost) - performance.now();
  }

  /** Runs `callback` in `waitMs` unless a timed paint is already pending. */
  later(callback: () => void, waitMs: number): void {
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      callback();
    }, waitMs);
  }

  /** Paints every view now (a pending timed paint is dropped) and remembers what it took. */
  measure(paint: () => void): void {
    this.cancelTimer();
    const started = performance.now();
    paint();
    this.paintedAt = performance.now();
    this.paintCost = this.paintedAt - started;
  }

  /** A new load: its first views are painted at once. */
  restart(): void {
    this.paintedAt = Number.NEGATIVE_INFINITY;
  }

  /** Drops the pending frame and timed paint. */
  stop(): void {
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.cancelTimer();
  }

  private cancelTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
