// Systolic and diastolic over time, one series pair per provider, over the AHA category bands.
// Readings in another unit than mmHg (the service may send glucose in mg/dL, or a percentage) are
// a series pair of their own, on an axis of that unit on the right: never on the mmHg axis or bands.
// Hovering shows the reading under the pointer (chartTooltip.ts).
// uPlot draws to one canvas. It gets the readings decimated per pixel column
// (src/domain/chartDecimation.ts), so a draw costs the chart's width, not the readings; each zoom
// decimates the readings in view again. The chart is built when a query starts, with the axes and
// bands of the queried days, so a page only adds data. Zoom with a drag, or with the keys while the
// chart has focus: + / - around the centre, ← / → to move, 0 or Escape for the whole range.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { BLOOD_PRESSURE_CATEGORIES, SYSTOLIC_BANDS, type BloodPressureCategory } from '../../domain/bloodPressureCategory';
import { seriesColorSlot } from '../../domain/bloodPressureChartSeries';
import { CHART_PALETTES, themeKindOf, type ChartPalette } from '../../domain/chartColors';
import type { ChartWindow, DecimatedChart } from '../../domain/chartDecimation';
import { clampWindow, panWindow, sameWindow, zoomWindow } from '../../domain/chartWindow';
import { clampColumn, countOutside, robustAxisRange, spacedLabels, type AxisRange } from '../../domain/chartAxisRange';
import { timeTickLabels } from '../../domain/chartTimeTicks';
import type { StoredSource } from '../../domain/bloodPressureStoredSource';
import { parseChartSeriesKey, PRESSURE_UNIT } from '../../domain/bloodPressureUnits';
import type { ZoneCalendar } from '../../domain/zonedTime';
import type { BloodPressureStrings } from '../../shared/bloodPressureProtocol';
import { el, formatMessage } from '../common/dom';
import { createButton, type ButtonHandle } from '../common/toolkit';
import { categoryLabel, themeColor } from './categoryColors';
import { BandLayer } from './chartBands';
import { ChartTooltip } from './chartTooltip';

const HEIGHT = 320;
/** Band names closer than this (CSS pixels, a line of 11px text) would overlap. */
const LABEL_GAP_PX = 14;
/** The mmHg axis always shows the normal..stage 2 bands, whatever the readings' own range. */
const PRESSURE_BANDS_IN_VIEW: AxisRange = { min: 50, max: 190 };
/** Columns are pixels rounded up to this step, so a resize of a few pixels reuses the columns. */
const COLUMN_STEP = 128;

/** Where the chart's data comes from (the view's store). */
export interface ChartSource {
  /** Everything there is to show: the queried days and any reading outside them. */
  wholeWindow(): ChartWindow;
  /** The readings in `window`, decimated to `pixelColumns` columns (one column pair per series key). */
  data(window: ChartWindow, pixelColumns: number): DecimatedChart;
  /** The reading drawn at `epochMs` in series `key`, for the tooltip. */
  readingAt(epochMs: number, key: string): { source: StoredSource; index: number } | undefined;
}

const KEYS: Record<string, 'in' | 'out' | 'back' | 'forward' | 'reset'> = {
  '+': 'in',
  '=': 'in',
  '-': 'out',
  _: 'out',
  ArrowLeft: 'back',
  ArrowRight: 'forward',
  '0': 'reset',
  Escape: 'reset',
};

export class BloodPressureChart {
  readonly element: HTMLElement;
  private readonly canvasHost: HTMLElement;
  private readonly resetZoom: ButtonHandle;
  private readonly rangeText: HTMLElement;
  private readonly tooltip: ChartTooltip;
  private readonly otherUnitsNote = el('span', { className: 'muted other-units-note' });
  /** Says which axes have values beyond them, drawn at their edge (a person sees why a point hugs the frame). */
  private readonly outlierNote = el('span', { className: 'muted outlier-note', attrs: { 'aria-live': 'polite' } });
  private plot: uPlot | undefined;
  /** The series keys drawn (chartSeriesKey: a provider, or a provider and another unit). */
  private providers: string[] = [];
  private palette: ChartPalette;
  /** The zoom; undefined: the whole range. */
  private view: ChartWindow | undefined;
  private drawnWindow: ChartWindow | undefined;
  private drawn: DecimatedChart | undefined;
  /** The canvas host's width as the last layout gave it (read from the ResizeObserver, never forced). */
  private knownWidth = 0;
  private readonly resizeObserver: ResizeObserver;
  private readonly themeObserver: MutationObserver;
  /** Each value axis's range as last drawn, by scale key ('y' for mmHg): readings beyond it sit at its edge. */
  private ranges = new Map<string, AxisRange>();

