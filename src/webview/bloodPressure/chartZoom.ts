// The chart's zoom: the window a person chose (a drag on the plot, the zoom keys while the chart
// has focus, a double click or Reset for the whole range), kept within the range of the data.
// Undefined is the whole range, so a load that grows the range keeps showing all of it.
import type uPlot from 'uplot';
import type { ChartWindow } from '../../domain/bloodPressure/chartDecimation';
import { clampWindow, sameWindow } from '../../domain/bloodPressure/chartWindow';
import { windowAfter, zoomActionOf } from './chartZoomKeys';

export class ChartZoom {
  private view: ChartWindow | undefined;
  private drawnWindow: ChartWindow | undefined;

  constructor(
    private readonly wholeWindow: () => ChartWindow,
    /** Draws the chart in the new zoom. */
    private readonly redraw: () => void,
  ) {}

  /** Whether the x axis shows less than everything (Reset zoom is enabled then). */
  get isZoomed(): boolean {
    return this.view !== undefined;
  }

  /** The window a draw shows now (remembered: a drag that ends where it began changes nothing). */
  windowToDraw(): ChartWindow {
    const whole = this.wholeWindow();
    this.drawnWindow = this.view ? clampWindow(this.view, whole) : whole;
    return this.drawnWindow;
  }

  /** A new query: the whole range, drawn by the caller. */
  clear(): void {
    this.view = undefined;
  }

  onKey(event: KeyboardEvent): void {
    const action = zoomActionOf(event);
    if (!action) return;
    event.preventDefault();
    event.stopPropagation();
    const whole = this.wholeWindow();
    this.zoomTo(windowAfter(action, this.view ?? whole, whole));
  }

  /** Zooms to `view` (undefined, or all of the range: the whole range) and draws. */
  zoomTo(view: ChartWindow | undefined): void {
    const whole = this.wholeWindow();
    this.view = view && !sameWindow(clampWindow(view, whole), whole) ? clampWindow(view, whole) : undefined;
    this.redraw();
  }

  /** A drag on the chart set the x scale: the readings of that window are drawn. */
  onScale(u: uPlot): void {
    const min = u.scales.x?.min;
    const max = u.scales.x?.max;
    if (min == null || max == null) return;
    const window = { startMs: Math.round(min * 1000), endMs: Math.round(max * 1000) };
    const drawn = this.drawnWindow;
    if (drawn && Math.abs(window.startMs - drawn.startMs) < 2 && Math.abs(window.endMs - drawn.endMs) < 2) return;
    // Not inside uPlot's own commit: the next microtask draws the new window.
    queueMicrotask(() => this.zoomTo(window));
  }
}
