// Users of a listUsers / resolveUser result as a table: a plain <table> for the usual few, the
// panels' virtual grid when a paged load brought thousands (only the rows on screen exist).
import type { UserRow } from '../../notebook/resultPresentation';
import type { NotebookOutputStrings } from '../../shared/notebookRendererProtocol';
import { el, formatMessage } from '../common/dom';
import { VirtualRows } from '../common/virtualRows';

/** Above this many users the table is virtual. */
const PLAIN_TABLE_LIMIT = 200;

export class UsersOutput {
  readonly element: HTMLElement;
  private readonly grid: VirtualRows | undefined;

  constructor(rows: readonly UserRow[], total: number | undefined, s: NotebookOutputStrings, locale: string) {
    const numbers = new Intl.NumberFormat(locale);
    const count =
      total !== undefined && total !== rows.length ? formatMessage(s.usersTotal, numbers.format(rows.length), numbers.format(total)) : formatMessage(s.usersCount, numbers.format(rows.length));
    const headers = [s.columnClientUserId, s.columnUserId, s.columnCreatedOn, s.columnSources, s.columnTimeZone];
    const cells = (row: UserRow): (string | undefined)[] => [row.clientUserId, row.userId, row.createdOn, row.sources, row.timeZone];
    if (rows.length === 0) {
      this.element = el('div', { className: 'users-output' }, el('p', { className: 'empty', text: s.noUsers }));
      return;
    }
    let table: HTMLElement;
    if (rows.length <= PLAIN_TABLE_LIMIT) {
      const cell = (value: string | undefined, index: number): HTMLElement => {
        const className = index < 2 ? 'mono' : '';
        if (index === 0) return value === undefined ? el('th', { className: 'missing', text: '—', attrs: { scope: 'row', title: s.notSent } }) : el('th', { className, text: value, attrs: { scope: 'row' } });
        return value === undefined ? el('td', { className: 'missing', text: '—', attrs: { title: s.notSent } }) : el('td', { className, text: value });
      };
      table = el(
        'table',
        { className: 'plain users', attrs: { 'aria-label': s.usersLabel } },
        el('thead', {}, el('tr', {}, ...headers.map((text) => el('th', { text, attrs: { scope: 'col' } })))),
        el('tbody', {}, ...rows.map((row) => el('tr', {}, ...cells(row).map(cell)))),
      );
    } else {
      this.grid = new VirtualRows({
        id: 'users',
        label: s.usersLabel,
        columns: headers,
        layoutClass: 'users-layout',
        rowHeight: 22,
        renderRow: (index, element) => {
          const row = rows[index];
          if (!row) return;
          element.replaceChildren(
            ...cells(row).map((value, i) =>
              value === undefined
                ? el('div', { className: 'missing', text: '—', attrs: { role: 'gridcell', title: s.notSent } })
                : el('div', { className: i < 2 ? 'mono' : '', text: value, attrs: { role: 'gridcell', title: value } }),
            ),
          );
        },
      });
      this.grid.setRowCount(rows.length);
      table = this.grid.element;
    }
    this.element = el('div', { className: 'users-output' }, el('p', { className: 'muted', text: count }), table);
  }

  dispose(): void {
    this.grid?.dispose();
  }
}
