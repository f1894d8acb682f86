// Time in one IANA time zone, and calendar days, without a date library. One import for the three
// parts: the zone's calendar (offsets, day of an instant, wall time), a reading's timestamp, and
// `YYYY-MM-DD` day arithmetic.

export { ZoneCalendar, formatOffsetMinutes } from './zoneCalendar';
export { offsetText, parseInstant, parseTimestamp, readTimestamp, timestampFields, type ParsedTimestamp, type TimestampFields } from './readingTimestamps';
export { addDays, DAY_MS, dayCount, dayIndexOfKey, dayKeyOfIndex, daysBetween, isoDate } from './dayKeys';
