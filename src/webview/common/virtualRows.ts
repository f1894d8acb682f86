// A keyboard-accessible grid that only keeps the visible rows in the DOM (plus a small margin), so
// 100 000 rows scroll as smoothly as 100. Rows have one fixed height; row elements are recycled.
// The grid's and its header's heights come from a ResizeObserver, never from a layout read: setting
// the row count (a style write) and rendering rows never force a layout in the middle of a task.
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
  private readonly resizeObserver: ResizeObserver;
  /** The scroller's inner height and the header row's height, as the last layout gave them (0: not yet). */
  private viewportHeight = 0;
  private headerHeight = 0;
  /** The scroll position as the last scroll event (or our own scroll) left it: reading it may lay out. */
  private top = 0;

  constructor(private readonly options: VirtualRowsOptions) {
    const header = el('div', { className: `vrow vhead ${options.layoutClass}`, attrs: { role: 'row', 'aria-rowindex': '1' } });
    for (const column of options.columns) header.append(el('div', { text: column, attrs: { role: 'columnheader' } }));
    // The spacer only sizes the scroll range: no role, so the rows are the rowgroup's own children.
    this.spacer = el('div', { className: 'vspacer' });
    this.viewport = el('div', { className: 'vviewport', attrs: { role: 'rowgroup' } }, this.spacer);
    // The grid itself scrolls (its header row sticks): the scroller is the one Tab stop that takes
    // the keys, so keyboard users reach every row (axe: scrollable-region-focusable), and Chromium
    // makes no second, invisible Tab stop of an inner scroller.
    this.element = el(
      'div',
      { className: 'vtable', attrs: { id: options.id, role: options.tree ? 'treegrid' : 'grid', tabindex: '0', 'aria-label': options.label } },
      el('div', { className: 'vheadgroup', attrs: { role: 'rowgroup' } }, header),
      this.viewport,
    );
    this.element.addEventListener('scroll', () => {
      this.top = this.element.scrollTop;
      this.schedule();
    });
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
    this.resizeObserver = new ResizeObserver((entries) => {
      for (const entry of entries) {
        if (entry.target === this.element) this.viewportHeight = entry.contentRect.height;
        else this.headerHeight = entry.borderBoxSize[0]?.blockSize ?? entry.contentRect.height;
      }
      this.schedule();
    });
    this.resizeObserver.observe(this.element);
    this.resizeObserver.observe(header);
  }

  /** Stops watching the grid (a notebook output that is removed from a page that stays). */
  dispose(): void {
    this.resizeObserver.disconnect();
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
  }

  /** Replaces the row set; keeps the scroll position when `keepPosition`. */
  setRowCount(count: number, keepPosition = false): void {
    this.rowCount = count;
    this.element.setAttribute('aria-rowcount', String(count + 1));
    this.spacer.style.height = `${count * this.options.rowHeight}px`;
    if (!keepPosition) {
      this.scrollTo(0);
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

  /** The rows' part of the scroller: its height under the sticky header, and how far the rows are scrolled. */
  private rowsView(): { top: number; height: number } {
    const { rowHeight } = this.options;
    // Before the first layout: a table's worth of rows (the overscan covers the difference).
    const height = (this.viewportHeight || rowHeight * 21) - (this.headerHeight || rowHeight);
    return { top: this.top, height: Math.max(0, height) };
  }

  private render(): void {
    const { rowHeight } = this.options;
    const view = this.rowsView();
    const first = Math.max(0, Math.floor(view.top / rowHeight) - OVERSCAN);
    const last = Math.min(this.rowCount, Math.ceil((view.top + view.height) / rowHeight) + OVERSCAN);
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
    const page = Math.max(1, Math.floor(this.rowsView().height / this.options.rowHeight) - 1);
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
    // Scrolled by `top`, the rows from `top` to `top + height` show under the header.
    const top = index * rowHeight;
    const view = this.rowsView();
    if (top < view.top) this.scrollTo(top);
    else if (top + rowHeight > view.top + view.height) this.scrollTo(top + rowHeight - view.height);
    this.render();
    this.element.setAttribute('aria-activedescendant', `${this.options.id}-row-${index}`);
  }

  private scrollTo(top: number): void {
    this.element.scrollTop = top;
    this.top = Math.max(0, Math.min(top, this.rowCount * this.options.rowHeight));
  }

  private indexOf(target: EventTarget | null): number | undefined {
    const row = target instanceof HTMLElement ? target.closest<HTMLElement>('.vrow') : null;
    const index = row?.dataset.index;
    return index === undefined ? undefined : Number(index);
  }
}
