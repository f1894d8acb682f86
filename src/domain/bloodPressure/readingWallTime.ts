// The one rule for the time of a reading, wherever it shows (the readings table, the chart's
// tooltip, the summary's first and last, the CSV): the instant is the reading's `timestamp`; its
// wall time is shown at the reading's own `timezone_offset` when it sent one, else in the user's
// zone. When the two offsets disagree (a timestamp at +02:00 with a timezone_offset of 7380 s) the
// time at timezone_offset is shown everywhere alike, and the contract lens names the disagreement
// (src/api/contract/readingChecks.ts).
import { formatOffsetSeconds, formatWallTimeAtOffset } from './bloodPressureUnits';
import type { ZoneCalendar } from '../zonedTime';

export interface ReadingWallTime {
  /** `YYYY-MM-DD HH:mm:ss`, 24-hour. */
  text: string;
  /** `own`: at the reading's timezone_offset; `zone`: in the user's zone. */
  basis: 'own' | 'zone';
  /** `UTC+02:00` for the own offset, the zone's IANA name otherwise. */
  zoneText: string;
}

export function readingWallTime(epochMs: number, ownOffsetSeconds: number | undefined, zone: ZoneCalendar): ReadingWallTime {
  if (ownOffsetSeconds === undefined || !Number.isFinite(ownOffsetSeconds)) return { text: zone.formatWallTime(epochMs), basis: 'zone', zoneText: zone.zone };
  return { text: formatWallTimeAtOffset(epochMs, ownOffsetSeconds), basis: 'own', zoneText: `UTC${formatOffsetSeconds(ownOffsetSeconds)}` };
}
