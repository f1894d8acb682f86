import type { ProviderSummary } from '../../domain/bloodPressure/bloodPressureSummary';
import type { ZoneCalendar } from '../../domain/zonedTime';
import type { BloodPressureStrings } from '../../shared/bloodPressureProtocol';
import { el } from '../common/dom';
import { MISSING, wallTimeText, type CellText } from './readingTime';

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
    strings.summaryOtherUnits,
    strings.summaryImplausible,
  ];
  const numeric = new Set([2, 5, 6, 8]);
  // Means are of the mmHg readings only; a provider without one has none ("—", with the reason).
  const mean = (value: number): HTMLElement =>
    Number.isFinite(value)
      ? el('td', { className: 'number', text: oneDecimal.format(value) })
      : el('td', { className: 'number missing', text: MISSING, attrs: { title: strings.summaryNoPressure } });
  const sourceType = (type: string | undefined): HTMLElement =>
    type === undefined ? el('span', { className: 'missing', text: MISSING, attrs: { title: strings.notSent } }) : el('span', { text: type });
  const head = el('tr', {}, ...headers.map((text, i) => el('th', { text, className: numeric.has(i) ? 'number' : '', attrs: { scope: 'col' } })));
  const body = el('tbody');
  for (const summary of summaries) {
    body.append(
      el(
        'tr',
        {},
        el('th', { text: summary.provider, attrs: { scope: 'row' } }),
        el('td', {}, ...summary.sourceTypes.flatMap((type, i) => (i === 0 ? [sourceType(type)] : [', ', sourceType(type)]))),
        el('td', { className: 'number', text: numbers.format(summary.count) }),
        timeCell(wallTimeText(summary.firstMs, summary.firstOwnOffsetSeconds, zone, strings)),
        timeCell(wallTimeText(summary.lastMs, summary.lastOwnOffsetSeconds, zone, strings)),
        mean(summary.meanSystolic),
        mean(summary.meanDiastolic),
        el('td', { text: otherUnitsText(summary.otherUnits, numbers) }),
        el('td', {
          className: summary.implausibleCount > 0 ? 'number implausible' : 'number',
          text: numbers.format(summary.implausibleCount),
          attrs: { title: strings.summaryImplausibleHint },
        }),
      ),
    );
  }
  container.replaceChildren(el('table', { className: 'plain summary' }, el('thead', {}, head), body));
}

/** `3 mg/dL, 1 %`: readings per other unit, as sent; `0` when every reading was in mmHg. */
function otherUnitsText(otherUnits: Readonly<Record<string, number>>, numbers: Intl.NumberFormat): string {
  const entries = Object.entries(otherUnits);
  if (entries.length === 0) return numbers.format(0);
  return entries.map(([unit, count]) => `${numbers.format(count)} ${unit}`).join(', ');
}

/** First and last by the table's one time rule, with the same tooltip (which offset). */
function timeCell(time: CellText): HTMLElement {
  return el('td', { className: 'mono', text: time.text, attrs: time.title ? { title: time.title } : {} });
}
