// The uPlot options of the blood-pressure chart: its series, scales, axes and hooks, in the
// theme's colours and the user's zone.
import type uPlot from 'uplot';
import { BLOOD_PRESSURE_CATEGORIES, type BloodPressureCategory } from '../../domain/bloodPressure/bloodPressureCategory';
import type { ChartPalette } from '../../domain/bloodPressure/chartColors';
import { PRESSURE_BANDS_IN_VIEW, type AxisRange } from '../../domain/bloodPressure/chartAxisRange';
import { timeTickLabels } from '../../domain/bloodPressure/chartTimeTicks';
import { parseChartSeriesKey, PRESSURE_UNIT } from '../../domain/bloodPressure/bloodPressureUnits';
import type { ZoneCalendar } from '../../domain/zonedTime';
import type { BloodPressureStrings } from '../../shared/bloodPressureProtocol';
import { formatMessage } from '../common/dom';
import { categoryLabel, themeColor } from './categoryColors';
import { bandAxis } from './chartBandAxis';
import { BandLayer } from './chartBands';
import { rangePair, unitScale } from './chartScales';
import { seriesPair } from './chartSeries';

export interface ChartOptionsInput {
  width: number;
  height: number;
  palette: ChartPalette;
  strings: BloodPressureStrings;
  zone: ZoneCalendar;
  /** The series keys drawn when the plot is made. */
  providers: readonly string[];
  colorOf(provider: string): string;
  /** Each value axis's range as last drawn, by scale key ('y' for mmHg); read at every draw. */
  rangeOf(scale: string): AxisRange | undefined;
  /** The x scale changed (a drag). */
  onScale(u: uPlot): void;
  /** The cursor moved. */
  onCursor(u: uPlot): void;
  /** uPlot drew (data, scale or size): the series layer draws over it. */
  onDraw(u: uPlot): void;
}

export function chartOptions(input: ChartOptionsInput): uPlot.Options {
  const { palette, strings, zone, providers } = input;
  const foreground = themeColor('--vscode-editor-foreground', palette.text);
  const grid = themeColor('--vscode-charts-lines', 'rgba(128,128,128,0.3)');
  const fontFamily = getComputedStyle(document.body).fontFamily || 'sans-serif';
  const font = `11px ${fontFamily}`;
  const series: uPlot.Series[] = [
    { label: formatMessage(strings.columnTime, zone.zone), value: (_u, v) => (v === null || v === undefined ? '–' : zone.formatWallTime(v * 1000)) },
    ...providers.flatMap((key) => seriesPair(key, input.colorOf(parseChartSeriesKey(key).provider), strings)),
  ];
  const axis = (label?: string): uPlot.Axis => ({
    stroke: foreground,
    font,
    labelFont: font,
    grid: { stroke: grid, width: 1 },
    ticks: { stroke: grid, width: 1 },
    ...(label ? { label } : {}),
  });
  const labels = Object.fromEntries(BLOOD_PRESSURE_CATEGORIES.map((category) => [category, categoryLabel(strings, category)])) as Record<BloodPressureCategory, string>;
  const bands = new BandLayer(palette);
  const otherUnits = [...new Set(providers.map((key) => parseChartSeriesKey(key).unit))].filter((unit) => unit !== PRESSURE_UNIT);
  return {
    width: input.width,
    height: input.height,
    // A Date whose local fields read the zone's wall time (what uPlot's tzDate makes, without its
    // toLocaleString per tick): the zone's offset from our ZoneCalendar.
    tzDate: (seconds) => {
      const wall = seconds * 1000 + zone.offsetMinutesAt(seconds * 1000) * 60_000;
      return new Date(wall + new Date(wall).getTimezoneOffset() * 60_000);
    },
    scales: {
      // The x range is always set by the chart's draw: the whole range or the zoom.
      x: { time: true, auto: false, range: (_u, min, max) => [min ?? 0, max ?? 1] },
      // Each axis its own robust range (scaleColumns); mmHg always shows the normal..stage 2 bands.
      y: { auto: true, range: () => rangePair(input.rangeOf('y') ?? PRESSURE_BANDS_IN_VIEW) },
      ...Object.fromEntries(otherUnits.map((unit) => [unitScale(unit), { auto: true, range: (_u: uPlot, min: number | null, max: number | null) => rangePair(input.rangeOf(unitScale(unit)) ?? { min: min ?? 0, max: max ?? 1 }) }])),
    },
    axes: [{ ...axis(), values: (_u, splits, _axis, _space, increment) => timeTickLabels(splits.map((seconds) => zone.formatWallTime(seconds * 1000)), increment) }, axis(strings.pressureAxis), bandAxis(foreground, font, labels), ...otherUnits.map((unit) => ({ ...axis(unit), scale: unitScale(unit), side: 1, grid: { show: false } }))],
    series,
    // The legend names each series in its colour; the values under the pointer are in the tooltip.
    legend: { live: false },
    cursor: {
      drag: { x: true, y: false },
      // A double click shows the whole range (the chart's draw window), not the first to last row.
      bind: { dblclick: () => null },
    },
    hooks: {
      drawClear: [(u) => bands.draw(u)],
      setScale: [(u, key) => key === 'x' && input.onScale(u)],
      setCursor: [(u) => input.onCursor(u)],
      draw: [(u) => input.onDraw(u)],
    },
  };
}
