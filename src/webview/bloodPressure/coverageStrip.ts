// One strip per source as the service sent it (provider and source type; a source type not sent is
// "—" and says so, never a made-up value), and a blank one per provider without any reading: a
// cell per day (or per few days on long ranges), filled when it has readings. The visible "n of m
// days" text carries the same information for screen readers; the strip itself is a picture.
// Each strip is one canvas (not a box per cell: a year of cells in a few strips was over a thousand
// elements to lay out and paint): built once per range and set of rows, and while pages stream in
// only the cells whose count changed are drawn again. Its width comes from a ResizeObserver (never
// a layout read); its colours are the theme's (light, dark, high contrast), read again when the
// theme changes. The tooltip of the cell under the pointer is found from the pointer's x. A cancelled
// load's days never loaded are a muted fill under a hatched band, and a note names them.
import type { NotLoaded } from '../../domain/bloodPressure/notLoaded';
import type { Coverage, CoverageCell } from '../../domain/coverage/bloodPressureCoverage';
import type { BloodPressureStrings } from '../../shared/bloodPressureProtocol';
import { el, formatMessage } from '../common/dom';
import { showNote } from './chartNotes';
import { coverageDaysText, notLoadedText } from './notLoaded';
import { stripColors, type StripColors } from './coverageStripColors';
import { MISSING } from './readingTime';

interface Row {
  provider: string;
  days: HTMLElement;
  canvas: HTMLCanvasElement;
  /** The canvas's positioned box, where a cancelled load's hatched band goes. */
  cellsBox: HTMLElement;
  context: CanvasRenderingContext2D | null;
  counts: number[];
  daysWithReadings: number;
}

const STRIP_HEIGHT = 14;
/** The days never loaded: the disabled colour, muted (as the cells' CSS had it). */
const NOT_LOADED_ALPHA = 0.45;

export class CoverageStrip {
  readonly element = el('div');
  private rows: Row[] = [];
  private cells: readonly CoverageCell[] = [];
  /** The strip's days, as the last coverage gave them (the rows' "n of m days" count in them). */
  private span = { firstDay: '', lastDay: '', totalDays: 0 };
  /** What the built strips stand for: their days and the providers, in order. */
  private layout = '';
  /** The strips' width in CSS pixels, as the last layout gave it (0: not laid out yet). */
  private width = 0;
  private colors: StripColors | undefined;
  private readonly resizeObserver: ResizeObserver;
  private readonly themeObserver: MutationObserver;
  /** A cancelled load's days never loaded, and the index of the first cell they start in (-1: none). */
  private notLoaded: NotLoaded | undefined;
  private firstNotLoadedCell = -1;
  private readonly notLoadedNote = el('p', { className: 'muted not-loaded-note' });

  constructor(private readonly strings: BloodPressureStrings) {
    this.notLoadedNote.hidden = true;
    this.resizeObserver = new ResizeObserver((entries) => {
      const width = entries[0]?.contentRect.width ?? 0;
      if (width === this.width) return;
      this.width = width;
      this.drawAll();
    });
    // VS Code swaps the body's theme class (vscode-light / vscode-dark / vscode-high-contrast).
    this.themeObserver = new MutationObserver(() => {
      this.colors = undefined;
      this.drawAll();
    });
    this.themeObserver.observe(document.body, { attributes: true, attributeFilter: ['class'] });
  }

  /** Stops watching the page (a notebook output that is removed from a page that stays). */
  dispose(): void {
    this.resizeObserver.disconnect();
    this.themeObserver.disconnect();
  }

  /** Rows on screen (one per provider), for the render snapshot. */
  get providerCount(): number {
    return this.rows.length;
  }

  show(coverage: Coverage): void {
    const rows = coverage.providers.map((p) => `${p.provider}\u0000${'sourceType' in p ? (p.sourceType ?? '\u0001') : '\u0002'}`);
    const layout = `${coverage.firstDay}/${coverage.lastDay}/${coverage.cells.length}|${rows.join(',')}`;
    const rebuilt = layout !== this.layout;
    if (rebuilt) this.build(coverage, layout);
    this.cells = coverage.cells;
    this.span = { firstDay: coverage.firstDay, lastDay: coverage.lastDay, totalDays: coverage.totalDays };
    if (rebuilt) this.placeNotLoaded();
    coverage.providers.forEach((provider, index) => {
      const row = this.rows[index];
      if (!row) return;
      row.daysWithReadings = provider.daysWithReadings;
      this.writeDays(row);
      const changed: number[] = [];
      provider.counts.forEach((count, cell) => {
        if (row.counts[cell] === count) return;
        row.counts[cell] = count;
        changed.push(cell);
      });
      // Many cells (a new range, or a first page): the whole strip in a few strokes; else cell by cell.
      if (changed.length > row.counts.length / 8) this.drawRow(row);
      else for (const cell of changed) this.drawCell(row, cell);
    });
  }

