// One strip per source as the service sent it (provider and source type; a source type not sent is
// "—" and says so, never a made-up value), and a blank one per provider without any reading: a
// cell per day (or per few days on long ranges), filled when it has readings. The visible "n of m
// days" text carries the same information for screen readers. The strips are built once per range
// and set of rows; while pages stream in only the cells whose count changed are touched. Cells
// share the row's width (they never widen it: a strip of 366 empty days fits the narrowest panel).
import type { Coverage } from '../../domain/coverage/bloodPressureCoverage';
import type { BloodPressureStrings } from '../../shared/bloodPressureProtocol';
import { el, formatMessage } from '../common/dom';
import type { NotLoaded } from '../../domain/bloodPressure/notLoaded';
import { showNote } from './chartNotes';
import { notLoadedText } from './notLoaded';
import { MISSING } from './readingTime';

interface Row {
  provider: string;
  days: HTMLElement;
  cells: HTMLElement[];
  counts: number[];
}

export class CoverageStrip {
  readonly element = el('div');
  private rows: Row[] = [];
  /** What the built cells stand for: their days and the providers, in order. */
  private layout = '';
  /** The days each cell stands for, as last shown. */
  private spans: Coverage['cells'] = [];
  /** A cancelled load's days never loaded: their cells are hatched (notLoaded.ts). */
  private notLoaded: NotLoaded | undefined;
  private readonly notLoadedNote = el('p', { className: 'muted not-loaded-note' });

  constructor(private readonly strings: BloodPressureStrings) {
    this.notLoadedNote.hidden = true;
  }

  /** Rows on screen (one per provider), for the render snapshot. */
  get providerCount(): number {
    return this.rows.length;
  }

  show(coverage: Coverage): void {
    const rows = coverage.providers.map((p) => `${p.provider}\u0000${'sourceType' in p ? (p.sourceType ?? '\u0001') : '\u0002'}`);
    const layout = `${coverage.cells.map((c) => `${c.firstDay}/${c.lastDay}`).join(',')}|${rows.join(',')}`;
    if (layout !== this.layout) this.build(coverage, layout);
    this.spans = coverage.cells;
    coverage.providers.forEach((provider, index) => {
      const row = this.rows[index];
      if (!row) return;
      const days = formatMessage(this.strings.coverageProviderDays, provider.daysWithReadings, coverage.totalDays);
      if (row.days.textContent !== days) row.days.textContent = days;
      provider.counts.forEach((count, cell) => {
        if (row.counts[cell] === count) return;
        row.counts[cell] = count;
        const element = row.cells[cell];
        const span = coverage.cells[cell];
        if (!element || !span) return;
        element.className = count > 0 ? 'cell has' : 'cell none';
        element.title =
          span.firstDay === span.lastDay
            ? formatMessage(this.strings.coverageCellDay, span.firstDay, count)
            : formatMessage(this.strings.coverageCellRange, span.firstDay, span.lastDay, count);
      });
    });
  }

  /**
   * A cancelled load: hatches the cells of the days never loaded and names them under the strip;
   * undefined takes the marks away (the cells are built again at the next show).
   */
  markNotLoaded(part: NotLoaded | undefined): void {
    if (!part && !this.notLoaded) return;
    this.notLoaded = part;
    showNote(this.notLoadedNote, part ? notLoadedText(this.strings, part) : '');
    if (!part) {
      this.layout = '';
      return;
    }
    const firstDay = part.firstDay;
    if (firstDay === undefined) return;
    const title = (span: Coverage['cells'][number]): string =>
      formatMessage(this.strings.coverageCellNotLoaded, span.firstDay === span.lastDay ? span.firstDay : `${span.firstDay} – ${span.lastDay}`);
    for (const row of this.rows) {
      this.spans.forEach((span, index) => {
        const cell = row.cells[index];
        if (!cell || span.firstDay < firstDay) return;
        // Its count stays (0: nothing came for those days), so a later show() leaves the mark alone.
        cell.className = 'cell not-loaded';
        cell.title = title(span);
      });
    }
    // Cells can be a pixel wide: a hatched band over each strip shows the part at any width.
    const first = this.spans.findIndex((span) => span.firstDay >= firstDay);
    if (first < 0) return;
    this.rows.forEach((row, index) => {
      const strip = row.cells[0]?.parentElement;
      if (!strip || strip.querySelector(':scope > .not-loaded-band')) return;
      const band = el('div', { className: 'not-loaded-band' }, index === 0 ? el('span', { className: 'not-loaded-label', text: this.strings.notLoaded }) : undefined);
      band.style.left = `${(100 * first) / this.spans.length}%`;
      strip.append(band);
    });
  }

  /** Whether the strip marks days as never loaded (render snapshot). */
  get marksNotLoaded(): boolean {
    return this.notLoaded !== undefined;
  }

  private build(coverage: Coverage, layout: string): void {
    this.layout = layout;
    this.rows = coverage.providers.map((provider) => {
      const cells = coverage.cells.map(() => el('span', { className: 'cell none' }));
      return { provider: provider.provider, days: el('span', { className: 'coverage-days muted' }), cells, counts: cells.map(() => -1) };
    });
    const strips = this.rows.map((row, index) => {
      const source = coverage.providers[index];
      const cells = el('div', { className: 'coverage-cells', attrs: { 'aria-hidden': 'true' } }, ...row.cells);
      cells.style.setProperty('--coverage-cells', String(row.cells.length));
      return el(
        'div',
        { className: 'coverage-row', attrs: { role: 'listitem' } },
        el(
          'span',
          { className: 'coverage-label' },
          el('span', { className: 'coverage-provider', text: row.provider, attrs: { title: row.provider } }),
          source && 'sourceType' in source ? this.sourceLabel(source.sourceType) : undefined,
        ),
        row.days,
        cells,
      );
    });
    const axis = el(
      'div',
      { className: 'coverage-row muted', attrs: { 'aria-hidden': 'true' } },
      el('span'),
      el('span'),
      el('div', { className: 'coverage-axis' }, el('span', { text: coverage.firstDay }), el('span', { text: coverage.lastDay })),
    );
    this.element.replaceChildren(el('div', { className: 'coverage', attrs: { role: 'list' } }, ...strips), axis, this.notLoadedNote);
  }

  /** The source type as sent, or "—" that says it was not sent. */
  private sourceLabel(sourceType: string | undefined): HTMLElement {
    return sourceType === undefined
      ? el('span', { className: 'coverage-source missing', text: MISSING, attrs: { title: this.strings.coverageSourceNotSent } })
      : el('span', { className: 'coverage-source muted', text: sourceType, attrs: { title: sourceType } });
  }
}
