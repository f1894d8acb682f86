// How a cancelled load shows the part of its range never loaded (src/domain/bloodPressure/notLoaded.ts):
// a hatched, labelled band over the chart's plot from the last reading on, hatched coverage cells
// for those days, and a note naming the days. Nothing is drawn while a load runs or after one that
// finished.
import type uPlot from 'uplot';
import type { NotLoaded } from '../../domain/bloodPressure/notLoaded';
import type { BloodPressureStrings } from '../../shared/bloodPressureProtocol';
import { el, formatMessage } from '../common/dom';

/** The note under the chart and the strip: "Not loaded (cancelled): <day> to <day>". */
export function notLoadedText(strings: BloodPressureStrings, part: NotLoaded): string {
  return formatMessage(strings.notLoadedNote, part.firstDay ?? part.lastDay, part.lastDay);
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
