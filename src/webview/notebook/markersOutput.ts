// Markers of a lab-test or order-set result in the lab panel's own grid (expected results and AOE
// questions expand under a marker; headers sort).
import type { ResultBodyView } from '../../notebook/resultPresentation';
import type { NotebookRendererStrings } from '../../shared/notebookRendererProtocol';
import { el, formatMessage } from '../common/dom';
import { MarkersGrid } from '../labMarkers/markersGrid';

type MarkersBody = Extract<ResultBodyView, { kind: 'markers' }>;

export function markersOutput(body: MarkersBody, strings: NotebookRendererStrings): HTMLElement {
  const o = strings.output;
  const numbers = new Intl.NumberFormat(strings.locale);
  const notes: HTMLElement[] = [];
  if (body.skipped > 0) notes.push(el('p', { className: 'note', text: formatMessage(o.markersSkipped, numbers.format(body.skipped)) }));
  if (body.markers.length === 0) return el('div', { className: 'markers-output' }, el('p', { className: 'empty', text: o.noMarkers }), ...notes);
  const grid = new MarkersGrid(strings.labMarkers, strings.locale, { results: [], aoe: [] }, () => undefined);
  grid.render(body.markers, body.pricing);
  return el('div', { className: 'markers-output' }, el('p', { className: 'muted', text: formatMessage(o.markersCount, numbers.format(body.markers.length)) }), ...notes, grid.element);
}
