// The text of one reading's time, offset and the values its service may leave out, shared by the
// table and the chart's tooltip. The time is the wall time in the reading's own `timezone_offset`
// when it sent one, else in the user's zone; the offset says which: the reading's own offset, else
// the one written in its timestamp, else "—" (not sent). A missing value is "—" with a tooltip.
import type { StoredSource } from '../../domain/bloodPressure/bloodPressureStoredSource';
import { formatOffsetSeconds } from '../../domain/bloodPressure/bloodPressureUnits';
import { readingWallTime } from '../../domain/bloodPressure/readingWallTime';
import type { ZoneCalendar } from '../../domain/zonedTime';
import type { BloodPressureStrings } from '../../shared/bloodPressureProtocol';
import { formatMessage } from '../common/dom';

export const MISSING = '—';

export interface CellText {
  text: string;
  /** The tooltip; for a missing value it says that it was not sent. */
  title?: string;
  className?: string;
}

/** A value as sent, or a quiet "—" that says it was not sent. */
export function sentText(value: string | undefined, strings: BloodPressureStrings): CellText {
  return value === undefined ? { text: MISSING, title: strings.notSent, className: 'missing' } : { text: value, title: value };
}

/** The reading's time by the one rule (src/domain/bloodPressure/readingWallTime.ts), with a tooltip that says which offset. */
export function readingTime(source: StoredSource, index: number, zone: ZoneCalendar, strings: BloodPressureStrings): CellText {
  return wallTimeText(source.timeAt(index), source.ownOffsetSeconds(index), zone, strings);
}

/** A time by the one rule, for any reading (the summary's first and last too). */
export function wallTimeText(epochMs: number, own: number | undefined, zone: ZoneCalendar, strings: BloodPressureStrings): CellText {
  const wall = readingWallTime(epochMs, own, zone);
  return wall.basis === 'zone' || own === undefined
    ? { text: wall.text, title: formatMessage(strings.timeInZone, zone.zone) }
    : { text: wall.text, title: formatMessage(strings.timeInOwnOffset, formatOffsetSeconds(own), own) };
}

export function readingOffset(source: StoredSource, index: number, strings: BloodPressureStrings): CellText {
  const own = source.ownOffsetSeconds(index);
  if (own !== undefined && Number.isFinite(own)) return { text: formatOffsetSeconds(own), title: formatMessage(strings.offsetOwn, own) };
  const written = source.originalOffset(index);
  if (written !== undefined) return { text: written, title: strings.offsetWritten };
  return { text: MISSING, title: strings.offsetNotSent, className: 'missing' };
}
