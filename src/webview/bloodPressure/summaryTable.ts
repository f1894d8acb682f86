// The summary: one row per provider (count, first and last reading, means, other units,
// implausible readings). While pages stream in it is updated in place: the table is built once, a
// row per provider is added when the provider first appears, and a cell's text is written only
// when it changed; the number formats are made once per table.
import type { ProviderSummary } from '../../domain/bloodPressure/bloodPressureSummary';
import type { ZoneCalendar } from '../../domain/zonedTime';
import type { BloodPressureStrings } from '../../shared/bloodPressureProtocol';
import { el } from '../common/dom';
import { MISSING, wallTimeText, type CellText } from './readingTime';

/** What a cell shows: its text, class and tooltip. */
interface CellState extends CellText {
  className: string;
}

interface SummaryRow {
  element: HTMLElement;
  /** The source types cell (spans), rebuilt only when its list changes. */
  sourceTypes: HTMLElement;
  sourceTypesKey: string;
  /** Count, first, last, mean systolic, mean diastolic, other units, implausible. */
  cells: HTMLElement[];
}

const NUMERIC_HEADERS = new Set([2, 5, 6, 8]);

export class SummaryTable {
  private readonly oneDecimal: Intl.NumberFormat;
  private readonly body = el('tbody');
  private readonly rows = new Map<string, SummaryRow>();
  private order = '';

  constructor(
    /** The element the table goes into. */
    readonly element: HTMLElement,
    private readonly strings: BloodPressureStrings,
    private readonly zone: ZoneCalendar,
    private readonly numbers: Intl.NumberFormat,
  ) {
    this.oneDecimal = new Intl.NumberFormat(numbers.resolvedOptions().locale, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
    const headers = [
      strings.summaryProvider,
      strings.summarySourceTypes,
      strings.summaryCount,
      strings.summaryFirst,
      strings.summaryLast,
      strings.summaryMeanSystolic,
      strings.summaryMeanDiastolic,
      strings.summaryOtherUnits,
      strings.summaryImplausible,
    ];
    const head = el('tr', {}, ...headers.map((text, i) => el('th', { text, className: NUMERIC_HEADERS.has(i) ? 'number' : '', attrs: { scope: 'col' } })));
    element.replaceChildren(el('table', { className: 'plain summary' }, el('thead', {}, head), this.body));
  }

  /** A new query: no rows. */
  clear(): void {
    this.rows.clear();
    this.order = '';
    this.body.replaceChildren();
  }

  /** Shows `summaries` (one per provider, in order): new providers get a row, the others change in place. */
  update(summaries: readonly ProviderSummary[]): void {
    const order = summaries.map((s) => s.provider).join('\u0000');
    for (const summary of summaries) {
      const row = this.rows.get(summary.provider) ?? this.addRow(summary.provider);
      const sourceTypesKey = summary.sourceTypes.map((type) => type ?? '\u0001').join('\u0000');
      if (sourceTypesKey !== row.sourceTypesKey) {
        row.sourceTypesKey = sourceTypesKey;
        row.sourceTypes.replaceChildren(...summary.sourceTypes.flatMap((type, i) => (i === 0 ? [this.sourceType(type)] : [', ', this.sourceType(type)])));
      }
      this.cellsOf(summary).forEach((state, i) => setCell(row.cells[i]!, state));
    }
    if (order !== this.order) {
      this.order = order;
      const wanted = new Set(summaries.map((s) => s.provider));
      for (const [provider, row] of this.rows) {
        if (wanted.has(provider)) continue;
        row.element.remove();
        this.rows.delete(provider);
      }
      this.body.replaceChildren(...summaries.map((s) => this.rows.get(s.provider)!.element));
    }
  }

  private addRow(provider: string): SummaryRow {
    const sourceTypes = el('td');
    const cells = Array.from({ length: 7 }, () => el('td'));
    const element = el('tr', {}, el('th', { text: provider, attrs: { scope: 'row' } }), sourceTypes, ...cells);
    const row: SummaryRow = { element, sourceTypes, sourceTypesKey: '\u0002', cells };
    this.rows.set(provider, row);
    return row;
  }

  private cellsOf(summary: ProviderSummary): CellState[] {
    const { strings, numbers } = this;
    // Means are of the mmHg readings only; a provider without one has none ("—", with the reason).
    const mean = (value: number): CellState =>
      Number.isFinite(value)
        ? { className: 'number', text: this.oneDecimal.format(value) }
        : { className: 'number missing', text: MISSING, title: strings.summaryNoPressure };
    const time = (cell: CellText): CellState => ({ className: 'mono', text: cell.text, ...(cell.title ? { title: cell.title } : {}) });
    return [
      { className: 'number', text: numbers.format(summary.count) },
      time(wallTimeText(summary.firstMs, summary.firstOwnOffsetSeconds, this.zone, strings)),
      time(wallTimeText(summary.lastMs, summary.lastOwnOffsetSeconds, this.zone, strings)),
      mean(summary.meanSystolic),
      mean(summary.meanDiastolic),
      { className: '', text: otherUnitsText(summary.otherUnits, numbers) },
      {
        className: summary.implausibleCount > 0 ? 'number implausible' : 'number',
        text: numbers.format(summary.implausibleCount),
        title: strings.summaryImplausibleHint,
      },
    ];
  }

  private sourceType(type: string | undefined): HTMLElement {
    return type === undefined ? el('span', { className: 'missing', text: MISSING, attrs: { title: this.strings.notSent } }) : el('span', { text: type });
  }
}

/** The summary of `summaries` built once (a notebook output, which never changes). */
export function renderSummary(
  container: HTMLElement,
  summaries: readonly ProviderSummary[],
  strings: BloodPressureStrings,
  zone: ZoneCalendar,
  numbers: Intl.NumberFormat,
): void {
  new SummaryTable(container, strings, zone, numbers).update(summaries);
}

/** Writes a cell's text, class and tooltip where they changed. */
function setCell(cell: HTMLElement, state: CellState): void {
  if (cell.textContent !== state.text) cell.textContent = state.text;
  if (cell.className !== state.className) cell.className = state.className;
  const title = state.title ?? '';
  if ((cell.getAttribute('title') ?? '') !== title) {
    if (title) cell.setAttribute('title', title);
    else cell.removeAttribute('title');
  }
}

/** `3 mg/dL, 1 %`: readings per other unit, as sent; `0` when every reading was in mmHg. */
function otherUnitsText(otherUnits: Readonly<Record<string, number>>, numbers: Intl.NumberFormat): string {
  const entries = Object.entries(otherUnits);
  if (entries.length === 0) return numbers.format(0);
  return entries.map(([unit, count]) => `${numbers.format(count)} ${unit}`).join(', ');
}
