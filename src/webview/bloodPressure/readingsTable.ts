// Every reading, grouped by provider and source type under a header row that collapses with Enter.
// Rows are virtual: only the visible ones exist in the DOM, and their text is formatted on demand.
import { bloodPressureCategory } from '../../domain/bloodPressureCategory';
import type { ReadingGroup } from '../../domain/bloodPressureGroups';
import type { ZoneCalendar } from '../../domain/zonedTime';
import type { BloodPressureStrings } from '../../shared/bloodPressureProtocol';
import { el, formatMessage } from '../common/dom';
import { VirtualRows } from '../common/virtualRows';
import { categoryLabel } from './categoryColors';

const HEADER = -1;

export class ReadingsTable {
  private readonly rows: VirtualRows;
  private groups: readonly ReadingGroup[] = [];
  private readonly collapsed = new Set<number>();
  /** For row i: its group, and its reading index in that group (HEADER for the group's header row). */
  private rowGroup = new Int32Array(0);
  private rowReading = new Int32Array(0);

  constructor(
    private readonly strings: BloodPressureStrings,
    private readonly zone: ZoneCalendar,
    private readonly numbers: Intl.NumberFormat,
  ) {
    this.rows = new VirtualRows({
      id: 'readings',
      label: strings.tableLabel,
      layoutClass: 'readings-layout',
      rowHeight: 22,
      columns: [
        formatMessage(strings.columnTime, zone.zone),
        strings.columnOffset,
        strings.columnSystolic,
        strings.columnDiastolic,
        strings.columnUnit,
        strings.columnCategory,
      ],
      renderRow: (index, row) => this.renderRow(index, row),
      onActivate: (index) => this.toggle(index),
    });
  }

  get element(): HTMLElement {
    return this.rows.element;
  }

  /** Reading rows currently in the table (group header rows not counted). */
  get readingRows(): number {
    let count = 0;
    for (let i = 0; i < this.rowReading.length; i++) if ((this.rowReading[i] ?? HEADER) !== HEADER) count++;
    return count;
  }

  setGroups(groups: readonly ReadingGroup[]): void {
    this.groups = groups;
    this.collapsed.clear();
    this.rebuild(false);
  }

  private toggle(index: number): void {
    if (this.rowReading[index] !== HEADER) return;
    const group = this.rowGroup[index] ?? 0;
    if (this.collapsed.has(group)) this.collapsed.delete(group);
    else this.collapsed.add(group);
    this.rebuild(true);
  }

  private rebuild(keepPosition: boolean): void {
    let total = 0;
    this.groups.forEach((group, g) => {
      total += 1 + (this.collapsed.has(g) ? 0 : group.readings.length);
    });
    this.rowGroup = new Int32Array(total);
    this.rowReading = new Int32Array(total);
    let row = 0;
    this.groups.forEach((group, g) => {
      this.rowGroup[row] = g;
      this.rowReading[row++] = HEADER;
      if (this.collapsed.has(g)) return;
      for (let r = 0; r < group.readings.length; r++) {
        this.rowGroup[row] = g;
        this.rowReading[row++] = r;
      }
    });
    this.rows.setRowCount(total, keepPosition);
  }

  private renderRow(index: number, row: HTMLElement): void {
    const group = this.groups[this.rowGroup[index] ?? 0];
    const readingIndex = this.rowReading[index] ?? HEADER;
    if (!group) return;
    if (readingIndex === HEADER) {
      const expanded = !this.collapsed.has(this.rowGroup[index] ?? 0);
      row.classList.add('group-row');
      row.setAttribute('aria-expanded', String(expanded));
      const text = formatMessage(this.strings.groupRow, group.provider, group.sourceType, this.numbers.format(group.readings.length));
      row.replaceChildren(el('div', { text: `${expanded ? '▾' : '▸'} ${text}`, attrs: { role: 'gridcell' } }));
      return;
    }
    row.removeAttribute('aria-expanded');
    const reading = group.readings[readingIndex];
    if (!reading) return;
    const category = bloodPressureCategory(reading.systolic, reading.diastolic);
    row.replaceChildren(
      cell(this.zone.formatWallTime(reading.epochMs), 'mono'),
      cell(reading.originalOffset ?? this.strings.noOffset, 'mono'),
      cell(String(reading.systolic), 'number'),
      cell(String(reading.diastolic), 'number'),
      cell(reading.unit),
      cell(categoryLabel(this.strings, category), `category category-${category}`),
    );
  }
}

function cell(text: string, className = ''): HTMLElement {
  return el('div', { className, text, attrs: { role: 'gridcell' } });
}
