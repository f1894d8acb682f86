// The chart's background: the blood-pressure category bands and the diastolic threshold lines, on
// the mmHg axis only (readings in another unit have an axis of their own and no bands).
import type uPlot from 'uplot';
import { DIASTOLIC_THRESHOLDS, SYSTOLIC_BANDS } from '../../domain/bloodPressure/bloodPressureCategory';
import type { ChartPalette } from '../../domain/bloodPressure/chartColors';

/**
 * The category bands and the diastolic threshold lines, painted once into a
 * canvas of their own and copied under the series at each draw: they change only with the plot's
 * size and y range, not with the data.
 */
export class BandLayer {
  private readonly canvas = document.createElement('canvas');
  private key = '';

  constructor(private readonly palette: ChartPalette) {}

  draw(u: uPlot): void {
    const yMin = u.scales.y?.min;
    const yMax = u.scales.y?.max;
    if (yMin == null || yMax == null) return;
    const { left, top, width, height } = u.bbox;
    const key = `${width}x${height}:${yMin}:${yMax}`;
    if (key !== this.key) {
      this.key = key;
      this.paint(u, yMin, yMax);
    }
    u.ctx.drawImage(this.canvas, left, top);
  }

  private paint(u: uPlot, yMin: number, yMax: number): void {
    const { top, width, height } = u.bbox;
    this.canvas.width = Math.max(1, Math.round(width));
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
