// Users × days heat map on one canvas, virtualised: a scroll container holds a spacer as tall as
// every row, and each frame draws only the rows in view, so 100,000 users scroll like 100. Colours
// come from the theme (its background and chart blue, mixed into four steps by heatMapScale.ts) and
// labels use its UI font size; both are read again when the theme changes. The table above it holds
// the same rows in the same order as text: the map is a picture of it (role="img").
import type { CoverageScanStrings } from '../../shared/coverageScanProtocol';
import { heatLevel } from '../../domain/coverage/coverageScanTable';
import { heatScale, parseColor, toCss, type Rgb } from '../../domain/coverage/heatMapScale';
import { el } from '../common/dom';

export interface HeatMapRow {
  label: string;
  perDay: readonly number[];
}

const LABEL_WIDTH = 150;
/** VS Code's UI font size when the theme does not say (and the least the labels get). */
const DEFAULT_FONT_PX = 13;
const MIN_FONT_PX = 11;

interface Palette {
  /** Fill of each step: no reading, 1, 2–3, 4 or more. */
  levels: [string, string, string, string];
  text: string;
  focus: string;
  fontPx: number;
  font: string;
  rowHeight: number;
}

export class HeatMap {
  readonly element: HTMLElement;
  /** Rows drawn in the last frame (tests and the benchmark read it). */
  rowsDrawn = 0;
  private readonly viewport: HTMLElement;
  private readonly spacer: HTMLElement;
  private readonly canvas: HTMLCanvasElement;
  private readonly axis: HTMLElement;
  private readonly swatches: HTMLElement[] = [];
  private rowCount = 0;
  private days = 0;
  private rowAt: (index: number) => HeatMapRow | undefined = () => undefined;
  private palette: Palette | undefined;
  private frame = 0;
  private highlighted = -1;
  private newTheme = false;

  constructor(
    strings: CoverageScanStrings,
    onActivate: (index: number) => void,
    /** After each frame drawn (the view reports what is on screen once after a change); true after a new theme. */
    private readonly onDrawn: (newTheme: boolean) => void = () => undefined,
  ) {
    this.spacer = el('div', { className: 'heat-spacer' });
    this.viewport = el('div', { className: 'heat-viewport', attrs: { 'data-testid': 'heat-viewport' } }, this.spacer);
    this.canvas = el('canvas', { className: 'heat-canvas', attrs: { role: 'img', 'aria-label': strings.heatMapLabel } });
    this.axis = el('div', { className: 'heat-axis muted', attrs: { 'aria-hidden': 'true' } });
    const legend = el('div', { className: 'heat-legend', attrs: { role: 'list', 'aria-label': strings.heatMapHeading } });
    const labels = [strings.legendNone, strings.legendOne, strings.legendSome, strings.legendMany];
    labels.forEach((label, level) => {
      const swatch = el('span', { className: `heat-swatch heat-level-${level}` });
      this.swatches.push(swatch);
      legend.append(el('span', { className: 'heat-legend-item', attrs: { role: 'listitem' } }, swatch, label));
    });
    this.element = el(
      'section',
      { className: 'heat-map', attrs: { 'aria-label': strings.heatMapHeading } },
      el('h2', { text: strings.heatMapHeading }),
      el('p', { className: 'muted', text: strings.heatMapTextAlternative }),
      legend,
      this.axis,
      el('div', { className: 'heat-frame' }, this.viewport, this.canvas),
    );
    this.viewport.addEventListener('scroll', () => this.schedule());
    this.viewport.addEventListener('click', (event) => {
      const index = this.indexAt(event.clientY);
      if (index !== undefined) onActivate(index);
    });
    this.viewport.addEventListener('mousemove', (event) => {
      const index = this.indexAt(event.clientY) ?? -1;
      if (index === this.highlighted) return;
      this.highlighted = index;
      const row = index >= 0 ? this.rowAt(index) : undefined;
      this.viewport.title = row ? row.label : '';
      this.schedule();
    });
    new ResizeObserver(() => this.schedule()).observe(this.viewport);
    // VS Code swaps the body's theme class: colours are read again on the next frame.
    new MutationObserver(() => {
      this.palette = undefined;
      this.newTheme = true;
      this.schedule();
    }).observe(document.body, { attributes: true, attributeFilter: ['class'] });
  }

  /** `axis`: what the columns span, said above them (e.g. `2026-10-28 → 2026-11-26`). */
  setRows(rowCount: number, days: number, rowAt: (index: number) => HeatMapRow | undefined, axis: string): void {
    this.rowCount = rowCount;
    this.days = days;
    this.rowAt = rowAt;
    this.highlighted = -1;
    this.spacer.style.height = `${rowCount * this.currentPalette().rowHeight}px`;
    this.viewport.scrollTop = 0;
    this.axis.textContent = days > 0 ? axis : '';
    this.schedule();
  }

