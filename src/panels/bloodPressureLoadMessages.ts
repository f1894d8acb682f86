// The messages that tell the blood-pressure webview what a load brought: each page as the columns
// it appends (the API's own objects stay in the host for the exports), the load's end, and, for a
// webview made again after it was hidden, the whole load over again in the same order.
import type { GroupedBloodPressure } from '../api/schemas';
import { columnsOfPage } from '../domain/bloodPressure/bloodPressureColumns';
import { readingsIn } from '../domain/bloodPressure/bloodPressureGroups';
import type { BloodPressureForm } from '../domain/bloodPressure/bloodPressureQuery';
import type { ZoneCalendar } from '../domain/zonedTime';
import type { BloodPressureHostMessage } from '../shared/bloodPressureProtocol';

type Message<T extends BloodPressureHostMessage['type']> = Extract<BloodPressureHostMessage, { type: T }>;

/** What a load holds: its pages as they came, whether it ended, and the readings nearest an empty range. */
export interface LoadHeld {
  pages: readonly GroupedBloodPressure[];
  finished: { cancelled: boolean } | undefined;
  nearest: Message<'nearest'> | undefined;
}

export function pageMessage(page: GroupedBloodPressure, pageNumber: number, readingsLoaded: number, zone: ZoneCalendar): Message<'page'> {
  return { type: 'page', columns: columnsOfPage(page.groups, zone), pageNumber, readingsLoaded };
}

export function completeMessage(pages: readonly GroupedBloodPressure[], cancelled: boolean): Message<'complete'> {
  const readings = pages.reduce((sum, page) => sum + readingsIn(page.groups), 0);
  return { type: 'complete', pages: pages.length, readings, cancelled };
}

/** A new webview gets what the old one had: the load started, its pages, its end and the nearest readings. */
export function replayMessages(held: LoadHeld, form: BloodPressureForm, load: number, zone: ZoneCalendar): BloodPressureHostMessage[] {
  const messages: BloodPressureHostMessage[] = [{ type: 'loading', form, load }];
  let readings = 0;
  held.pages.forEach((page, index) => {
    readings += readingsIn(page.groups);
    messages.push(pageMessage(page, index + 1, readings, zone));
  });
  if (held.finished) messages.push(completeMessage(held.pages, held.finished.cancelled));
  if (held.nearest) messages.push(held.nearest);
  return messages;
}
