// The chart's series, drawn by us on a canvas of our own over uPlot's (which keeps the axes, grid,
// cursor, selection and the bands' hook): each series is the path of its decimated columns
// (chartSeriesPath.ts), so a draw costs the columns, not the readings, and no aligned rows are
// built. mmHg series are 1-px lines: where dense, 1-px min–max bars and steps written as pixels;
// where sparse, stroked (the diastolic dashed) with their points marked as uPlot marked them.
// Another unit's are points (systolic filled, diastolic hollow) on that unit's scale. A value
// beyond its axis is drawn at the edge.
// The layer also answers "which reading is under the pointer" for the tooltip.
import type uPlot from 'uplot';
import type { AxisRange } from '../../domain/bloodPressure/chartAxisRange';
import { rgbaWord } from '../../domain/bloodPressure/chartColors';
import { pointAtOrAfter, type SeriesPath } from '../../domain/bloodPressure/chartSeriesPath';

export interface DrawnSeries {
  /** The series key (chartSeriesKey). */
  key: string;
  /** The uPlot scale its values are on ('y' for mmHg). */
  scale: string;
  color: string;
  /** Points without a line (another unit than mmHg). */
  points: boolean;
  systolic: SeriesPath;
  diastolic: SeriesPath;
}

/** The diastolic line's dash, CSS pixels (as the uPlot series it replaced). */
const DIASTOLIC_DASH = [6, 4];
/** Another unit's point diameter, CSS pixels. */
const POINT_SIZE = 6;
/** A line's points are marked while they are at least this far apart on average, CSS pixels (uPlot's rule for a 1-px line: diameter 5, space 10). */
const LINE_POINT_SIZE = 5;
const LINE_POINT_SPACE = 10;

export class SeriesLayer {
  private readonly canvas = document.createElement('canvas');
  private series: readonly DrawnSeries[] = [];
  private ranges: ReadonlyMap<string, AxisRange> = new Map();
  /** The plot's background: a line's marked points are filled with it. */
  private background = '';
  /** Set by `show`, cleared by a draw: the chart draws the layer itself when uPlot did not redraw. */
  private pending = false;

  constructor() {
    this.canvas.className = 'chart-series';
    this.canvas.setAttribute('aria-hidden', 'true');
  }

  /** What to draw at the next draw; `ranges`: each scale's range, values beyond it sit at its edge. */
  show(series: readonly DrawnSeries[], ranges: ReadonlyMap<string, AxisRange>, background: string): void {
    this.series = series;
    this.ranges = ranges;
    this.background = background;
    this.pending = true;
  }

  get needsDraw(): boolean {
    return this.pending;
  }

  /** Draws every series in the plot's current scales (uPlot's draw hook, and after a data change). */
  draw(u: uPlot): void {
    this.pending = false;
    const { left, top, width, height } = u.bbox;
    const pixel = window.devicePixelRatio || 1;
    // Between uPlot's canvas and its overlay: over the grid, under the selection and the tooltip.
    if (this.canvas.parentElement !== u.over.parentElement) u.over.before(this.canvas);
    const w = Math.max(1, Math.round(width));
    const h = Math.max(1, Math.round(height));
    if (this.canvas.width !== w || this.canvas.height !== h) {
      this.canvas.width = w;
      this.canvas.height = h;
      Object.assign(this.canvas.style, { left: `${left / pixel}px`, top: `${top / pixel}px`, width: `${width / pixel}px`, height: `${height / pixel}px` });
    }
    const ctx = this.canvas.getContext('2d');
    if (!ctx) return;
    const x = this.xOf(u, w)?.at;
    if (!x) return;
    const pixels = new PixelSpans(w, h);
    // The dense parts of every line first, as pixels in one copy; then what is stroked over them.
    const strokes = this.series.map((series) => {
      const y = this.yOf(u, series.scale, h);
      if (!y || series.points) return undefined;
      const color = rgbaWord(series.color) ?? 0xff808080;
      return { systolic: drawLine(pixels, color, series.systolic, x, y), diastolic: drawLine(pixels, color, series.diastolic, x, y) };
    });
    ctx.putImageData(pixels.image, 0, 0);
    this.series.forEach((series, index) => {
      const y = this.yOf(u, series.scale, h);
      if (!y) return;
      ctx.strokeStyle = series.color;
      ctx.fillStyle = series.color;
      ctx.lineWidth = pixel;
      if (series.points) {
        drawPoints(ctx, series.systolic, x, y, (POINT_SIZE / 2) * pixel, true);
        drawPoints(ctx, series.diastolic, x, y, (POINT_SIZE / 2) * pixel, false);
        return;
      }
      const lines = strokes[index]!;
      ctx.setLineDash([]);
      ctx.stroke(lines.systolic);
      ctx.setLineDash(DIASTOLIC_DASH.map((d) => d * pixel));
      ctx.stroke(lines.diastolic);
      const sparse = (path: SeriesPath): boolean => path.length - path.gaps <= width / (LINE_POINT_SPACE * pixel);
      ctx.fillStyle = this.background;
      for (const path of [series.systolic, series.diastolic]) if (sparse(path)) drawPoints(ctx, path, x, y, (LINE_POINT_SIZE / 2) * pixel, true);
    });
    ctx.setLineDash([]);
  }

