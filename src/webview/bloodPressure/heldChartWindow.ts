// The chart's whole window for a load: the queried days, fixed when the load starts (`loading`),
// so the chart's per-pixel columns are built once, before the first reading, and every page is
// added into them at the cost of the page. It only grows when a reading falls outside the queried
// days (a zone's edge), and then by an eighth more, so those few readings rebuild the columns a few
// times per load at most; the end of the load (`complete`) keeps it, so the last page never
// rebuilds the columns over every reading.
import type { ChartWindow } from '../../domain/bloodPressure/chartDecimation';
import { coveringWindow } from '../../domain/bloodPressure/chartWindow';
import { DAY_MS } from '../../domain/zonedTime';

export class HeldChartWindow {
  private held: ChartWindow = { startMs: 0, endMs: DAY_MS };

  /** A new load of the queried days `range`. */
  start(range: ChartWindow): void {
    this.held = range;
  }

  /** The chart's whole window for readings spanning `extent`: the held one, grown when a reading lies outside it. */
  whole(extent: ChartWindow | undefined): ChartWindow {
    const exact = coveringWindow(this.held, extent);
    const held = this.held;
    if (exact.startMs >= held.startMs && exact.endMs <= held.endMs) return held;
    const pad = (exact.endMs - exact.startMs) / 8;
    this.held = {
      startMs: exact.startMs < held.startMs ? Math.floor(exact.startMs - pad) : held.startMs,
      endMs: exact.endMs > held.endMs ? Math.ceil(exact.endMs + pad) : held.endMs,
    };
    return this.held;
  }
}