  /**
   * A cancelled load: the cells of the days never loaded drawn muted under a hatched band, and a note
   * naming them under the strip; undefined takes the marks away.
   */
  markNotLoaded(part: NotLoaded | undefined): void {
    if (!part && !this.notLoaded) return;
    this.notLoaded = part;
    showNote(this.notLoadedNote, part ? notLoadedText(this.strings, part) : '');
    for (const row of this.rows) this.writeDays(row);
    this.placeNotLoaded();
    this.drawAll();
  }

  /** A row's "95 of 365 days"; after a cancel "95 of 95 loaded days; 270 not loaded". */
  private writeDays(row: Row): void {
    const text = coverageDaysText(this.strings, row.daysWithReadings, this.span, this.notLoaded);
    if (row.days.textContent !== text) row.days.textContent = text;
  }

  /** Whether the strip marks days as never loaded (render snapshot). */
  get marksNotLoaded(): boolean {
    return this.notLoaded !== undefined;
  }

  /** The hatched band over each strip from the first cell never loaded (cells can be a pixel wide). */
  private placeNotLoaded(): void {
    const firstDay = this.notLoaded?.firstDay;
    this.firstNotLoadedCell = firstDay === undefined ? -1 : this.cells.findIndex((span) => span.firstDay >= firstDay);
    this.rows.forEach((row, index) => {
      row.cellsBox.querySelector(':scope > .not-loaded-band')?.remove();
      if (this.firstNotLoadedCell < 0) return;
      const band = el('div', { className: 'not-loaded-band' }, index === 0 ? el('span', { className: 'not-loaded-label', text: this.strings.notLoaded }) : undefined);
      band.style.left = `${(100 * this.firstNotLoadedCell) / this.cells.length}%`;
      row.cellsBox.append(band);
    });
  }

  private isNotLoaded(cell: number): boolean {
    return this.firstNotLoadedCell >= 0 && cell >= this.firstNotLoadedCell;
  }

  private build(coverage: Coverage, layout: string): void {
    this.layout = layout;
    this.resizeObserver.disconnect();
    this.rows = coverage.providers.map((provider) => {
      const canvas = el('canvas', { className: 'coverage-canvas', attrs: { 'aria-hidden': 'true' } });
      canvas.height = Math.round(STRIP_HEIGHT * devicePixelRatio);
      canvas.width = this.pixelWidth();
      const context = canvas.getContext('2d', { alpha: true });
      const cellsBox = el('div', { className: 'coverage-cells' }, canvas);
      return { provider: provider.provider, days: el('span', { className: 'coverage-days muted' }), canvas, cellsBox, context, counts: coverage.cells.map(() => -1), daysWithReadings: 0 };
    });
    const strips = this.rows.map((row, index) => {
      const source = coverage.providers[index];
      row.canvas.addEventListener('mousemove', (event) => this.hover(row, event.offsetX));
      row.canvas.addEventListener('mouseleave', () => row.canvas.removeAttribute('title'));
      return el(
        'div',
        { className: 'coverage-row', attrs: { role: 'listitem' } },
        el(
          'span',
          { className: 'coverage-label' },
          el('span', { className: 'coverage-provider', text: row.provider, attrs: { title: row.provider } }),
          source && 'sourceType' in source ? this.sourceLabel(source.sourceType) : undefined,
        ),
        row.days,
        row.cellsBox,
      );
    });
    const axis = el(
      'div',
      { className: 'coverage-row muted', attrs: { 'aria-hidden': 'true' } },
      el('span'),
      el('span'),
      el('div', { className: 'coverage-axis' }, el('span', { text: coverage.firstDay }), el('span', { text: coverage.lastDay })),
    );
    this.element.replaceChildren(el('div', { className: 'coverage', attrs: { role: 'list' } }, ...strips), axis, this.notLoadedNote);
    // Every strip has the same width: watching the first one is enough.
    if (this.rows[0]) this.resizeObserver.observe(this.rows[0].canvas);
  }

  /** The strips' pixels, all of them (a new width or theme). */
  private drawAll(): void {
    const width = this.pixelWidth();
    const height = Math.round(STRIP_HEIGHT * devicePixelRatio);
    for (const row of this.rows) {
      if (row.canvas.width !== width) row.canvas.width = width;
      if (row.canvas.height !== height) row.canvas.height = height;
      this.drawRow(row);
    }
  }

