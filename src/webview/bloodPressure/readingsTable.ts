// Every reading, grouped by provider and source type under a header row that collapses with Enter.
// Rows are virtual: only the visible ones exist in the DOM, and their text is formatted on demand
// from the store's columns. A row is found from the sources' start rows (one number per source),
// so the table grows with each page at the cost of the page count of sources, not of the readings.
// The columns are a list (header, width, cell): a new per-reading field is one more entry.
import { bloodPressureCategory } from '../../domain/bloodPressureCategory';
import type { StoredSource } from '../../domain/bloodPressureStore';
import type { ZoneCalendar } from '../../domain/zonedTime';
import type { BloodPressureStrings } from '../../shared/bloodPressureProtocol';
import { el, formatMessage } from '../common/dom';
import { VirtualRows } from '../common/virtualRows';
import { categoryLabel } from './categoryColors';

interface ReadingColumn {
  header: string;
  /** Its track in the grid (CSS grid-template-columns). */
  width: string;
  className?: (source: StoredSource, index: number) => string;
  text(source: StoredSource, index: number): string;
}

export class ReadingsTable {
  private readonly columns: readonly ReadingColumn[];
  private readonly rows: VirtualRows;
  private sources: readonly StoredSource[] = [];
  /** Collapsed sources by key: a source keeps its state when another one appears before it. */
  private readonly collapsed = new Set<string>();
  /** For source i: the row of its header. */
  private starts: number[] = [];

  constructor(
    private readonly strings: BloodPressureStrings,
    private readonly zone: ZoneCalendar,
    private readonly numbers: Intl.NumberFormat,
  ) {
    const category = (source: StoredSource, i: number) => bloodPressureCategory(source.systolicAt(i), source.diastolicAt(i));
    this.columns = [
      { header: formatMessage(strings.columnTime, zone.zone), width: 'minmax(150px, 1.4fr)', className: () => 'mono', text: (source, i) => zone.formatWallTime(source.timeAt(i)) },
      { header: strings.columnOffset, width: 'minmax(100px, 0.8fr)', className: () => 'mono', text: (source, i) => source.originalOffset(i) ?? strings.noOffset },
      { header: strings.columnSystolic, width: 'minmax(70px, 0.6fr)', className: () => 'number', text: (source, i) => String(source.systolicAt(i)) },
      { header: strings.columnDiastolic, width: 'minmax(70px, 0.6fr)', className: () => 'number', text: (source, i) => String(source.diastolicAt(i)) },
      { header: strings.columnUnit, width: 'minmax(60px, 0.5fr)', text: (source, i) => source.unit(i) ?? '—' },
      {
        header: strings.columnCategory,
        width: 'minmax(90px, 1fr)',
        className: (source, i) => `category category-${category(source, i)}`,
        text: (source, i) => categoryLabel(strings, category(source, i)),
      },
    ];
    this.rows = new VirtualRows({
      id: 'readings',
      label: strings.tableLabel,
      layoutClass: 'readings-layout',
      rowHeight: 22,
      columns: this.columns.map((c) => c.header),
      renderRow: (index, row) => this.renderRow(index, row),
      onActivate: (index) => this.toggle(index),
    });
    this.rows.element.style.setProperty('--readings-columns', this.columns.map((c) => c.width).join(' '));
    // A header cut off by a narrow panel still says what it is, on hover.
    this.rows.element.querySelectorAll<HTMLElement>('[role="columnheader"]').forEach((header, i) => header.setAttribute('title', this.columns[i]?.header ?? ''));
  }

  get element(): HTMLElement {
    return this.rows.element;
  }

  /** Reading rows currently in the table (group header rows not counted). */
  get readingRows(): number {
    return this.sources.reduce((sum, source) => sum + (this.collapsed.has(keyOf(source)) ? 0 : source.length), 0);
  }

  /** Empties the table for a new query (folds and scroll position are forgotten). */
  clear(): void {
    this.collapsed.clear();
    this.sources = [];
    this.rebuild(false);
  }

  /** Shows the sources as they are now; rows appended by a later page keep the scroll position. */
  setSources(sources: readonly StoredSource[]): void {
    this.sources = sources;
    this.rebuild(true);
  }

  private toggle(index: number): void {
    const { source, reading } = this.locate(index);
    if (!source || reading !== -1) return;
    const key = keyOf(source);
    if (this.collapsed.has(key)) this.collapsed.delete(key);
    else this.collapsed.add(key);
    this.rebuild(true);
  }

  private rebuild(keepPosition: boolean): void {
    let total = 0;
    this.starts = this.sources.map((source) => {
      const start = total;
      total += 1 + (this.collapsed.has(keyOf(source)) ? 0 : source.length);
      return start;
    });
    this.rows.setRowCount(total, keepPosition);
  }

  /** The source of a row and the reading's index in it (-1: the source's header row). */
  private locate(index: number): { source: StoredSource | undefined; reading: number } {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((this.starts[middle] ?? 0) <= index) low = middle;
      else high = middle - 1;
    }
    return { source: this.sources[low], reading: index - (this.starts[low] ?? 0) - 1 };
  }

  private renderRow(index: number, row: HTMLElement): void {
    const { source, reading } = this.locate(index);
    if (!source) return;
    if (reading === -1) {
      const expanded = !this.collapsed.has(keyOf(source));
      row.classList.add('group-row');
      row.setAttribute('aria-expanded', String(expanded));
      const text = formatMessage(this.strings.groupRow, source.provider, source.sourceType ?? '—', this.numbers.format(source.length));
      row.replaceChildren(el('div', { text: `${expanded ? '▾' : '▸'} ${text}`, attrs: { role: 'gridcell' } }));
      return;
    }
    row.removeAttribute('aria-expanded');
    if (reading >= source.length) return;
    row.replaceChildren(...this.columns.map((column) => cell(column.text(source, reading), column.className?.(source, reading))));
  }
}

function keyOf(source: StoredSource): string {
  return `${source.provider}\u0000${source.sourceType}`;
}

function cell(text: string, className = ''): HTMLElement {
  return el('div', { className, text, attrs: { role: 'gridcell' } });
}