  /**
   * The reading drawn nearest the pointer (CSS pixels in uPlot's overlay), any series: its key and
   * instant; undefined when nothing is drawn.
   */
  nearest(u: uPlot, leftCss: number, topCss: number): { key: string; epochMs: number } | undefined {
    const pixel = window.devicePixelRatio || 1;
    const px = leftCss * pixel;
    const py = topCss * pixel;
    const w = Math.max(1, Math.round(u.bbox.width));
    const h = Math.max(1, Math.round(u.bbox.height));
    const x = this.xOf(u, w);
    if (!x) return undefined;
    let best: { key: string; epochMs: number } | undefined;
    let bestDistance = Number.POSITIVE_INFINITY;
    const pointerMs = x.invert(px);
    for (const series of this.series) {
      const y = this.yOf(u, series.scale, h);
      if (!y) continue;
      for (const path of [series.systolic, series.diastolic]) {
        // Outwards from the pointer's instant, while a point could still be nearer than the best.
        const start = pointAtOrAfter(path, pointerMs);
        for (const step of [1, -1]) {
          for (let i = step === 1 ? start : start - 1; i >= 0 && i < path.length; i += step) {
            const dx = x.at(path.t[i]!) - px;
            if (dx * dx >= bestDistance) break;
            const distance = this.distance(path, i, dx, y, py);
            if (distance < bestDistance) {
              bestDistance = distance;
              best = { key: series.key, epochMs: path.t[i]! };
            }
          }
        }
      }
    }
    return best;
  }

  private distance(path: SeriesPath, i: number, dx: number, y: (value: number) => number, py: number): number {
    const value = path.v[i]!;
    if (Number.isNaN(value)) return Number.POSITIVE_INFINITY;
    const dy = y(value) - py;
    return dx * dx + dy * dy;
  }

  /** Epoch ms → canvas x (device pixels), and back; undefined before the x scale is set. */
  private xOf(u: uPlot, width: number): { at(epochMs: number): number; invert(x: number): number } | undefined {
    const min = u.scales.x?.min;
    const max = u.scales.x?.max;
    if (min == null || max == null || max <= min) return undefined;
    const perMs = width / ((max - min) * 1000);
    const startMs = min * 1000;
    return { at: (epochMs) => (epochMs - startMs) * perMs, invert: (x) => startMs + x / perMs };
  }

  /** A value on `scale` → canvas y (device pixels), held inside the axis's range (outliers at its edge). */
  private yOf(u: uPlot, scale: string, height: number): ((value: number) => number) | undefined {
    const min = u.scales[scale]?.min;
    const max = u.scales[scale]?.max;
    if (min == null || max == null || max <= min) return undefined;
    const range = this.ranges.get(scale) ?? { min, max };
    const low = Math.max(min, range.min);
    const high = Math.min(max, range.max);
    const perUnit = height / (max - min);
    return (value) => (max - (value < low ? low : value > high ? high : value)) * perUnit;
  }
}

