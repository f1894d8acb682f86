// The page's heading: whose readings, and in which time zone they are shown.
import type { ZoneCalendar } from '../../domain/zonedTime';
import type { BloodPressureStrings, BloodPressureUserView } from '../../shared/bloodPressureProtocol';
import { el, formatMessage } from '../common/dom';

export function pageHeading(strings: BloodPressureStrings, user: BloodPressureUserView, zone: ZoneCalendar): HTMLElement[] {
  const zoneNote = user.timeZoneFromUser ? formatMessage(strings.timeZoneNote, zone.zone) : formatMessage(strings.timeZoneMissing, zone.zone);
  return [el('h1', { text: formatMessage(strings.heading, user.clientUserId) }), el('div', { className: 'subtitle', text: `${user.userId} · ${zoneNote}` })];
}
