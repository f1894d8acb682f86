// Systolic and diastolic over time, one series pair per provider, over the AHA category bands.
// Readings in another unit than mmHg (the service may send glucose in mg/dL, or a percentage) are
// a series pair of their own, on an axis of that unit on the right: never on the mmHg axis or bands.
// Hovering shows the reading under the pointer (chartTooltip.ts).
// uPlot draws the axes, grid, cursor and selection; the series are ours, drawn on a canvas layer
// over uPlot's (chartSeriesLayer.ts) straight from the readings' per-pixel-column extremes
// (src/domain/bloodPressure/chartDecimation.ts, chartSeriesPath.ts): a draw costs the chart's
// width, not the readings, and no aligned rows are built for uPlot; each zoom decimates the
// readings in view again. The chart is built when a query starts, with the axes and
// bands of the queried days, so a page only adds data. Zoom with a drag, or with the keys while the
// chart has focus: + / - around the centre, ← / → to move, 0 or Escape for the whole range.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { seriesColorSlot } from '../../domain/bloodPressure/bloodPressureChartSeries';
import type { ChartPalette } from '../../domain/bloodPressure/chartColors';
import { seriesPath, type SeriesPath } from '../../domain/bloodPressure/chartSeriesPath';
import type { AxisRange } from '../../domain/bloodPressure/chartAxisRange';
import { parseChartSeriesKey, PRESSURE_UNIT } from '../../domain/bloodPressure/bloodPressureUnits';
import type { ChartColumns } from '../../domain/bloodPressure/bloodPressureStore';
import type { ZoneCalendar } from '../../domain/zonedTime';
import type { BloodPressureStrings } from '../../shared/bloodPressureProtocol';
import { el, formatMessage } from '../common/dom';
import { bandLegend, currentPalette } from './chartBandLegend';
import { chartOptions } from './chartOptions';
import type { ChartSource } from './chartSource';
import { ChartToolbar } from './chartToolbar';
import { outlierNoteText, otherUnitsNoteText, showNote } from './chartNotes';
import { scaleOf, scalePaths, scaleUnit } from './chartScales';
import { SeriesLayer, type DrawnSeries } from './chartSeriesLayer';
import { themeColor } from './categoryColors';
import { seriesChange, seriesPair } from './chartSeries';
import { CHART_HEIGHT, chartWidth, pixelColumnsFor } from './chartSize';
import { ChartTooltip } from './chartTooltip';
import { ChartZoom } from './chartZoom';
import type { NotLoaded } from '../../domain/bloodPressure/notLoaded';
import { notLoadedText, placeChartBand } from './notLoaded';

export class BloodPressureChart {
  readonly element: HTMLElement;
  private readonly canvasHost: HTMLElement;
  private readonly toolbar: ChartToolbar;
  private readonly tooltip: ChartTooltip;
  private readonly otherUnitsNote = el('span', { className: 'muted other-units-note' });
  /** Says which axes have values beyond them, drawn at their edge (a person sees why a point hugs the frame). */
  private readonly outlierNote = el('span', { className: 'muted outlier-note', attrs: { 'aria-live': 'polite' } });
  private plot: uPlot | undefined;
  /** The series keys drawn (chartSeriesKey: a provider, or a provider and another unit). */
  private providers: string[] = [];
  private palette: ChartPalette;
  private readonly zoom: ChartZoom;
  /** Readings in view, points drawn and line breaks at gaps, as last drawn. */
  private drawn = { points: 0, rows: 0, gaps: 0 };
  /** The series, drawn by us over uPlot's canvas. */
  private readonly layer = new SeriesLayer();
  private background: string;
  /** The canvas host's width as the last layout gave it (read from the ResizeObserver, never forced). */
  private knownWidth = 0;
  private readonly resizeObserver: ResizeObserver;
  private readonly themeObserver: MutationObserver;
  /** Each value axis's range as last drawn, by scale key ('y' for mmHg): readings beyond it sit at its edge. */
  private ranges = new Map<string, AxisRange>();
  /** A cancelled load's part never loaded: a band over the plot and a note (notLoaded.ts). */
  private notLoaded: NotLoaded | undefined;
  private readonly notLoadedNote = el('span', { className: 'muted not-loaded-note' });

