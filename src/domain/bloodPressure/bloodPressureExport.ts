import type { ReadingGroup } from './bloodPressureGroups';
import { IMPLAUSIBILITY_CODES } from './bloodPressurePlausibility';
import { categoryOfReading, implausibilityOfReading } from './bloodPressureUnits';
import { readingWallTime } from './readingWallTime';
import { toCsv, type CsvCell } from '../csv';
import type { ZoneCalendar } from '../zonedTime';

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
  'implausible',
  'device_id',
  'app_id',
] as const;

/**
 * One line per reading, grouped like the table. `local_time` is the wall time in the reading's own
 * `timezone_offset` when it sent one (`time_zone` then says `UTC+02:00`), else in the user's zone.
 * A value not sent is an empty cell; `category` is empty for a reading in another unit than mmHg
 * and for one that cannot be a blood pressure, whose `implausible` cell then says why
 * (IMPLAUSIBILITY_CODES, e.g. `systolic_not_above_diastolic`).
 */
export function bloodPressureCsv(groups: readonly ReadingGroup[], zone: ZoneCalendar): string {
  function* rows(): Generator<CsvCell[]> {
    for (const group of groups) {
      for (const reading of group.readings) {
        const own = reading.ownOffsetSeconds;
        const wall = readingWallTime(reading.epochMs, own, zone);
        yield [
          group.provider,
          group.sourceType,
          reading.timestamp,
          wall.text,
          wall.zoneText,
          own,
          reading.systolic,
          reading.diastolic,
          reading.unit,
          categoryOfReading(reading.systolic, reading.diastolic, reading.unit),
          implausibleCode(reading.systolic, reading.diastolic, reading.unit),
          reading.deviceId,
          reading.appId,
        ];
      }
    }
  }
  return toCsv(BLOOD_PRESSURE_CSV_HEADER, rows());
}

function implausibleCode(systolic: number, diastolic: number, unit: string | undefined): string | undefined {
  const why = implausibilityOfReading(systolic, diastolic, unit);
  return why === undefined ? undefined : IMPLAUSIBILITY_CODES[why];
}

/** A reading the JSON export names as implausible, beside the groups it keeps exactly as sent. */
export interface ImplausibleReadingJson {
  provider: string;
  source_type: string | null;
  timestamp: string;
  systolic: number;
  diastolic: number;
  unit: string | null;
  reason: string;
}

/** Every reading that cannot be a blood pressure, in group order: the JSON export's `implausible_readings`. */
export function implausibleReadingsJson(groups: readonly ReadingGroup[]): ImplausibleReadingJson[] {
  const found: ImplausibleReadingJson[] = [];
  for (const group of groups) {
    for (const reading of group.readings) {
      const reason = implausibleCode(reading.systolic, reading.diastolic, reading.unit);
      if (reason === undefined) continue;
      found.push({
        provider: group.provider,
        source_type: group.sourceType ?? null,
        timestamp: reading.timestamp,
        systolic: reading.systolic,
        diastolic: reading.diastolic,
        unit: reading.unit ?? null,
        reason,
      });
    }
  }
  return found;
}
