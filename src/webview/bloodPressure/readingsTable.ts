// Every reading, grouped by provider and source type under a header row that collapses with Enter.
// Rows are virtual: only the visible ones exist in the DOM, and their text is formatted on demand
// from the store's columns. A row is found from the sources' start rows (one number per source),
// so the table grows with each page at the cost of the page count of sources, not of the readings.
// The columns are a list (header, width, cell): a new per-reading field is one more entry.
// A value the service did not send is a quiet "—" whose tooltip says so, never a blank cell. The
// time is the wall time in the reading's own `timezone_offset` when it sent one, else in the user's
// zone; the offset column says which offset that is (see readingTime.ts).
import type { StoredSource } from '../../domain/bloodPressure/bloodPressureStoredSource';
import type { ZoneCalendar } from '../../domain/zonedTime';
import type { BloodPressureStrings } from '../../shared/bloodPressureProtocol';
import { el, formatMessage } from '../common/dom';
import { VirtualRows } from '../common/virtualRows';
import { MISSING, readingOffset, readingTime, sentText, type CellText } from './readingTime';
import { readingVerdict } from './readingVerdict';

interface ReadingColumn {
  header: string;
  /** Its track in the grid (CSS grid-template-columns). */
  width: string;
  className?: string;
  cell(source: StoredSource, index: number): CellText;
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
    // Only the time and the values keep a minimum width: in a narrow panel the others shrink (cut text
    // keeps its value in the tooltip) instead of pushing the page sideways.
    this.columns = [
      { header: formatMessage(strings.columnTimeOwn, zone.zone), width: 'minmax(150px, 1.4fr)', className: 'mono', cell: (source, i) => readingTime(source, i, zone, strings) },
      { header: strings.columnOffset, width: 'minmax(0, 0.6fr)', className: 'mono', cell: (source, i) => readingOffset(source, i, strings) },
      { header: strings.columnSystolic, width: 'minmax(32px, 0.5fr)', className: 'number', cell: (source, i) => ({ text: String(source.systolicAt(i)) }) },
      { header: strings.columnDiastolic, width: 'minmax(32px, 0.5fr)', className: 'number', cell: (source, i) => ({ text: String(source.diastolicAt(i)) }) },
      { header: strings.columnUnit, width: 'minmax(0, 0.5fr)', cell: (source, i) => sentText(source.unit(i), strings) },
      { header: strings.columnCategory, width: 'minmax(0, 0.8fr)', cell: (source, i) => readingVerdict(source, i, strings) },
      { header: strings.columnSourceType, width: 'minmax(0, 0.7fr)', cell: (source) => sentText(source.sourceType, strings) },
      { header: strings.columnDevice, width: 'minmax(0, 0.7fr)', cell: (source, i) => sentText(source.textOf('device', i) || undefined, strings) },
      { header: strings.columnApp, width: 'minmax(0, 0.7fr)', cell: (source, i) => sentText(source.textOf('app', i) || undefined, strings) },
    ];
    this.rows = new VirtualRows({
      id: 'readings',
      label: strings.tableLabel,
      layoutClass: 'readings-layout',
      rowHeight: 22,
      columns: this.columns.map((c) => c.header),
      renderRow: (index, row) => this.renderRow(index, row),
      onActivate: (index) => this.toggle(index),
      tree: true,
    });
    this.rows.element.style.setProperty('--readings-columns', this.columns.map((c) => c.width).join(' '));
    // A header cut off by a narrow panel still says what it is, on hover.
    this.rows.element.querySelectorAll<HTMLElement>('[role="columnheader"]').forEach((header, i) => header.setAttribute('title', this.columns[i]?.header ?? ''));
  }

  get element(): HTMLElement {
    return this.rows.element;
  }

  dispose(): void {
    this.rows.dispose();
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

  /**
   * Fills a recycled row: a reading row keeps its cells and only the text, class and tooltip that
   * changed are written; a row turning from a group header into a reading row (or back) is rebuilt.
   */
  private renderRow(index: number, row: HTMLElement): void {
    const { source, reading } = this.locate(index);
    if (!source) return;
    if (reading === -1) {
      const expanded = !this.collapsed.has(keyOf(source));
      row.classList.add('group-row');
      row.setAttribute('aria-expanded', String(expanded));
      row.setAttribute('aria-level', '1');
      const template = source.length === 1 ? this.strings.groupRowOne : this.strings.groupRow;
      const text = formatMessage(template, source.provider, source.sourceType ?? MISSING, this.numbers.format(source.length));
      // The source type not sent is "—": the header's tooltip says so.
      const attrs: Record<string, string> = source.sourceType === undefined ? { role: 'gridcell', title: this.strings.coverageSourceNotSent } : { role: 'gridcell' };
      row.dataset.kind = 'group';
      row.replaceChildren(el('div', { text: `${expanded ? '▾' : '▸'} ${text}`, attrs }));
      return;
    }
    if (row.dataset.kind !== 'reading') {
      row.removeAttribute('aria-expanded');
      row.classList.remove('group-row');
      row.setAttribute('aria-level', '2');
      row.dataset.kind = 'reading';
      row.replaceChildren(...this.columns.map(() => el('div', { attrs: { role: 'gridcell' } })));
    }
    if (reading >= source.length) return;
    const cells = row.children;
    this.columns.forEach((column, i) => {
      const cell = cells[i];
      if (cell instanceof HTMLElement) setCell(cell, column.cell(source, reading), column.className);
    });
  }
}

function keyOf(source: StoredSource): string {
  return `${source.provider}\u0000${source.sourceType}`;
}

/** Writes a reading cell's text, class and tooltip where they changed. */
function setCell(cell: HTMLElement, content: CellText, columnClass = ''): void {
  const className = content.className ? `${columnClass} ${content.className}` : columnClass;
  if (cell.textContent !== content.text) cell.textContent = content.text;
  if (cell.className !== className) cell.className = className;
  const title = content.title ?? '';
  if ((cell.getAttribute('title') ?? '') !== title) {
    if (title) cell.setAttribute('title', title);
    else cell.removeAttribute('title');
  }
}
