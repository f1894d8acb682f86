// Systolic and diastolic over time, one series pair per provider, over the AHA category bands.
// uPlot draws to one canvas and stays fast with 100 000+ points; its colours are read from the
// theme's CSS variables each time the chart is built, and it is rebuilt when the theme changes.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { BLOOD_PRESSURE_CATEGORIES, DIASTOLIC_THRESHOLDS, SYSTOLIC_BANDS } from '../../domain/bloodPressureCategory';
import { seriesColorSlot, type AlignedChartData } from '../../domain/bloodPressureChartSeries';
import type { ZoneCalendar } from '../../domain/zonedTime';
import type { BloodPressureStrings } from '../../shared/bloodPressureProtocol';
import { el, formatMessage } from '../common/dom';
import { createButton, type ButtonHandle } from '../common/toolkit';
import { CATEGORY_COLOR_VARIABLE, SERIES_COLOR_VARIABLES } from '../../domain/chartColors';
import { categoryLabel, themeColor } from './categoryColors';

const HEIGHT = 320;

export class BloodPressureChart {
  readonly element: HTMLElement;
  private readonly canvasHost: HTMLElement;
  private readonly resetZoom: ButtonHandle;
  private plot: uPlot | undefined;
  private data: AlignedChartData | undefined;
  private zoomed = false;

  constructor(
    private readonly strings: BloodPressureStrings,
    private readonly zone: ZoneCalendar,
    /** The user's connected providers: each keeps its colour whatever the filter shows. */
    private readonly connectedProviders: readonly string[],
  ) {
    this.canvasHost = el('div', { className: 'chart-canvas', attrs: { role: 'img' } });
    this.resetZoom = createButton(strings.resetZoom, () => this.unzoom(), { title: strings.resetZoomHint });
    this.resetZoom.element.classList.add('reset-zoom');
    this.resetZoom.setDisabled(true);
    const toolbar = el('div', { className: 'chart-toolbar' }, el('span', { className: 'muted', text: strings.zoomHint }), this.resetZoom.element);
    this.element = el('div', { className: 'chart' }, toolbar, this.canvasHost, this.bandLegend());
    new ResizeObserver(() => this.plot?.setSize({ width: this.width(), height: HEIGHT })).observe(this.canvasHost);
    // VS Code swaps the body's theme class (vscode-light / vscode-dark / vscode-high-contrast).
    new MutationObserver(() => this.draw()).observe(document.body, { attributes: true, attributeFilter: ['class'] });
  }

  /**
   * Shows `data`. While pages stream in, the same providers only get new columns (uPlot's setData:
   * no new canvas, and a zoom the user made stays); a new provider rebuilds the chart.
   */
  render(data: AlignedChartData): void {
    const sameSeries = this.plot !== undefined && sameList(this.data?.providers ?? [], data.providers);
    this.data = data;
    this.canvasHost.setAttribute(
      'aria-label',
      formatMessage(this.strings.chartLabel, data.points, data.providers.length, this.zone.zone),
    );
    if (sameSeries && this.plot) this.plot.setData([data.times, ...data.columns] as uPlot.AlignedData, !this.zoomed);
    else this.draw();
  }

  /** Forgets the data of the previous query (the next render builds a new chart). */
  clear(): void {
    this.plot?.destroy();
    this.plot = undefined;
    this.data = undefined;
    this.zoomed = false;
    this.resetZoom.setDisabled(true);
  }

  /** Series drawn (two per provider), for the render snapshot. */
  get seriesCount(): number {
    return (this.plot?.series.length ?? 1) - 1;
  }

  get canvasPresent(): boolean {
    return this.canvasHost.querySelector('canvas') !== null;
  }

  /** Whether the x axis shows less than all the data (Reset zoom is enabled then). */
  get isZoomed(): boolean {
    return this.zoomed;
  }

  /** The theme variable each provider's series are stroked with (snapshot and tests). */
  get seriesColors(): Record<string, string> {
    return Object.fromEntries((this.data?.providers ?? []).map((provider) => [provider, this.colorVariable(provider)]));
  }

  private colorVariable(provider: string): string {
    return SERIES_COLOR_VARIABLES[seriesColorSlot(provider, this.connectedProviders, SERIES_COLOR_VARIABLES.length)] ?? '';
  }

  private unzoom(): void {
    const times = this.data?.times;
    if (!this.plot || !times || times.length === 0) return;
    this.plot.setScale('x', { min: times[0] ?? 0, max: times[times.length - 1] ?? 0 });
  }

  private onScale(u: uPlot): void {
    const times = this.data?.times ?? [];
    const min = u.scales.x?.min;
    const max = u.scales.x?.max;
    const first = times[0];
    const last = times[times.length - 1];
    this.zoomed = min != null && max != null && first !== undefined && last !== undefined && (min > first || max < last);
    this.resetZoom.setDisabled(!this.zoomed);
  }

  private draw(): void {
    this.plot?.destroy();
    this.plot = undefined;
    this.zoomed = false;
    this.resetZoom.setDisabled(true);
    if (!this.data) return;
    const data: uPlot.AlignedData = [this.data.times, ...this.data.columns];
    this.plot = new uPlot(this.options(this.data), data, this.canvasHost);
  }

