// How a cancelled load shows the part of its range never loaded (src/domain/bloodPressure/notLoaded.ts):
// a hatched, labelled band over the chart's plot from the last reading on, hatched coverage cells
// for those days, and a note naming the days. Nothing is drawn while a load runs or after one that
// finished.
import type uPlot from 'uplot';
import { loadedDays, type NotLoaded } from '../../domain/bloodPressure/notLoaded';
import type { BloodPressureStrings } from '../../shared/bloodPressureProtocol';
import { el, formatMessage } from '../common/dom';

/** The note under the chart and the strip: "Not loaded (cancelled): <day> to <day>". */
export function notLoadedText(strings: BloodPressureStrings, part: NotLoaded): string {
  return formatMessage(strings.notLoadedNote, part.firstDay ?? part.lastDay, part.lastDay);
}

/**
 * A coverage row's days: "95 of 365 days"; after a cancel only the loaded days are the total and the
 * rest is named, "95 of 95 loaded days; 270 not loaded".
 */
export function coverageDaysText(
  strings: BloodPressureStrings,
  daysWithReadings: number,
  strip: { firstDay: string; lastDay: string; totalDays: number },
  part: NotLoaded | undefined,
): string {
  const days = loadedDays(strip, part);
  return days.notLoaded > 0
    ? formatMessage(strings.coverageProviderLoadedDays, daysWithReadings, days.loaded, days.notLoaded)
    : formatMessage(strings.coverageProviderDays, daysWithReadings, days.loaded);
}

/** The band over the chart's plot from `part.fromMs` to its right edge (or none); after each draw. */
export function placeChartBand(plot: uPlot, part: NotLoaded | undefined, label: string): void {
  let band = plot.over.querySelector<HTMLElement>(':scope > .not-loaded-band');
  if (!part) {
    band?.remove();
    return;
  }
  if (!band) {
    band = el('div', { className: 'not-loaded-band', attrs: { 'aria-hidden': 'true' } }, el('span', { className: 'not-loaded-label', text: label }));
    plot.over.append(band);
  }
  band.style.left = `${Math.max(0, plot.valToPos(part.fromMs / 1000, 'x'))}px`;
}
