// The chart's background: the blood-pressure category bands and the diastolic threshold lines, on
// the mmHg axis only (readings in another unit have an axis of their own and no bands).
import type uPlot from 'uplot';
import { DIASTOLIC_THRESHOLDS, SYSTOLIC_BANDS } from '../../domain/bloodPressure/bloodPressureCategory';
import type { ChartPalette } from '../../domain/bloodPressure/chartColors';

/**
 * The category bands and the diastolic threshold lines, painted into a canvas of their own that
 * lies under uPlot's (uPlot clears its canvas to transparent): they are painted again only when the
 * plot's size or y range changes, never copied at a draw (a data draw costs the series alone).
 */
export class BandLayer {
  private readonly canvas = document.createElement('canvas');
  private key = '';

  constructor(private readonly palette: ChartPalette) {
    this.canvas.className = 'chart-bands';
    this.canvas.setAttribute('aria-hidden', 'true');
  }

  draw(u: uPlot): void {
    const yMin = u.scales.y?.min;
    const yMax = u.scales.y?.max;
    if (yMin == null || yMax == null) {
      this.canvas.style.display = 'none';
      return;
    }
    this.canvas.style.display = '';
    const { left, top, width, height } = u.bbox;
    const key = `${left},${top}:${width}x${height}:${yMin}:${yMax}`;
    if (key === this.key) return;
    this.key = key;
    // After uPlot's canvas in its wrapper (so `canvas` selectors still find uPlot's first), and
    // under it by z-index: the wrapper is its own stacking context (bloodPressure.css).
    const wrap = u.over.parentElement;
    if (wrap && this.canvas.parentElement !== wrap) wrap.append(this.canvas);
    const pixel = window.devicePixelRatio || 1;
    Object.assign(this.canvas.style, { left: `${left / pixel}px`, top: `${top / pixel}px`, width: `${width / pixel}px`, height: `${height / pixel}px` });
    this.paint(u, yMin, yMax);
  }

  private paint(u: uPlot, yMin: number, yMax: number): void {
    const { top, width, height } = u.bbox;
    this.canvas.width = Math.max(1, Math.round(width));
    // A new size clears the canvas; the same size does not.
    this.canvas.getContext('2d')?.clearRect(0, 0, this.canvas.width, this.canvas.height);
    this.canvas.height = Math.max(1, Math.round(height));
    const ctx = this.canvas.getContext('2d');
    if (!ctx) return;
    const pixel = window.devicePixelRatio || 1;
    const y = (value: number): number => u.valToPos(value, 'y', true) - top;
    for (const band of SYSTOLIC_BANDS) {
      const low = Math.max(band.from, yMin);
      const high = Math.min(band.to, yMax);
      if (high <= low) continue;
      const yTop = y(high);
      const yBottom = y(low);
      ctx.globalAlpha = this.palette.bandAlpha;
      ctx.fillStyle = this.palette.bands[band.category];
      ctx.fillRect(0, yTop, width, yBottom - yTop);
    }
    ctx.globalAlpha = 0.9;
    ctx.lineWidth = pixel;
    ctx.setLineDash([3 * pixel, 3 * pixel]);
    for (const threshold of DIASTOLIC_THRESHOLDS) {
      if (threshold.value < yMin || threshold.value > yMax) continue;
      const at = Math.round(y(threshold.value)) + 0.5;
      ctx.strokeStyle = this.palette.bands[threshold.category];
      ctx.beginPath();
      ctx.moveTo(0, at);
      ctx.lineTo(width, at);
      ctx.stroke();
    }
  }
}