  private indexAt(clientY: number): number | undefined {
    const y = clientY - this.viewport.getBoundingClientRect().top + this.viewport.scrollTop;
    const index = Math.floor(y / this.currentPalette().rowHeight);
    return index >= 0 && index < this.rowCount ? index : undefined;
  }

  private schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.draw();
    });
  }

  /** The theme's colours and font, read once per theme (a theme change drops them). */
  private currentPalette(): Palette {
    if (!this.palette) {
      this.palette = readPalette();
      this.swatches.forEach((swatch, level) => (swatch.style.background = this.palette?.levels[level] ?? ''));
      // What the canvas is drawn with, readable from the page (the end-to-end test checks it per theme).
      this.element.dataset.fontPx = String(this.palette.fontPx);
      this.element.dataset.rowHeight = String(this.palette.rowHeight);
      this.element.dataset.levels = this.palette.levels.join(';');
      // Rows follow the font: a new theme or font size moves them.
      this.spacer.style.height = `${this.rowCount * this.palette.rowHeight}px`;
    }
    return this.palette;
  }

  /** What the last frame was drawn with (the view reports it; tests check it in every theme). */
  get appearance(): { rowHeight: number; fontPx: number; levels: readonly string[] } {
    const { rowHeight, fontPx, levels } = this.currentPalette();
    return { rowHeight, fontPx, levels };
  }

  private draw(): void {
    const width = this.viewport.clientWidth;
    const height = this.viewport.clientHeight;
    const ratio = window.devicePixelRatio || 1;
    if (this.canvas.width !== Math.round(width * ratio) || this.canvas.height !== Math.round(height * ratio)) {
      this.canvas.width = Math.round(width * ratio);
      this.canvas.height = Math.round(height * ratio);
      this.canvas.style.width = `${width}px`;
      this.canvas.style.height = `${height}px`;
    }
    const context = this.canvas.getContext('2d');
    if (!context) return;
    const palette = this.currentPalette();
    const rowHeight = palette.rowHeight;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, width, height);
    const top = this.viewport.scrollTop;
    const first = Math.floor(top / rowHeight);
    const last = Math.min(this.rowCount, Math.ceil((top + height) / rowHeight));
    const cellWidth = this.days > 0 ? Math.max(1, (width - LABEL_WIDTH) / this.days) : 0;
    const gap = cellWidth > 4 ? 1 : 0;
    context.font = palette.font;
    context.textBaseline = 'middle';
    let drawn = 0;
    for (let index = first; index < last; index++) {
      const row = this.rowAt(index);
      if (!row) continue;
      drawn++;
      const y = index * rowHeight - top;
      context.fillStyle = palette.text;
      context.fillText(row.label, 2, y + rowHeight / 2, LABEL_WIDTH - 8);
      // One fill per level: fewer state changes than one per cell.
      palette.levels.forEach((fill, level) => {
        context.fillStyle = fill;
        for (let day = 0; day < this.days; day++) {
          if (heatLevel(row.perDay[day] ?? 0) !== level) continue;
          context.fillRect(LABEL_WIDTH + day * cellWidth, y + 1, cellWidth - gap, rowHeight - 2);
        }
      });
      if (index === this.highlighted) {
        context.strokeStyle = palette.focus;
        context.strokeRect(0.5, y + 0.5, width - 1, rowHeight - 1);
      }
    }
    this.rowsDrawn = drawn;
    const newTheme = this.newTheme;
    this.newTheme = false;
    this.onDrawn(newTheme);
  }

  /** The scroll container (the benchmark and tests scroll it). */
  get scroller(): HTMLElement {
    return this.viewport;
  }
}

function readPalette(): Palette {
  const style = getComputedStyle(document.body);
  const variable = (name: string, fallback: string): string => style.getPropertyValue(name).trim() || fallback;
  const background = colorOf(style.backgroundColor, { r: 255, g: 255, b: 255 });
  const foregroundText = variable('--vscode-foreground', '#888');
  const levels = heatScale(background, colorOf(variable('--vscode-charts-blue', '#3794ff'), background), colorOf(foregroundText, background)).map(toCss);
  const fontPx = Math.max(MIN_FONT_PX, Number.parseFloat(variable('--vscode-font-size', `${DEFAULT_FONT_PX}px`)) || DEFAULT_FONT_PX);
  return {
    levels: levels as Palette['levels'],
    text: foregroundText,
    focus: variable('--vscode-focusBorder', '#007fd4'),
    fontPx,
    font: `${fontPx}px ${variable('--vscode-font-family', 'sans-serif')}`,
    rowHeight: Math.round(fontPx * 1.5),
  };
}

/** Any CSS colour the theme gives, through the browser's own normalisation; `under` when it is none. */
function colorOf(css: string, under: Rgb): Rgb {
  const direct = parseColor(css, under);
  if (direct) return direct;
  const probe = document.createElement('canvas').getContext('2d');
  if (!probe) return under;
  probe.fillStyle = '#000000';
  probe.fillStyle = css;
  return parseColor(String(probe.fillStyle), under) ?? under;
}