/**
 * A 1-px line through the path's points, broken at NaN. Where the line stays within a pixel column
 * or steps to the next one (dense data: a column's first, lowest, highest and last, and the step
 * to the next column), its pixels are written straight into `pixels` as vertical spans: a filled
 * bar from the column's lowest to its highest point, and the step split between the two columns.
 * Canvas strokes of thousands of such segments cost the software rasteriser most of a repaint;
 * spans cost their pixels. Only segments that cross more than one pixel column (sparse data) are
 * stroked as lines, so a dashed series stays dashed where it is sparse.
 */
function drawLine(pixels: PixelSpans, color: number, path: SeriesPath, x: (epochMs: number) => number, y: (value: number) => number): Path2D {
  const ctx = new Path2D();
  // The previous pixel column drawn (NaN: none since a break), where the line left it, and whether the stroke's current point is there.
  let previousX = Number.NaN;
  let previousExit = 0;
  let stroking = false;
  let runX = Number.NaN;
  let runEntry = 0;
  let runTop = 0;
  let runBottom = 0;
  let runExit = 0;
  const endRun = (): void => {
    if (runX !== runX) return;
    pixels.span(runX, runTop, runBottom, color);
    previousX = runX;
    previousExit = runExit;
    // A stroke goes on from where the column is left.
    if (stroking && runExit !== runEntry) stroking = false;
  };
  const startRun = (px: number, py: number): void => {
    if (previousX === previousX) {
      if (px - previousX <= 1) {
        // A step to the next column: half of it in each.
        const middle = (previousExit + py) >> 1;
        pixels.span(previousX, Math.min(previousExit, middle), Math.max(previousExit, middle), color);
        pixels.span(px, Math.min(middle, py), Math.max(middle, py), color);
        stroking = false;
      } else {
        if (!stroking) ctx.moveTo(previousX + 0.5, previousExit + 0.5);
        ctx.lineTo(px + 0.5, py + 0.5);
        stroking = true;
      }
    }
    runX = px;
    runEntry = runTop = runBottom = runExit = py;
  };
  const { t, v, length } = path;
  for (let i = 0; i < length; i++) {
    const value = v[i]!;
    if (value !== value) {
      endRun();
      runX = previousX = Number.NaN;
      stroking = false;
      continue;
    }
    const px = Math.round(x(t[i]!));
    const py = Math.round(y(value));
    if (px === runX) {
      if (py < runTop) runTop = py;
      else if (py > runBottom) runBottom = py;
      runExit = py;
      continue;
    }
    endRun();
    startRun(px, py);
  }
  endRun();
  return ctx;
}

/** A canvas-sized RGBA buffer that series write vertical 1-px spans into, put onto the canvas once. */
class PixelSpans {
  readonly image: ImageData;
  private readonly words: Uint32Array;

  constructor(readonly width: number, readonly height: number) {
    this.image = new ImageData(width, height);
    this.words = new Uint32Array(this.image.data.buffer);
  }

  /** Column `x`, rows `top`..`bottom` (both included, clipped to the canvas), in `color` (rgbaWord). */
  span(x: number, top: number, bottom: number, color: number): void {
    if (x < 0 || x >= this.width) return;
    const from = Math.max(0, top);
    const to = Math.min(this.height - 1, bottom);
    const { words, width } = this;
    for (let row = from; row <= to; row++) words[row * width + x] = color;
  }
}


function drawPoints(ctx: CanvasRenderingContext2D, path: SeriesPath, x: (epochMs: number) => number, y: (value: number) => number, radius: number, filled: boolean): void {
  ctx.setLineDash([]);
  ctx.beginPath();
  for (let i = 0; i < path.length; i++) {
    const value = path.v[i]!;
    if (Number.isNaN(value)) continue;
    const px = x(path.t[i]!);
    const py = y(value);
    ctx.moveTo(px + radius, py);
    ctx.arc(px, py, radius, 0, 2 * Math.PI);
  }
  if (filled) ctx.fill();
  ctx.stroke();
}