  constructor(
    private readonly strings: BloodPressureStrings,
    private readonly zone: ZoneCalendar,
    /** The user's connected providers: each keeps its colour whatever the filter shows. */
    private readonly connectedProviders: readonly string[],
    private readonly source: ChartSource,
  ) {
    this.palette = currentPalette();
    this.background = themeColor('--vscode-editor-background', this.palette.background);
    this.canvasHost = el('div', {
      className: 'chart-canvas',
      attrs: { role: 'img', tabindex: '0', 'aria-keyshortcuts': '+ - ArrowLeft ArrowRight 0 Escape', 'aria-describedby': 'chart-keys' },
    });
    this.zoom = new ChartZoom(() => source.wholeWindow(), () => this.draw());
    this.canvasHost.addEventListener('keydown', (event) => this.zoom.onKey(event));
    this.canvasHost.addEventListener('dblclick', () => this.zoom.zoomTo(undefined));
    this.toolbar = new ChartToolbar(strings, () => this.zoom.zoomTo(undefined));
    this.tooltip = new ChartTooltip(strings, zone, (epochMs, key) => source.readingAt(epochMs, key), (key) => this.ranges.get(scaleOf(key)));
    this.otherUnitsNote.hidden = true;
    this.outlierNote.hidden = true;
    this.notLoadedNote.hidden = true;
    this.element = el('div', { className: 'chart' }, this.toolbar.element, this.canvasHost, bandLegend(strings), this.otherUnitsNote, this.outlierNote, this.notLoadedNote);
    this.resizeObserver = new ResizeObserver(([entry]) => {
      this.knownWidth = entry?.contentRect.width ?? this.knownWidth;
      if (!this.plot || this.plot.width === chartWidth(this.knownWidth)) return;
      this.plot.setSize({ width: chartWidth(this.knownWidth), height: CHART_HEIGHT });
      this.draw();
    });
    this.resizeObserver.observe(this.canvasHost);
    // VS Code swaps the body's theme class (vscode-light / vscode-dark / vscode-high-contrast).
    this.themeObserver = new MutationObserver(() => this.rebuild());
    this.themeObserver.observe(document.body, { attributes: true, attributeFilter: ['class'] });
  }

  /**
   * Stops watching the page and removes uPlot's window listeners: a notebook keeps one page for
   * many outputs, and a chart whose output is gone must leave nothing behind.
   */
  dispose(): void {
    this.resizeObserver.disconnect();
    this.themeObserver.disconnect();
    this.plot?.destroy();
    this.plot = undefined;
  }

  /** A new query: no zoom; the axes and bands of the whole range, and whatever data there is. */
  reset(): void {
    this.zoom.clear();
    this.notLoaded = undefined;
    showNote(this.notLoadedNote, '');
    // The one layout read: a query starts, nothing is being drawn yet.
    this.knownWidth = this.canvasHost.clientWidth || this.knownWidth;
    this.draw();
  }

  /** Draws what the source holds now, in the zoom the user chose. */
  update(): void {
    this.draw();
  }

  /** A cancelled load: marks the part of the range never loaded (drawn with the next update). */
  markNotLoaded(part: NotLoaded | undefined): void {
    this.notLoaded = part;
    showNote(this.notLoadedNote, part ? notLoadedText(this.strings, part) : '');
  }

  /** Whether the chart marks a part as never loaded (render snapshot). */
  get marksNotLoaded(): boolean {
    return this.notLoaded !== undefined;
  }

  /** Series drawn (two per provider), for the render snapshot. */
  get seriesCount(): number {
    return this.plot ? this.plot.series.length - 1 : 0;
  }

  get canvasPresent(): boolean {
    return this.canvasHost.querySelector('canvas') !== null;
  }

  /** Whether the x axis shows less than everything (Reset zoom is enabled then). */
  get isZoomed(): boolean {
    return this.zoom.isZoomed;
  }

  /** Readings in view, rows drawn and line breaks at gaps, as last drawn. */
  get stats(): { points: number; rows: number; gaps: number } {
    return { ...this.drawn };
  }

  /** The colour each provider's series are stroked with (snapshot and tests). */
  get seriesColors(): Record<string, string> {
    const providers = new Set(this.providers.map((key) => parseChartSeriesKey(key).provider));
    return Object.fromEntries([...providers].map((provider) => [provider, this.colorOf(provider)]));
  }

  /** Each series' label and the axis unit it is drawn on (snapshot and tests). */
  get seriesAxes(): Record<string, string> {
    return Object.fromEntries(this.plot?.series.slice(1).map((series) => [String(series.label), scaleUnit(series.scale)]) ?? []);
  }

  private colorOf(provider: string): string {
    const { series } = this.palette;
    return series[seriesColorSlot(provider, this.connectedProviders, series.length)] ?? series[0] ?? '';
  }