  /** A whole strip: the empty cells' fill and borders across it, then the filled cells, then the gaps. */
  private drawRow(row: Row): void {
    const { context, canvas } = row;
    const n = row.counts.length;
    if (this.width <= 0 || n === 0 || !context) return;
    const colors = (this.colors ??= stripColors(this.element));
    const { width, height } = canvas;
    const line = Math.max(1, Math.round(devicePixelRatio));
    const scale = width / n;
    context.clearRect(0, 0, width, height);
    context.fillStyle = colors.none;
    context.fillRect(0, 0, width, height);
    context.fillStyle = colors.border;
    context.fillRect(0, 0, width, line);
    context.fillRect(0, height - line, width, line);
    if (this.firstNotLoadedCell >= 0) {
      const left = Math.round(this.firstNotLoadedCell * scale);
      context.globalAlpha = NOT_LOADED_ALPHA;
      context.fillStyle = colors.notLoaded;
      context.fillRect(left, 0, width - left, height);
      context.globalAlpha = 1;
    }
    context.fillStyle = colors.has;
    for (let cell = 0; cell < n; cell++) {
      if ((row.counts[cell] ?? 0) <= 0 || this.isNotLoaded(cell)) continue;
      const left = Math.round(cell * scale);
      context.fillRect(left, 0, Math.max(1, Math.round((cell + 1) * scale) - left), height);
    }
    context.fillStyle = colors.separator;
    for (let cell = 0; cell < n; cell++) {
      const left = Math.round(cell * scale);
      const right = Math.round((cell + 1) * scale);
      if (right - left > line) context.fillRect(right - line, 0, line, height);
    }
  }

  /** The canvases' width in device pixels. */
  private pixelWidth(): number {
    return Math.max(1, Math.round(this.width * devicePixelRatio));
  }

  /** One cell's pixels: filled when it has readings, outlined when not, a 1 px gap on its right. */
  private drawCell(row: Row, cell: number): void {
    const count = row.counts[cell] ?? -1;
    const n = row.counts.length;
    const { context } = row;
    if (this.width <= 0 || n === 0 || count < 0 || !context) return;
    const colors = (this.colors ??= stripColors(this.element));
    const { width: canvasWidth, height } = row.canvas;
    const line = Math.max(1, Math.round(devicePixelRatio));
    const scale = canvasWidth / n;
    const left = Math.round(cell * scale);
    const right = Math.round((cell + 1) * scale);
    const width = Math.max(1, right - left);
    context.clearRect(left, 0, width, height);
    const notLoaded = this.isNotLoaded(cell);
    context.globalAlpha = notLoaded ? NOT_LOADED_ALPHA : 1;
    context.fillStyle = notLoaded ? colors.notLoaded : count > 0 ? colors.has : colors.none;
    context.fillRect(left, 0, width, height);
    context.globalAlpha = 1;
    if (count === 0 && !notLoaded) {
      context.fillStyle = colors.border;
      context.fillRect(left, 0, width, line);
      context.fillRect(left, height - line, width, line);
    }
    if (width > line) {
      context.fillStyle = colors.separator;
      context.fillRect(right - line, 0, line, height);
    }
  }

  /** The tooltip of the cell under the pointer: its day (or days) and its readings. */
  private hover(row: Row, x: number): void {
    const n = row.counts.length;
    if (this.width <= 0 || n === 0) return;
    const cell = Math.min(n - 1, Math.max(0, Math.floor((x / this.width) * n)));
    const span = this.cells[cell];
    if (!span) return;
    const count = Math.max(0, row.counts[cell] ?? 0);
    const title = this.isNotLoaded(cell)
      ? formatMessage(this.strings.coverageCellNotLoaded, span.firstDay === span.lastDay ? span.firstDay : `${span.firstDay} – ${span.lastDay}`)
      : span.firstDay === span.lastDay
        ? formatMessage(this.strings.coverageCellDay, span.firstDay, count)
        : formatMessage(this.strings.coverageCellRange, span.firstDay, span.lastDay, count);
    if (row.canvas.title !== title) row.canvas.title = title;
  }

  /** The source type as sent, or "—" that says it was not sent. */
  private sourceLabel(sourceType: string | undefined): HTMLElement {
    return sourceType === undefined
      ? el('span', { className: 'coverage-source missing', text: MISSING, attrs: { title: this.strings.coverageSourceNotSent } })
      : el('span', { className: 'coverage-source muted', text: sourceType, attrs: { title: sourceType } });
  }
}
