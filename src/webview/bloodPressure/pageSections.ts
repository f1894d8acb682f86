// The blood-pressure page's sections (chart, coverage, summary, table): each a headed region,
// shown only when it has something to show.
import type { BloodPressureStrings } from '../../shared/bloodPressureProtocol';
import { el } from '../common/dom';

export type Section = 'chart' | 'coverage' | 'summary' | 'table';

export type Sections = Record<Section, HTMLElement>;

/** Each section's content under its heading. */
export function createSections(strings: BloodPressureStrings, content: Sections): Sections {
  const section = (heading: string, ...inner: HTMLElement[]): HTMLElement =>
    el('section', { attrs: { 'aria-label': heading } }, el('h2', { text: heading }), ...inner);
  return {
    chart: section(strings.chartHeading, content.chart),
    coverage: section(strings.coverageHeading, content.coverage),
    summary: section(strings.summaryHeading, content.summary),
    table: section(strings.tableHeading, content.table),
  };
}

export function showSections(sections: Sections, visible: readonly Section[]): void {
  for (const [name, section] of Object.entries(sections) as [Section, HTMLElement][]) section.hidden = !visible.includes(name);
}
