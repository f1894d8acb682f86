import { bloodPressureCategory } from './bloodPressureCategory';
import type { ReadingGroup } from './bloodPressureGroups';
import { toCsv, type CsvCell } from './csv';
import type { ZoneCalendar } from './zonedTime';

export const BLOOD_PRESSURE_CSV_HEADER = [
  'provider',
  'source_type',
  'timestamp',
  'local_time',
  'time_zone',
  'systolic',
  'diastolic',
  'unit',
  'category',
] as const;

/** One line per reading, grouped like the table; `local_time` is in the user's zone. */
export function bloodPressureCsv(groups: readonly ReadingGroup[], zone: ZoneCalendar): string {
  function* rows(): Generator<CsvCell[]> {
    for (const group of groups) {
      for (const reading of group.readings) {
        yield [
          group.provider,
          group.sourceType,
          reading.timestamp,
          zone.formatWallTime(reading.epochMs),
          zone.zone,
          reading.systolic,
          reading.diastolic,
          reading.unit,
          bloodPressureCategory(reading.systolic, reading.diastolic),
        ];
      }
    }
  }
  return toCsv(BLOOD_PRESSURE_CSV_HEADER, rows());
}