  private width(): number {
    return Math.max(320, this.canvasHost.clientWidth || this.element.clientWidth || 640);
  }

  private options(data: AlignedChartData): uPlot.Options {
    const foreground = themeColor('--vscode-editor-foreground', '#888');
    const grid = themeColor('--vscode-charts-lines', 'rgba(128,128,128,0.3)');
    const fontFamily = getComputedStyle(document.body).fontFamily || 'sans-serif';
    const font = `11px ${fontFamily}`;
    const highContrast = document.body.classList.contains('vscode-high-contrast');
    const bandColors = Object.fromEntries(
      BLOOD_PRESSURE_CATEGORIES.map((category) => [category, themeColor(CATEGORY_COLOR_VARIABLE[category], foreground)]),
    );
    const zone = this.zone;
    const valueText = (_u: uPlot, value: number | null): string => (value === null || value === undefined ? '–' : String(value));
    const series: uPlot.Series[] = [
      { label: formatMessage(this.strings.columnTime, zone.zone), value: (_u, v) => (v === null || v === undefined ? '–' : zone.formatWallTime(v * 1000)) },
    ];
    // 1 px strokes: a canvas rasterised without a GPU draws them on a fast path; at 1.5 px the
    // series of 100,000 readings took about as long to paint as everything else on the page.
    // spanGaps false: the `null` rows of alignedChartData break a line over a long gap, while the
    // `undefined` of instants where only another provider has a reading are drawn across.
    data.providers.forEach((provider) => {
      const color = themeColor(this.colorVariable(provider), foreground);
      series.push(
        { label: formatMessage(this.strings.systolicOf, provider), stroke: color, width: 1, spanGaps: false, value: valueText },
        { label: formatMessage(this.strings.diastolicOf, provider), stroke: color, width: 1, dash: [6, 4], spanGaps: false, value: valueText },
      );
    });
    const axis = (label?: string): uPlot.Axis => ({
      stroke: foreground,
      font,
      labelFont: font,
      grid: { stroke: grid, width: 1 },
      ticks: { stroke: grid, width: 1 },
      ...(label ? { label } : {}),
    });
    return {
      width: this.width(),
      height: HEIGHT,
      tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), zone.zone),
      scales: {
        x: { time: true },
        // Always show the normal..stage 2 bands, whatever the data's own range.
        y: { range: (_u, min, max) => [Math.min(50, (min ?? 50) - 10), Math.max(190, (max ?? 190) + 10)] },
      },
      axes: [axis(), axis(this.strings.pressureAxis)],
      series,
      cursor: { drag: { x: true, y: false } },
      hooks: {
        drawClear: [(u) => drawCategoryBands(u, bandColors, highContrast ? 0.3 : 0.12)],
        setScale: [(u, key) => key === 'x' && this.onScale(u)],
      },
    };
  }

  private bandLegend(): HTMLElement {
    const legend = el('div', { className: 'band-legend', attrs: { role: 'list', 'aria-label': this.strings.categoryLegend } });
    for (const category of BLOOD_PRESSURE_CATEGORIES) {
      legend.append(
        el(
          'span',
          { className: 'band-item', attrs: { role: 'listitem' } },
          el('span', { className: `swatch swatch-${category}`, attrs: { 'aria-hidden': 'true' } }),
          categoryLabel(this.strings, category),
        ),
      );
    }
    legend.append(el('span', { className: 'muted band-note', text: this.strings.diastolicThresholdNote }));
    return legend;
  }
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

function drawCategoryBands(u: uPlot, colors: Record<string, string>, alpha: number): void {
  const yMin = u.scales.y?.min;
  const yMax = u.scales.y?.max;
  if (yMin === undefined || yMax === undefined || yMin === null || yMax === null) return;
  const { ctx } = u;
  const { left, top, width, height } = u.bbox;
  ctx.save();
  ctx.beginPath();
  ctx.rect(left, top, width, height);
  ctx.clip();
  for (const band of SYSTOLIC_BANDS) {
    const low = Math.max(band.from, yMin);
    const high = Math.min(band.to, yMax);
    if (high <= low) continue;
    const yTop = u.valToPos(high, 'y', true);
    const yBottom = u.valToPos(low, 'y', true);
    ctx.globalAlpha = alpha;
    ctx.fillStyle = colors[band.category] ?? 'gray';
    ctx.fillRect(left, yTop, width, yBottom - yTop);
  }
  const pixel = window.devicePixelRatio || 1;
  ctx.globalAlpha = 0.9;
  ctx.lineWidth = pixel;
  ctx.setLineDash([3 * pixel, 3 * pixel]);
  for (const threshold of DIASTOLIC_THRESHOLDS) {
    if (threshold.value < yMin || threshold.value > yMax) continue;
    const y = Math.round(u.valToPos(threshold.value, 'y', true)) + 0.5;
    ctx.strokeStyle = colors[threshold.category] ?? 'gray';
    ctx.beginPath();
    ctx.moveTo(left, y);
    ctx.lineTo(left + width, y);
    ctx.stroke();
  }
  ctx.restore();
}
