// One strip per provider: a cell per day (or per few days on long ranges), filled when it has
// readings. The visible "n of m days" text carries the same information for screen readers.
import type { Coverage } from '../../domain/bloodPressureCoverage';
import type { BloodPressureStrings } from '../../shared/bloodPressureProtocol';
import { el, formatMessage } from '../common/dom';

export function renderCoverage(container: HTMLElement, coverage: Coverage, strings: BloodPressureStrings): void {
  const rows = coverage.providers.map((provider) => {
    const cells = el('div', { className: 'coverage-cells', attrs: { 'aria-hidden': 'true' } });
    coverage.cells.forEach((cell, index) => {
      const count = provider.counts[index] ?? 0;
      const title =
        cell.firstDay === cell.lastDay
          ? formatMessage(strings.coverageCellDay, cell.firstDay, count)
          : formatMessage(strings.coverageCellRange, cell.firstDay, cell.lastDay, count);
      cells.append(el('span', { className: count > 0 ? 'cell has' : 'cell none', attrs: { title } }));
    });
    return el(
      'div',
      { className: 'coverage-row', attrs: { role: 'listitem' } },
      el('span', { className: 'coverage-provider', text: provider.provider }),
      el('span', {
        className: 'coverage-days muted',
        text: formatMessage(strings.coverageProviderDays, provider.daysWithReadings, coverage.totalDays),
      }),
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
  container.replaceChildren(el('div', { className: 'coverage', attrs: { role: 'list' } }, ...rows), axis);
}
