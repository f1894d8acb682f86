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
  /** `treegrid` when rows expand and collapse (aria-expanded, aria-level on rows); default `grid`. */
  role?: 'grid' | 'treegrid';
}

const OVERSCAN = 8;

export class VirtualRows {
  readonly element: HTMLElement;
  private readonly viewport: HTMLElement;
  private readonly header: HTMLElement;
  private headerHeight = 0;
  private readonly spacer: HTMLElement;
  private readonly pool: HTMLElement[] = [];
  private rowCount = 0;
  private active = -1;
  private frame = 0;
  private readonly resizeObserver: ResizeObserver;

  constructor(private readonly options: VirtualRowsOptions) {
    const header = el('div', { className: `vrow vhead ${options.layoutClass}`, attrs: { role: 'row', 'aria-rowindex': '1' } });
    for (const column of options.columns) header.append(el('div', { text: column, attrs: { role: 'columnheader' } }));
    this.header = el('div', { className: 'vhead-group', attrs: { role: 'rowgroup' } }, header);
    this.spacer = el('div', { className: 'vspacer', attrs: { role: 'rowgroup' } });
    // The grid is its own scroller, its header row sticky: the one Tab stop is the element that
    // scrolls and takes the keys. (A scroller inside it would be a second, invisible Tab stop in
    // Chromium, or, with tabindex -1, a scrolling region the keyboard cannot reach.)
    this.element = el(
      'div',
      { className: 'vtable', attrs: { id: options.id, role: options.role ?? 'grid', tabindex: '0', 'aria-label': options.label } },
      this.header,
      this.spacer,
    );
    this.viewport = this.element;
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
    this.resizeObserver = new ResizeObserver(() => this.schedule());
    this.resizeObserver.observe(this.viewport);
  }

  /** Stops watching the viewport (a notebook output that is removed from a page that stays). */
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
    const top = Math.max(0, this.viewport.scrollTop - this.headHeight());
    const first = Math.max(0, Math.floor(top / rowHeight) - OVERSCAN);
    const last = Math.min(this.rowCount, Math.ceil((top + height) / rowHeight) + OVERSCAN);
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
    const page = Math.max(1, Math.floor((this.viewport.clientHeight - this.headHeight()) / this.options.rowHeight) - 1);
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
    // The row's top below the sticky header; the header covers the first headHeight() pixels.
    const top = index * rowHeight;
    const below = this.headHeight() + top + rowHeight;
    if (top < this.viewport.scrollTop) this.viewport.scrollTop = top;
    else if (below > this.viewport.scrollTop + this.viewport.clientHeight) {
      this.viewport.scrollTop = below - this.viewport.clientHeight;
    }
    this.render();
    this.element.setAttribute('aria-activedescendant', `${this.options.id}-row-${index}`);
  }

  /** The sticky header's height, read once it is laid out (one row until then). */
  private headHeight(): number {
    if (this.headerHeight === 0) this.headerHeight = this.header.offsetHeight;
    return this.headerHeight || this.options.rowHeight;
  }

  private indexOf(target: EventTarget | null): number | undefined {
    const row = target instanceof HTMLElement ? target.closest<HTMLElement>('.vrow') : null;
    const index = row?.dataset.index;
    return index === undefined ? undefined : Number(index);
  }
}
