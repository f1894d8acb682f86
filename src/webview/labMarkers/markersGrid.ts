// The markers of one page. Each row's first cell holds a real button that expands the marker's
// expected results (LOINC code, name and unit) in the row below it.
import type { Marker } from '../../api/schemas';
import type { LabMarkersStrings } from '../../shared/labMarkersProtocol';
import { el } from '../common/dom';
import { expectedResultsOf } from '../../domain/markerTable';

export class MarkersGrid {
  readonly element: HTMLElement;
  private readonly body = el('tbody');
  private readonly expanded: Set<number>;

  constructor(
    private readonly strings: LabMarkersStrings,
    expanded: readonly number[],
    private readonly onExpandedChange: () => void,
  ) {
    this.expanded = new Set(expanded);
    const s = strings;
    const headers = [s.columnName, s.columnSlug, s.columnType, s.columnUnit, s.columnProviderId, s.columnLabId, s.columnPrice];
    this.element = el(
      'table',
      { className: 'plain markers', attrs: { 'aria-label': s.tableLabel } },
      el('thead', {}, el('tr', {}, ...headers.map((text) => el('th', { text, attrs: { scope: 'col' } })))),
      this.body,
    );
  }

  get expandedCount(): number {
    return this.expanded.size;
  }

  get expandedIds(): number[] {
    return [...this.expanded];
  }

  /** Expands every marker of `markers`, or collapses all when they are all open already. */
  toggleAll(markers: readonly Marker[]): void {
    const allOpen = markers.length > 0 && markers.every((m) => this.expanded.has(m.id));
    for (const marker of markers) {
      if (allOpen) this.expanded.delete(marker.id);
      else this.expanded.add(marker.id);
    }
    this.render(markers);
    this.onExpandedChange();
  }

  render(markers: readonly Marker[]): void {
    const rows: HTMLElement[] = [];
    for (const marker of markers) {
      const open = this.expanded.has(marker.id);
      const detailsId = `marker-${marker.id}-results`;
      const expander = el('button', {
        className: 'expander',
        attrs: {
          type: 'button',
          'aria-expanded': String(open),
          'aria-controls': detailsId,
          title: open ? this.strings.collapse : this.strings.expand,
        },
      });
      expander.append(el('span', { className: 'chevron', text: open ? '▾' : '▸', attrs: { 'aria-hidden': 'true' } }), el('span', { text: marker.name ?? this.strings.noUnit }));
      expander.addEventListener('click', () => {
        if (this.expanded.has(marker.id)) this.expanded.delete(marker.id);
        else this.expanded.add(marker.id);
        this.render(markers);
        this.onExpandedChange();
        this.body.querySelector<HTMLElement>(`[aria-controls="${detailsId}"]`)?.focus();
      });
      rows.push(
        el(
          'tr',
          { className: 'marker-row' },
          el('td', {}, expander),
          el('td', { className: 'mono', text: marker.slug ?? this.strings.noUnit }),
          el('td', { text: marker.type ?? this.strings.noUnit }),
          el('td', { text: marker.unit ?? this.strings.noUnit }),
          el('td', { className: 'mono', text: marker.provider_id ?? this.strings.noUnit }),
          el('td', { className: 'number', text: marker.lab_id === null || marker.lab_id === undefined ? this.strings.noUnit : String(marker.lab_id) }),
          el('td', { text: marker.price ?? this.strings.noUnit }),
        ),
      );
      if (open) rows.push(this.detailsRow(marker, detailsId));
    }
    this.body.replaceChildren(...rows);
  }

  private detailsRow(marker: Marker, id: string): HTMLElement {
    const s = this.strings;
    const results = expectedResultsOf(marker);
    const content =
      results.length === 0
        ? el('p', { className: 'muted', text: s.noExpectedResults })
        : el(
            'table',
            { className: 'plain results', attrs: { 'aria-label': `${s.resultsLabel}: ${marker.name ?? marker.id}` } },
            el(
              'thead',
              {},
              el('tr', {}, ...[s.columnResultName, s.columnLoincCode, s.columnLoincName, s.columnLoincUnit].map((text) => el('th', { text, attrs: { scope: 'col' } }))),
            ),
            el(
              'tbody',
              {},
              ...results.map((result) =>
                el(
                  'tr',
                  {},
                  el('td', { text: result.name ?? s.noUnit }),
                  el('td', { className: 'mono loinc-code', text: result.loinc?.code ?? s.noUnit }),
                  el('td', { text: result.loinc?.name ?? s.noUnit }),
                  el('td', { text: result.loinc?.unit ?? s.noUnit }),
                ),
              ),
            ),
          );
    return el('tr', { className: 'details-row', attrs: { id } }, el('td', { attrs: { colspan: '7' } }, content));
  }
}
