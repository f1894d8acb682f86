import type { ProviderSummary } from '../../domain/bloodPressureSummary';
import type { ZoneCalendar } from '../../domain/zonedTime';
import type { BloodPressureStrings } from '../../shared/bloodPressureProtocol';
import { el } from '../common/dom';

export function renderSummary(
  container: HTMLElement,
  summaries: readonly ProviderSummary[],
  strings: BloodPressureStrings,
  zone: ZoneCalendar,
  numbers: Intl.NumberFormat,
): void {
  const oneDecimal = new Intl.NumberFormat(numbers.resolvedOptions().locale, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
  const headers = [
    strings.summaryProvider,
    strings.summarySourceTypes,
    strings.summaryCount,
    strings.summaryFirst,
    strings.summaryLast,
    strings.summaryMeanSystolic,
    strings.summaryMeanDiastolic,
  ];
  const numeric = new Set([2, 5, 6]);
  const head = el('tr', {}, ...headers.map((text, i) => el('th', { text, className: numeric.has(i) ? 'number' : '', attrs: { scope: 'col' } })));
  const body = el('tbody');
  for (const summary of summaries) {
    body.append(
      el(
        'tr',
        {},
        el('th', { text: summary.provider, attrs: { scope: 'row' } }),
        el('td', { text: summary.sourceTypes.join(', ') }),
        el('td', { className: 'number', text: numbers.format(summary.count) }),
        el('td', { className: 'mono', text: zone.formatWallTime(summary.firstMs) }),
        el('td', { className: 'mono', text: zone.formatWallTime(summary.lastMs) }),
        el('td', { className: 'number', text: oneDecimal.format(summary.meanSystolic) }),
        el('td', { className: 'number', text: oneDecimal.format(summary.meanDiastolic) }),
      ),
    );
  }
  container.replaceChildren(el('table', { className: 'plain summary' }, el('thead', {}, head), body));
}
