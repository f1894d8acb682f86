// The chart's whole window during and after a load: the queried days, and any reading outside them.
import type { ChartWindow } from '../../domain/bloodPressure/chartDecimation';
import { coveringWindow } from '../../domain/bloodPressure/chartWindow';
import { DAY_MS } from '../../domain/zonedTime';

export class HeldChartWindow {
  /** The queried days as instants. */
  private range: ChartWindow = { startMs: 0, endMs: DAY_MS };
  /** While loading, the window only ever grows; undefined once the load is over. */
  private held: ChartWindow | undefined;

  /** A new load of the queried days `range`. */
  start(range: ChartWindow): void {
    this.range = range;
    this.held = range;
  }

  /** The load is over: the exact window from now on. */
  release(): void {
    this.held = undefined;
  }

  /**
   * The chart's whole window for readings spanning `extent`. While pages stream in, a window that
   * has to grow grows by an eighth more, so the few readings outside the queried days (a zone's
   * edge) rebuild the chart's columns a few times per load, not at every page; the exact window
   * comes back with the last page.
   */
  whole(extent: ChartWindow | undefined, loading: boolean): ChartWindow {
    const exact = coveringWindow(this.range, extent);
    const held = this.held;
    if (!loading || !held) return exact;
    if (exact.startMs >= held.startMs && exact.endMs <= held.endMs) return held;
    const pad = (exact.endMs - exact.startMs) / 8;
    this.held = {
      startMs: exact.startMs < held.startMs ? Math.floor(exact.startMs - pad) : held.startMs,
      endMs: exact.endMs > held.endMs ? Math.ceil(exact.endMs + pad) : held.endMs,
    };
    return this.held;
  }
}
