// The markers of one page. Each row's first cell holds a real button that expands the marker's
// expected results (LOINC code, name, unit, required) in a row below it; the AOE cell holds a
// second one for the marker's ask-on-order-entry questions. Column headers sort (values not sent last).
import type { Marker, MarkerPricing } from '../../api/schemas';
import { aoeQuestionsOf, sortMarkers, type MarkerSortKey } from '../../domain/labs/markerFacts';
import { expectedResultsOf } from '../../domain/labs/markerTable';
import type { LabMarkersStrings } from '../../shared/labMarkersProtocol';
import { el, formatMessage } from '../common/dom';
import { MarkerCells } from './markerCells';

const COLUMNS = 10;

type Sort = { key: MarkerSortKey; direction: 'ascending' | 'descending' } | undefined;

export class MarkersGrid {
  readonly element: HTMLElement;
  private readonly body = el('tbody');
  private readonly headRow = el('tr');
  private readonly expanded: Set<number>;
  private readonly expandedAoe: Set<number>;
  private readonly cells: MarkerCells;
  private sort: Sort;
  private markers: readonly Marker[] = [];
  private pricing: MarkerPricing | null | undefined;

  constructor(
    private readonly strings: LabMarkersStrings,
    locale: string,
    expanded: { results: readonly number[]; aoe: readonly number[] },
    private readonly onExpandedChange: () => void,
  ) {
    this.expanded = new Set(expanded.results);
    this.expandedAoe = new Set(expanded.aoe);
    this.cells = new MarkerCells(strings, locale);
    this.element = el('table', { className: 'plain markers', attrs: { 'aria-label': strings.tableLabel } }, el('thead', {}, this.headRow), this.body);
    this.renderHead();
  }

  get expandedCount(): number {
    return this.expanded.size;
  }

  get expandedIds(): number[] {
    return [...this.expanded];
  }

  get expandedAoeIds(): number[] {
    return [...this.expandedAoe];
  }

  get expandedAoeCount(): number {
    return this.expandedAoe.size;
  }

  /** Expands every marker of `markers`, or collapses all when they are all open already. */
  toggleAll(markers: readonly Marker[]): void {
    const allOpen = markers.length > 0 && markers.every((m) => this.expanded.has(m.id));
    for (const marker of markers) {
      if (allOpen) this.expanded.delete(marker.id);
      else this.expanded.add(marker.id);
    }
    this.render(markers, this.pricing);
    this.onExpandedChange();
  }

  render(markers: readonly Marker[], pricing: MarkerPricing | null | undefined): void {
    this.markers = markers;
    this.pricing = pricing;
    const shown = this.sort ? sortMarkers(markers, this.sort.key, this.sort.direction, pricing) : markers;
    const rows: HTMLElement[] = [];
    for (const marker of shown) {
      const resultsId = `marker-${marker.id}-results`;
      const aoeId = `marker-${marker.id}-aoe`;
      const cells = this.cells;
      rows.push(
        el(
          'tr',
          { className: 'marker-row' },
          el('td', {}, this.expander(this.expanded, marker.id, resultsId, marker.name || '—', [this.strings.expand, this.strings.collapse])),
          cells.text(marker.slug, 'mono'),
          cells.type(marker),
          cells.text(marker.unit),
          cells.text(marker.provider_id, 'mono'),
          cells.text(marker.lab_id, 'number'),
          cells.price(marker, pricing),
          cells.orderable(marker),
          cells.turnaround(marker),
          this.aoeCell(marker, aoeId),
        ),
      );
      if (this.expanded.has(marker.id)) rows.push(this.resultsRow(marker, resultsId));
      if (this.expandedAoe.has(marker.id) && aoeQuestionsOf(marker).length > 0) rows.push(this.aoeRow(marker, aoeId));
    }
    this.body.replaceChildren(...rows);
  }

  /** A button that opens or closes the row `controls`; focus stays on it across the re-render. */
  private expander(open: Set<number>, id: number, controls: string, label: string, titles: [string, string]): HTMLButtonElement {
    const isOpen = open.has(id);
    const button = el('button', {
      className: 'expander',
      attrs: { type: 'button', 'aria-expanded': String(isOpen), 'aria-controls': controls, title: isOpen ? titles[1] : titles[0] },
    });
    button.append(el('span', { className: 'chevron', text: isOpen ? '▾' : '▸', attrs: { 'aria-hidden': 'true' } }), el('span', { text: label }));
    button.addEventListener('click', () => {
      if (open.has(id)) open.delete(id);
      else open.add(id);
      this.render(this.markers, this.pricing);
      this.onExpandedChange();
      this.body.querySelector<HTMLElement>(`[aria-controls="${controls}"]`)?.focus();
    });
    return button;
  }