  private draw(): void {
    const window = this.zoom.windowToDraw();
    const data = this.source.columns(window, pixelColumnsFor(chartWidth(this.knownWidth)));
    this.syncSeries(data.keys);
    const plot = this.plot!;
    const series = this.seriesOf(data);
    const { ranges, outside } = scalePaths(series);
    this.ranges = ranges;
    showNote(this.outlierNote, outlierNoteText(this.strings, outside, ranges));
    this.layer.show(series, ranges, this.background);
    this.drawn = {
      points: series.reduce((sum, s) => sum + s.systolic.readings, 0),
      rows: series.reduce((sum, s) => sum + Math.max(s.systolic.length, s.diastolic.length), 0),
      gaps: series.reduce((sum, s) => sum + s.systolic.gaps, 0),
    };
    // uPlot holds no readings: two instants spanning the window, each series empty there.
    const empty = this.providers.flatMap(() => [[null, null], [null, null]]);
    plot.batch(() => {
      plot.setData([[window.startMs / 1000, window.endMs / 1000], ...empty] as uPlot.AlignedData, false);
      plot.setScale('x', { min: window.startMs / 1000, max: window.endMs / 1000 });
    });
    // uPlot's draw hook draws the layer; when uPlot found nothing to redraw, it is drawn here.
    if (this.layer.needsDraw) this.layer.draw(plot);
    placeChartBand(plot, this.notLoaded, this.strings.notLoaded);
    const from = this.zone.formatWallTime(window.startMs);
    const to = this.zone.formatWallTime(window.endMs);
    const providers = new Set(data.keys.map((key) => parseChartSeriesKey(key).provider));
    this.canvasHost.setAttribute('aria-label', formatMessage(this.strings.chartLabel, this.drawn.points, providers.size, this.zone.zone, from, to));
    showNote(this.otherUnitsNote, otherUnitsNoteText(this.strings, this.providers));
    this.toolbar.show(formatMessage(this.strings.chartRange, from, to), this.zoom.isZoomed);
  }

  /** Each series key's systolic and diastolic paths, read from its columns, in its colour and on its scale. */
  private seriesOf(data: ChartColumns): DrawnSeries[] {
    return data.keys.map((key) => {
      const columns = data.columnsOf(key);
      const { provider, unit } = parseChartSeriesKey(key);
      return {
        key,
        scale: scaleOf(key),
        color: this.colorOf(provider),
        points: unit !== PRESSURE_UNIT,
        systolic: columns ? seriesPath(columns, 'systolic') : NO_PATH,
        diastolic: columns ? seriesPath(columns, 'diastolic') : NO_PATH,
      };
    });
  }

  /** Series only ever join during a load: they are added; anything else (or a new unit's axis) rebuilds. */
  private syncSeries(providers: readonly string[]): void {
    const change = this.plot ? seriesChange(this.providers, providers) : 'rebuild';
    if (change === 'same') return;
    if (change === 'rebuild') {
      this.providers = [...providers];
      return this.create();
    }
    providers.forEach((provider, index) => {
      if (this.providers.includes(provider)) return;
      const [systolic, diastolic] = seriesPair(provider, this.colorOf(parseChartSeriesKey(provider).provider), this.strings);
      this.plot!.addSeries(systolic, 1 + 2 * index);
      this.plot!.addSeries(diastolic, 2 + 2 * index);
    });
    this.providers = [...providers];
  }

  /** After a theme change: new colours, same data and zoom. */
  private rebuild(): void {
    this.palette = currentPalette();
    this.background = themeColor('--vscode-editor-background', this.palette.background);
    if (!this.plot) return;
    this.create();
    this.draw();
  }

  /** The reading drawn nearest the pointer, if the pointer is over the plot. */
  private readingUnder(u: uPlot): { key: string; epochMs: number } | undefined {
    const { left, top } = u.cursor;
    if (left == null || top == null || left < 0) return undefined;
    return this.layer.nearest(u, left, top);
  }

  private create(): void {
    this.plot?.destroy();
    const empty: uPlot.AlignedData = [[], ...this.providers.flatMap(() => [[], []])];
    const options = chartOptions({
      width: chartWidth(this.knownWidth),
      height: CHART_HEIGHT,
      palette: this.palette,
      strings: this.strings,
      zone: this.zone,
      providers: this.providers,
      colorOf: (provider) => this.colorOf(provider),
      rangeOf: (scale) => this.ranges.get(scale),
      onScale: (u) => this.zoom.onScale(u),
      onCursor: (u) => this.tooltip.follow(u, this.readingUnder(u)),
      onDraw: (u) => this.layer.draw(u),
    });
    this.plot = new uPlot(options, empty, this.canvasHost);
    this.tooltip.attach(this.plot);
  }
}

const NO_PATH: SeriesPath = { t: new Float64Array(0), v: new Float64Array(0), length: 0, readings: 0, gaps: 0, bars: 0 };