  constructor(
    private readonly strings: BloodPressureStrings,
    private readonly zone: ZoneCalendar,
    /** The user's connected providers: each keeps its colour whatever the filter shows. */
    private readonly connectedProviders: readonly string[],
    private readonly source: ChartSource,
  ) {
    this.palette = currentPalette();
    this.canvasHost = el('div', {
      className: 'chart-canvas',
      attrs: { role: 'img', tabindex: '0', 'aria-keyshortcuts': '+ - ArrowLeft ArrowRight 0 Escape', 'aria-describedby': 'chart-keys' },
    });
    this.canvasHost.addEventListener('keydown', (event) => this.onKey(event));
    this.canvasHost.addEventListener('dblclick', () => this.zoomTo(undefined));
    this.resetZoom = createButton(strings.resetZoom, () => this.zoomTo(undefined), { title: strings.resetZoomHint });
    this.resetZoom.element.classList.add('reset-zoom');
    this.resetZoom.setDisabled(true);
    this.rangeText = el('span', { className: 'chart-range', attrs: { 'aria-live': 'polite' } });
    const toolbar = el(
      'div',
      { className: 'chart-toolbar' },
      el('span', { className: 'muted chart-keys', text: strings.zoomHint, attrs: { id: 'chart-keys' } }),
      this.rangeText,
      this.resetZoom.element,
    );
    this.tooltip = new ChartTooltip(strings, zone, (epochMs, key) => source.readingAt(epochMs, key), (key) => this.ranges.get(scaleOf(key)));
    this.otherUnitsNote.hidden = true;
    this.outlierNote.hidden = true;
    this.element = el('div', { className: 'chart' }, toolbar, this.canvasHost, this.bandLegend(), this.otherUnitsNote, this.outlierNote);
    this.resizeObserver = new ResizeObserver(([entry]) => {
      this.knownWidth = entry?.contentRect.width ?? this.knownWidth;
      if (!this.plot || this.plot.width === this.width()) return;
      this.plot.setSize({ width: this.width(), height: HEIGHT });
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
    this.view = undefined;
    // The one layout read: a query starts, nothing is being drawn yet.
    this.knownWidth = this.canvasHost.clientWidth || this.knownWidth;
    this.draw();
  }

  /** Draws what the source holds now, in the zoom the user chose. */
  update(): void {
    this.draw();
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
    return this.view !== undefined;
  }

  /** Readings in view, rows drawn and line breaks at gaps, as last drawn. */
  get stats(): { points: number; rows: number; gaps: number } {
    return { points: this.drawn?.points ?? 0, rows: this.drawn?.rows ?? 0, gaps: this.drawn?.gaps ?? 0 };
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

  private onKey(event: KeyboardEvent): void {
    const action = KEYS[event.key];
    if (!action || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    event.stopPropagation();
    const whole = this.source.wholeWindow();
    const view = this.view ?? whole;
    if (action === 'reset') return this.zoomTo(undefined);
    if (action === 'in') return this.zoomTo(zoomWindow(view, whole, 0.5));
    if (action === 'out') return this.zoomTo(zoomWindow(view, whole, 2));
    return this.zoomTo(panWindow(view, whole, action === 'back' ? -0.25 : 0.25));
  }

  private zoomTo(view: ChartWindow | undefined): void {
    const whole = this.source.wholeWindow();
    this.view = view && !sameWindow(clampWindow(view, whole), whole) ? clampWindow(view, whole) : undefined;
    this.draw();
  }

  /** A drag on the chart set the x scale: decimate the readings of that window. */
  private onScale(u: uPlot): void {
    const min = u.scales.x?.min;
    const max = u.scales.x?.max;
    if (min == null || max == null) return;
    const window = { startMs: Math.round(min * 1000), endMs: Math.round(max * 1000) };
    if (this.drawnWindow && Math.abs(window.startMs - this.drawnWindow.startMs) < 2 && Math.abs(window.endMs - this.drawnWindow.endMs) < 2) return;
    // Not inside uPlot's own commit: the next microtask draws the new window.
    queueMicrotask(() => this.zoomTo(window));
  }

  private draw(): void {
    const whole = this.source.wholeWindow();
    const window = this.view ? clampWindow(this.view, whole) : whole;
    const data = this.source.data(window, this.pixelColumns());
    this.syncSeries(data.providers);
    const plot = this.plot!;
    this.drawn = data;
    this.drawnWindow = window;
    const columns = this.scaledColumns(data);
    plot.batch(() => {
      plot.setData([data.times, ...columns] as uPlot.AlignedData, false);
      plot.setScale('x', { min: window.startMs / 1000, max: window.endMs / 1000 });
    });
    const from = this.zone.formatWallTime(window.startMs);
    const to = this.zone.formatWallTime(window.endMs);
    const providers = new Set(data.providers.map((key) => parseChartSeriesKey(key).provider));
    this.canvasHost.setAttribute('aria-label', formatMessage(this.strings.chartLabel, data.points, providers.size, this.zone.zone, from, to));
    const otherUnits = [...new Set(this.providers.map((key) => parseChartSeriesKey(key).unit).filter((unit) => unit !== PRESSURE_UNIT))];
    this.otherUnitsNote.hidden = otherUnits.length === 0;
    const note = otherUnits.length ? formatMessage(this.strings.otherUnitsNote, otherUnits.join(', ')) : '';
    if (this.otherUnitsNote.textContent !== note) this.otherUnitsNote.textContent = note;
    const range = formatMessage(this.strings.chartRange, from, to);
    if (this.rangeText.textContent !== range) this.rangeText.textContent = range;
    this.resetZoom.setDisabled(this.view === undefined);
  }

  /**
   * Each value axis scaled to its own readings (robustAxisRange: an outlier does not stretch it),
   * and the columns with every outlier moved to its axis's edge, where the tooltip names it.
   */
  private scaledColumns(data: DecimatedChart): Column[] {
    // Per scale: the systolic columns and the diastolic columns, each a population of its own.
    const byScale = new Map<string, [Column[], Column[]]>();
    data.providers.forEach((key, index) => {
      const scale = scaleOf(key);
      const populations = byScale.get(scale) ?? [[], []];
      populations[0].push(data.columns[2 * index] ?? []);
      populations[1].push(data.columns[2 * index + 1] ?? []);
      byScale.set(scale, populations);
    });
    this.ranges = new Map();
    for (const [scale, populations] of byScale) {
      const range = robustAxisRange(populations, scale === 'y' ? PRESSURE_BANDS_IN_VIEW : undefined);
      if (range) this.ranges.set(scale, range);
    }
    if (!byScale.has('y')) this.ranges.set('y', { ...PRESSURE_BANDS_IN_VIEW });
    const outside = new Map<string, number>();
    const columns = data.columns.map((column, i) => {
      const scale = scaleOf(data.providers[Math.floor(i / 2)] ?? '');
      const range = this.ranges.get(scale);
      if (!range) return column;
      const count = countOutside(column, range);
      if (count > 0) outside.set(scale, (outside.get(scale) ?? 0) + count);
      return count > 0 ? clampColumn(column, range) : column;
    });
    const note = [...outside]
      .map(([scale, count]) => {
        const range = this.ranges.get(scale)!;
        return formatMessage(this.strings.outlierNote, count, scaleUnit(scale === 'y' ? undefined : scale), Math.round(range.min), Math.round(range.max));
      })
      .join(' ');
    this.outlierNote.hidden = note === '';
    if (this.outlierNote.textContent !== note) this.outlierNote.textContent = note;
    return columns;
  }

  /** Series only ever join during a load: they are added; anything else (or a new unit's axis) rebuilds. */
  private syncSeries(providers: readonly string[]): void {
    if (this.plot && sameList(this.providers, providers)) return;
    const kept = this.providers.filter((p) => providers.includes(p));
    const unitsBefore = new Set(this.providers.map((key) => parseChartSeriesKey(key).unit));
    const newUnit = providers.some((key) => !unitsBefore.has(parseChartSeriesKey(key).unit) && parseChartSeriesKey(key).unit !== PRESSURE_UNIT);
    if (!this.plot || newUnit || !sameList(kept, this.providers)) {
      this.providers = [...providers];
      return this.create();
    }
    providers.forEach((provider, index) => {
      if (this.providers.includes(provider)) return;
      const [systolic, diastolic] = this.seriesOf(provider);
      this.plot!.addSeries(systolic, 1 + 2 * index);
      this.plot!.addSeries(diastolic, 2 + 2 * index);
    });
    this.providers = [...providers];
  }

  /** After a theme change: new colours, same data and zoom. */
  private rebuild(): void {
    this.palette = currentPalette();
    if (!this.plot) return;
    this.create();
    this.draw();
  }

  private create(): void {
    this.plot?.destroy();
    const empty: uPlot.AlignedData = [[], ...this.providers.flatMap(() => [[], []])];
    this.plot = new uPlot(this.options(), empty, this.canvasHost);
    this.tooltip.attach(this.plot);
  }

  private width(): number {
    return Math.max(320, Math.floor(this.knownWidth) || 640);
  }

  private pixelColumns(): number {
    const pixels = this.width() * (window.devicePixelRatio || 1);
    return Math.ceil(pixels / COLUMN_STEP) * COLUMN_STEP;
  }

  private seriesOf(key: string): [uPlot.Series, uPlot.Series] {
    const { provider, unit } = parseChartSeriesKey(key);
    const color = this.colorOf(provider);
    const valueText = (_u: uPlot, value: number | null): string => (value === null || value === undefined ? '–' : String(value));
    // 1 px strokes: a canvas rasterised without a GPU draws them on a fast path. spanGaps false:
    // the `null` rows break a line over a long gap; the `undefined` of instants where only another
    // provider (or the other series) has a point are drawn across.
    if (unit === PRESSURE_UNIT) {
      return [
        { label: formatMessage(this.strings.systolicOf, provider), stroke: color, width: 1, spanGaps: false, value: valueText },
        { label: formatMessage(this.strings.diastolicOf, provider), stroke: color, width: 1, dash: [6, 4], spanGaps: false, value: valueText },
      ];
    }
    // Another unit: its own scale and axis, points without a line (a few readings among many).
    const named = `${provider} (${unit})`;
    const points = { show: true, size: 6, width: 1, stroke: color, fill: color };
    const noLine = (): null => null;
    return [
      { label: formatMessage(this.strings.systolicOf, named), scale: unitScale(unit), stroke: color, width: 1, paths: noLine, points, spanGaps: false, value: valueText },
      { label: formatMessage(this.strings.diastolicOf, named), scale: unitScale(unit), stroke: color, width: 1, paths: noLine, points: { ...points, fill: 'transparent' }, spanGaps: false, value: valueText },
    ];
  }

  private options(): uPlot.Options {
    const foreground = themeColor('--vscode-editor-foreground', this.palette.text);
    const grid = themeColor('--vscode-charts-lines', 'rgba(128,128,128,0.3)');
    const fontFamily = getComputedStyle(document.body).fontFamily || 'sans-serif';
    const font = `11px ${fontFamily}`;
    const zone = this.zone;
    const series: uPlot.Series[] = [
      { label: formatMessage(this.strings.columnTime, zone.zone), value: (_u, v) => (v === null || v === undefined ? '–' : zone.formatWallTime(v * 1000)) },
      ...this.providers.flatMap((provider) => this.seriesOf(provider)),
    ];
    const axis = (label?: string): uPlot.Axis => ({
      stroke: foreground,
      font,
      labelFont: font,
      grid: { stroke: grid, width: 1 },
      ticks: { stroke: grid, width: 1 },
      ...(label ? { label } : {}),
    });
    const labels = Object.fromEntries(BLOOD_PRESSURE_CATEGORIES.map((category) => [category, categoryLabel(this.strings, category)])) as Record<BloodPressureCategory, string>;
    const bands = new BandLayer(this.palette);
    const otherUnits = [...new Set(this.providers.map((key) => parseChartSeriesKey(key).unit))].filter((unit) => unit !== PRESSURE_UNIT);
    return {
      width: this.width(),
      height: HEIGHT,
      // A Date whose local fields read the zone's wall time (what uPlot's tzDate makes, without its
      // toLocaleString per tick): the zone's offset from our ZoneCalendar.
      tzDate: (seconds) => {
        const wall = seconds * 1000 + zone.offsetMinutesAt(seconds * 1000) * 60_000;
        return new Date(wall + new Date(wall).getTimezoneOffset() * 60_000);
      },
      scales: {
        // The x range is always set by draw(): the whole range or the zoom.
        x: { time: true, auto: false, range: (_u, min, max) => [min ?? 0, max ?? 1] },
        // Each axis its own robust range (scaledColumns); mmHg always shows the normal..stage 2 bands.
        y: { auto: true, range: () => rangePair(this.ranges.get('y') ?? PRESSURE_BANDS_IN_VIEW) },
        ...Object.fromEntries(otherUnits.map((unit) => [unitScale(unit), { auto: true, range: (_u: uPlot, min: number | null, max: number | null) => rangePair(this.ranges.get(unitScale(unit)) ?? { min: min ?? 0, max: max ?? 1 }) }])),
      },
      axes: [{ ...axis(), values: (_u, splits, _axis, _space, increment) => timeTickLabels(splits.map((seconds) => zone.formatWallTime(seconds * 1000)), increment) }, axis(this.strings.pressureAxis), this.bandAxis(foreground, font, labels), ...otherUnits.map((unit) => ({ ...axis(unit), scale: unitScale(unit), side: 1, grid: { show: false } }))],
      series,
      cursor: {
        drag: { x: true, y: false },
        // A double click shows the whole range (draw's window), not the first to last row.
        bind: { dblclick: () => null },
      },
      hooks: {
        drawClear: [(u) => bands.draw(u)],
        setScale: [(u, key) => key === 'x' && this.onScale(u)],
        setCursor: [(u) => this.tooltip.follow(u, this.providers)],
      },
    };
  }

  /**
   * The bands' names on the right of the plot, each at its band's middle: every band says what it
   * is (colour is never the only cue), and no name covers a reading.
   */
  private bandAxis(foreground: string, font: string, labels: Record<BloodPressureCategory, string>): uPlot.Axis {
    // Each visible band's middle; a name closer than a line of text to one already placed (a band
    // squeezed by a tall axis) is left out rather than drawn over it. Higher bands go first: the
    // names that warn stay.
    const middles = (u: uPlot): number[] => {
      const min = u.scales.y?.min ?? 0;
      const max = u.scales.y?.max ?? 0;
      const visible = SYSTOLIC_BANDS.filter((band) => Math.min(band.to, max) - Math.max(band.from, min) > 0)
        .map((band) => (Math.max(band.from, min) + Math.min(band.to, max)) / 2)
        .reverse();
      const keep = spacedLabels(visible.map((value) => u.valToPos(value, 'y')), LABEL_GAP_PX);
      return visible.filter((_, i) => keep[i]).reverse();
    };
    return {
      scale: 'y',
      side: 1,
      stroke: foreground,
      font,
      size: 72,
      gap: 6,
      grid: { show: false },
      ticks: { show: false },
      splits: (u) => middles(u),
      values: (_u, splits) => splits.map((value) => labels[SYSTOLIC_BANDS.find((band) => value >= band.from && value < band.to)?.category ?? 'normal']),
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

function currentPalette(): ChartPalette {
  const palette = CHART_PALETTES[themeKindOf([...document.body.classList])];
  // The legend swatches are the band colours, as the chart blends them.
  const root = document.documentElement.style;
  for (const category of BLOOD_PRESSURE_CATEGORIES) root.setProperty(`--bp-band-${category}`, palette.bands[category]);
  root.setProperty('--bp-band-alpha', String(palette.bandAlpha));
  return palette;
}

/** The scale a series key is drawn on: 'y' for mmHg, its unit's own otherwise. */
function scaleOf(key: string): string {
  const { unit } = parseChartSeriesKey(key);
  return unit === PRESSURE_UNIT ? 'y' : unitScale(unit);
}

type Column = (number | null | undefined)[];

function rangePair(range: AxisRange): uPlot.Range.MinMax {
  return [range.min, range.max];
}

/** The scale of the series in another unit than mmHg. */
function unitScale(unit: string): string {
  return `unit:${unit}`;
}

function scaleUnit(scale: string | undefined): string {
  return scale?.startsWith('unit:') ? scale.slice('unit:'.length) : PRESSURE_UNIT;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}
