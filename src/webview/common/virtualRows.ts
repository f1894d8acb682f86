// A keyboard-accessible grid that only keeps the visible rows in the DOM (plus a small margin), so
// 100 000 rows scroll as smoothly as 100. Rows have one fixed height; row elements are recycled.
import { el } from './dom';

export interface VirtualRowsOptions {
  id: string;
  label: string;
  columns: readonly string[];
  /** CSS class that sets the grid columns of header and rows. */
  layoutClass: string;
  rowHeight: number;
  /** Fills a recycled row element for `index` (set its cells with textContent only). */
  renderRow(index: number, row: HTMLElement): void;
  /** Enter or Space on the active row, or a double click. */
  onActivate?(index: number): void;
  /**
   * Rows that group others and fold (aria-expanded, aria-level): a treegrid. ARIA allows
   * aria-expanded on a row only there (axe: aria-conditional-attr).
   */
  tree?: boolean;
}

const OVERSCAN = 8;

export class VirtualRows {
  readonly element: HTMLElement;
  private readonly viewport: HTMLElement;
  private readonly spacer: HTMLElement;
  private readonly pool: HTMLElement[] = [];
  private rowCount = 0;
  private active = -1;
  private frame = 0;

  constructor(private readonly options: VirtualRowsOptions) {
    const header = el('div', { className: `vrow vhead ${options.layoutClass}`, attrs: { role: 'row', 'aria-rowindex': '1' } });
    for (const column of options.columns) header.append(el('div', { text: column, attrs: { role: 'columnheader' } }));
    // The spacer only sizes the scroll range: no role, so the rows are the rowgroup's own children.
    this.spacer = el('div', { className: 'vspacer' });
    // tabindex -1: Chromium makes a scroller without focusable children a Tab stop of its own; the
    // grid already takes the keys, so the viewport would be an invisible second stop. A focusable
    // element inside a grid needs a role a grid may own: the viewport is the rows' rowgroup
    // (axe: aria-required-children).
    this.viewport = el('div', { className: 'vviewport', attrs: { role: 'rowgroup', tabindex: '-1' } }, this.spacer);
    this.element = el(
      'div',
      { className: 'vtable', attrs: { id: options.id, role: options.tree ? 'treegrid' : 'grid', tabindex: '0', 'aria-label': options.label } },
      el('div', { attrs: { role: 'rowgroup' } }, header),
      this.viewport,
    );
    this.viewport.addEventListener('scroll', () => this.schedule());
    this.element.addEventListener('keydown', (event) => this.onKey(event));
    this.element.addEventListener('focus', () => {
      if (this.active < 0 && this.rowCount > 0) this.setActive(0);
    });
    this.spacer.addEventListener('click', (event) => {
      const index = this.indexOf(event.target);
      if (index !== undefined) this.setActive(index);
    });
    this.spacer.addEventListener('dblclick', (event) => {
      const index = this.indexOf(event.target);
      if (index !== undefined) this.options.onActivate?.(index);
    });
    new ResizeObserver(() => this.schedule()).observe(this.viewport);
  }

  /** Replaces the row set; keeps the scroll position when `keepPosition`. */
  setRowCount(count: number, keepPosition = false): void {
    this.rowCount = count;
    this.element.setAttribute('aria-rowcount', String(count + 1));
    this.spacer.style.height = `${count * this.options.rowHeight}px`;
    if (!keepPosition) {
      this.viewport.scrollTop = 0;
      this.active = -1;
      this.element.removeAttribute('aria-activedescendant');
    } else if (this.active >= count) {
      this.active = count - 1;
    }
    this.render();
  }

  get count(): number {
    return this.rowCount;
  }

  /** Re-renders the visible rows (e.g. after a group was collapsed). */
  refresh(): void {
    this.render();
  }

  private schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.render();
    });
  }

  private render(): void {
    const { rowHeight } = this.options;
    const height = this.viewport.clientHeight || rowHeight * 20;
    const first = Math.max(0, Math.floor(this.viewport.scrollTop / rowHeight) - OVERSCAN);
    const last = Math.min(this.rowCount, Math.ceil((this.viewport.scrollTop + height) / rowHeight) + OVERSCAN);
    const needed = Math.max(0, last - first);
    while (this.pool.length < needed) {
      const row = el('div', { attrs: { role: 'row' } });
      this.pool.push(row);
      this.spacer.append(row);
    }
    this.pool.forEach((row, slot) => {
      const index = first + slot;
      if (slot >= needed) {
        row.hidden = true;
        row.removeAttribute('id');
        return;
      }
      row.hidden = false;
      row.className = `vrow ${this.options.layoutClass}`;
      row.id = `${this.options.id}-row-${index}`;
      row.dataset.index = String(index);
      row.setAttribute('aria-rowindex', String(index + 2));
      row.style.transform = `translateY(${index * rowHeight}px)`;
      row.classList.toggle('active', index === this.active);
      row.setAttribute('aria-selected', String(index === this.active));
      this.options.renderRow(index, row);
    });
  }

  private onKey(event: KeyboardEvent): void {
    if (this.rowCount === 0) return;
    const page = Math.max(1, Math.floor(this.viewport.clientHeight / this.options.rowHeight) - 1);
    const moves: Record<string, number> = {
      ArrowDown: this.active + 1,
      ArrowUp: this.active - 1,
      PageDown: this.active + page,
      PageUp: this.active - page,
      Home: 0,
      End: this.rowCount - 1,
    };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      this.setActive(Math.min(this.rowCount - 1, Math.max(0, target)));
    } else if ((event.key === 'Enter' || event.key === ' ') && this.active >= 0) {
      event.preventDefault();
      this.options.onActivate?.(this.active);
    }
  }

  private setActive(index: number): void {
    this.active = index;
    const { rowHeight } = this.options;
    const top = index * rowHeight;
    if (top < this.viewport.scrollTop) this.viewport.scrollTop = top;
    else if (top + rowHeight > this.viewport.scrollTop + this.viewport.clientHeight) {
      this.viewport.scrollTop = top + rowHeight - this.viewport.clientHeight;
    }
    this.render();
    this.element.setAttribute('aria-activedescendant', `${this.options.id}-row-${index}`);
  }

  private indexOf(target: EventTarget | null): number | undefined {
    const row = target instanceof HTMLElement ? target.closest<HTMLElement>('.vrow') : null;
    const index = row?.dataset.index;
    return index === undefined ? undefined : Number(index);
  }
}
