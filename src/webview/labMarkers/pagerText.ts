// The pager line over the markers table: what the page says of the query's size ("Page 2 of 5 ·
// 230 markers in total", or "Page 2 · total not sent · more may follow"; a total the page
// contradicts is not repeated as fact), then what the filter kept, and when nothing matched, so.
import type { MarkerPaging } from '../../domain/labs/markerFacts';
import type { LabMarkersStrings } from '../../shared/labMarkersProtocol';
import { formatMessage } from '../common/dom';

export interface PagerFilter {
  /** Markers the filter kept. */
  visible: number;
  /** Markers on the page on screen. */
  onPage: number;
  /** Every marker of the query, when the filter searched them all. */
  all: number | undefined;
  /** The search of every page was cancelled. */
  searchCancelled: boolean;
}

export function pagerText(s: LabMarkersStrings, numbers: Intl.NumberFormat, paging: MarkerPaging, filter: PagerFilter): string {
  const parts = [paging.pages === undefined ? formatMessage(s.pageOnly, paging.current) : formatMessage(s.pageOf, paging.current, paging.pages)];
  const disagrees = paging.totalDisagrees;
  if (disagrees) {
    parts.push(
      disagrees.held === 1
        ? formatMessage(s.totalDisagreesOne, numbers.format(disagrees.total))
        : formatMessage(s.totalDisagrees, numbers.format(disagrees.held), numbers.format(disagrees.total)),
    );
  } else {
    parts.push(paging.total === undefined ? s.totalNotSent : formatMessage(s.totalMarkers, numbers.format(paging.total)));
  }
  if (paging.moreMayFollow) parts.push(s.moreMayFollow);
  let text = parts.join(' · ');
  if (filter.all !== undefined) {
    text += ` ${formatMessage(s.filteredAllStatus, numbers.format(filter.visible), numbers.format(filter.all))}`;
  } else if (filter.visible !== filter.onPage) {
    text += ` ${formatMessage(s.filteredStatus, filter.visible, filter.onPage)}`;
    if (filter.searchCancelled) text += ` ${s.searchCancelled}`;
  }
  if (filter.visible === 0) text += ` ${filter.all !== undefined ? s.noFilterMatchAll : s.noFilterMatch}`;
  return text;
}
