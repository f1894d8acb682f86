import type { ReadingGroup } from './bloodPressureGroups';
import { categoryOfReading, formatOffsetSeconds, formatWallTimeAtOffset } from './bloodPressureUnits';
import { toCsv, type CsvCell } from './csv';
import type { ZoneCalendar } from './zonedTime';

export const BLOOD_PRESSURE_CSV_HEADER = [
  'provider',
  'source_type',
  'timestamp',
  'local_time',
  'time_zone',
  'timezone_offset',
  'systolic',
  'diastolic',
  'unit',
  'category',
  'device_id',
  'app_id',
] as const;

/**
 * One line per reading, grouped like the table. `local_time` is the wall time in the reading's own
 * `timezone_offset` when it sent one (`time_zone` then says `UTC+02:00`), else in the user's zone.
 * A value not sent is an empty cell; `category` is empty for a reading in another unit than mmHg.
 */
export function bloodPressureCsv(groups: readonly ReadingGroup[], zone: ZoneCalendar): string {
  function* rows(): Generator<CsvCell[]> {
    for (const group of groups) {
      for (const reading of group.readings) {
        const own = reading.ownOffsetSeconds;
        yield [
          group.provider,
          group.sourceType,
          reading.timestamp,
          own === undefined ? zone.formatWallTime(reading.epochMs) : formatWallTimeAtOffset(reading.epochMs, own),
          own === undefined ? zone.zone : `UTC${formatOffsetSeconds(own)}`,
          own,
          reading.systolic,
          reading.diastolic,
          reading.unit,
          categoryOfReading(reading.systolic, reading.diastolic, reading.unit),
          reading.deviceId,
          reading.appId,
        ];
      }
    }
  }
  return toCsv(BLOOD_PRESSURE_CSV_HEADER, rows());
}