  /** "—" when the marker sent no AOE, "none" for an empty list, else a button opening the questions. */
  private aoeCell(marker: Marker, aoeId: string): HTMLTableCellElement {
    const questions = marker.aoe?.questions;
    if (questions === null || questions === undefined) return this.cells.missing('aoe');
    if (questions.length === 0) return el('td', { className: 'aoe muted', text: this.strings.aoeNone });
    const label = questions.length === 1 ? this.strings.aoeOne : formatMessage(this.strings.aoeCount, questions.length);
    return el('td', { className: 'aoe' }, this.expander(this.expandedAoe, marker.id, aoeId, label, [this.strings.expandAoe, this.strings.collapseAoe]));
  }

  private resultsRow(marker: Marker, id: string): HTMLElement {
    const s = this.strings;
    const results = expectedResultsOf(marker);
    const content =
      results.length === 0
        ? el('p', { className: 'muted', text: s.noExpectedResults })
        : this.detailsTable(`${s.resultsLabel}: ${marker.name || marker.id}`, 'results', [s.columnResultName, s.columnRequired, s.columnLoincCode, s.columnLoincName, s.columnLoincUnit], results.map((r) => this.cells.resultRow(r)));
    return el('tr', { className: 'details-row', attrs: { id } }, el('td', { attrs: { colspan: String(COLUMNS) } }, content));
  }

  private aoeRow(marker: Marker, id: string): HTMLElement {
    const s = this.strings;
    const rows = aoeQuestionsOf(marker).map((q) => this.cells.questionRow(q));
    const table = this.detailsTable(`${s.aoeLabel}: ${marker.name || marker.id}`, 'aoe-questions', [s.columnQuestionCode, s.columnQuestion, s.columnQuestionType, s.columnRequired, s.columnAnswers], rows);
    return el('tr', { className: 'details-row aoe-row', attrs: { id } }, el('td', { attrs: { colspan: String(COLUMNS) } }, table));
  }

  private detailsTable(label: string, className: string, headers: string[], rows: HTMLElement[]): HTMLElement {
    return el(
      'table',
      { className: `plain ${className}`, attrs: { 'aria-label': label } },
      el('thead', {}, el('tr', {}, ...headers.map((text) => el('th', { text, attrs: { scope: 'col' } })))),
      el('tbody', {}, ...rows),
    );
  }

  private renderHead(): void {
    const s = this.strings;
    const sortable: [string, MarkerSortKey | undefined][] = [
      [s.columnName, 'name'],
      [s.columnSlug, 'slug'],
      [s.columnType, 'type'],
      [s.columnUnit, undefined],
      [s.columnProviderId, undefined],
      [s.columnLabId, undefined],
      [s.columnPrice, 'price'],
      [s.columnOrderable, undefined],
      [s.columnTurnaround, 'turnaround'],
      [s.columnAoe, undefined],
    ];
    this.headRow.replaceChildren(
      ...sortable.map(([text, key]) => {
        if (!key) return el('th', { text, attrs: { scope: 'col' } });
        const direction = this.sort?.key === key ? this.sort.direction : undefined;
        const button = el('button', { className: 'sort', text, attrs: { type: 'button', title: formatMessage(s.sortBy, text), 'data-sort': key } });
        if (direction) button.append(el('span', { className: 'sort-arrow', text: direction === 'ascending' ? ' ▲' : ' ▼', attrs: { 'aria-hidden': 'true' } }));
        button.addEventListener('click', () => {
          this.sort = { key, direction: direction === 'ascending' ? 'descending' : 'ascending' };
          this.renderHead();
          this.render(this.markers, this.pricing);
          this.headRow.querySelector<HTMLElement>(`[data-sort="${key}"]`)?.focus();
        });
        return el('th', { attrs: { scope: 'col', ...(direction ? { 'aria-sort': direction } : {}) } }, button);
      }),
    );
  }
}
