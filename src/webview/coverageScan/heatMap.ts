// Users × days heat map on one canvas, virtualised: a scroll container holds a spacer as tall as
// every row, and each frame draws only the rows in view, so 100,000 users scroll like 100. Colours
// are the theme's (CSS variables, read again when the theme changes). The table above it holds the
// same rows in the same order as text: the map is a picture of it (role="img").
import type { CoverageScanStrings } from '../../shared/coverageScanProtocol';
import { heatLevel } from '../../domain/coverageScanTable';
import { el, formatMessage } from '../common/dom';

export interface HeatMapRow {
  label: string;
  perDay: readonly number[];
}

const ROW_HEIGHT = 12;
const LABEL_WIDTH = 150;
const LEVEL_ALPHA = [0, 0.35, 0.65, 1] as const;


interface Palette {
  filled: string;
  empty: string;
  text: string;
  focus: string;
  font: string;
}

export class HeatMap {
  readonly element: HTMLElement;
  /** Rows drawn in the last frame (tests and the benchmark read it). */
  rowsDrawn = 0;
  private readonly viewport: HTMLElement;
  private readonly spacer: HTMLElement;
  private readonly canvas: HTMLCanvasElement;
  private readonly axis: HTMLElement;
  private rowCount = 0;
  private days = 0;
  private rowAt: (index: number) => HeatMapRow | undefined = () => undefined;
  private palette: Palette | undefined;
  private frame = 0;
  private highlighted = -1;

  constructor(
    strings: CoverageScanStrings,
    onActivate: (index: number) => void,
    /** After each frame drawn (the view reports what is on screen once after a change). */
    private readonly onDrawn: () => void = () => undefined,
  ) {
    this.spacer = el('div', { className: 'heat-spacer' });
    this.viewport = el('div', { className: 'heat-viewport', attrs: { 'data-testid': 'heat-viewport' } }, this.spacer);
    this.canvas = el('canvas', { className: 'heat-canvas', attrs: { role: 'img', 'aria-label': strings.heatMapLabel } });
    this.axis = el('div', { className: 'heat-axis muted', attrs: { 'aria-hidden': 'true' } });
    const legend = el('div', { className: 'heat-legend', attrs: { role: 'list', 'aria-label': strings.heatMapHeading } });
    const labels = [strings.legendNone, strings.legendOne, strings.legendSome, strings.legendMany];
    labels.forEach((label, level) => legend.append(el('span', { className: 'heat-legend-item', attrs: { role: 'listitem' } }, el('span', { className: `heat-swatch heat-level-${level}` }), label)));
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
      this.schedule();
    }).observe(document.body, { attributes: true, attributeFilter: ['class'] });
  }

  setRows(rowCount: number, days: number, rowAt: (index: number) => HeatMapRow | undefined, firstDay: string, lastDay: string): void {
    this.rowCount = rowCount;
    this.days = days;
    this.rowAt = rowAt;
    this.highlighted = -1;
    this.spacer.style.height = `${rowCount * ROW_HEIGHT}px`;
    this.viewport.scrollTop = 0;
    this.axis.textContent = days > 0 ? formatMessage('{0} → {1}', firstDay, lastDay) : '';
    this.schedule();
  }

  private indexAt(clientY: number): number | undefined {
    const y = clientY - this.viewport.getBoundingClientRect().top + this.viewport.scrollTop;
    const index = Math.floor(y / ROW_HEIGHT);
    return index >= 0 && index < this.rowCount ? index : undefined;
  }

  private schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.draw();
    });
  }

  private readPalette(): Palette {
    const style = getComputedStyle(document.body);
    const value = (name: string, fallback: string): string => style.getPropertyValue(name).trim() || fallback;
    return {
      filled: value('--vscode-charts-blue', '#3794ff'),
      empty: value('--vscode-editorWidget-border', value('--vscode-panel-border', 'rgba(128, 128, 128, 0.35)')),
      text: value('--vscode-foreground', '#888'),
      focus: value('--vscode-focusBorder', '#007fd4'),
      font: `${Math.round(ROW_HEIGHT * 0.85)}px ${value('--vscode-font-family', 'sans-serif')}`,
    };
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
    const palette = (this.palette ??= this.readPalette());
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, width, height);
    const top = this.viewport.scrollTop;
    const first = Math.floor(top / ROW_HEIGHT);
    const last = Math.min(this.rowCount, Math.ceil((top + height) / ROW_HEIGHT));
    const cellWidth = this.days > 0 ? Math.max(1, (width - LABEL_WIDTH) / this.days) : 0;
    const gap = cellWidth > 4 ? 1 : 0;
    context.font = palette.font;
    context.textBaseline = 'middle';
    let drawn = 0;
    for (let index = first; index < last; index++) {
      const row = this.rowAt(index);
      if (!row) continue;
      drawn++;
      const y = index * ROW_HEIGHT - top;
      context.globalAlpha = 1;
      context.fillStyle = palette.text;
      context.fillText(row.label, 2, y + ROW_HEIGHT / 2, LABEL_WIDTH - 8);
      // One fill per level: fewer state changes than one per cell.
      LEVEL_ALPHA.forEach((alpha, level) => {
        context.globalAlpha = level === 0 ? 1 : alpha;
        context.fillStyle = level === 0 ? palette.empty : palette.filled;
        for (let day = 0; day < this.days; day++) {
          if (heatLevel(row.perDay[day] ?? 0) !== level) continue;
          context.fillRect(LABEL_WIDTH + day * cellWidth, y + 1, cellWidth - gap, ROW_HEIGHT - 2);
        }
      });
      if (index === this.highlighted) {
        context.globalAlpha = 1;
        context.strokeStyle = palette.focus;
        context.strokeRect(0.5, y + 0.5, width - 1, ROW_HEIGHT - 1);
      }
    }
    context.globalAlpha = 1;
    this.rowsDrawn = drawn;
    this.onDrawn();
  }

  /** The scroll container (the benchmark and tests scroll it). */
  get scroller(): HTMLElement {
    return this.viewport;
  }
}
