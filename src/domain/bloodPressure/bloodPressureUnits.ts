// A reading's `unit` is a field, not a constant: the service may send readings in another unit
// (glucose in mg/dL, a percentage) beside mmHg. Categories, bands, the summary's figures and the
// chart's mmHg axis are for blood pressure in mmHg only; a reading in another unit is shown as
// sent and drawn on an axis of its own. A reading without a unit is taken as mmHg (the spec's unit)
// for drawing and figures, and its unit cell still says it was not sent.
import { bloodPressureCategory, type BloodPressureCategory } from './bloodPressureCategory';
import { implausibilityOf, type Implausibility } from './bloodPressurePlausibility';
import { formatOffsetMinutes } from '../zonedTime';

export const PRESSURE_UNIT = 'mmHg';

/** Whether a reading in `unit` is blood pressure in mmHg (undefined or '': none sent, taken as mmHg). */
export function isPressureUnit(unit: string | undefined | null): boolean {
  return unit === undefined || unit === null || unit === '' || unit === PRESSURE_UNIT || unit.trim().toLowerCase() === 'mmhg';
}

/**
 * The AHA category of a reading in mmHg; undefined for a reading in another unit or one that cannot
 * be a blood pressure (never categorised: see implausibilityOfReading).
 */
export function categoryOfReading(systolic: number, diastolic: number, unit: string | undefined | null): BloodPressureCategory | undefined {
  return isPressureUnit(unit) && implausibilityOf(systolic, diastolic) === undefined ? bloodPressureCategory(systolic, diastolic) : undefined;
}

/** Why a reading in mmHg (or without a unit) cannot be a blood pressure; undefined for a plausible one or another unit. */
export function implausibilityOfReading(systolic: number, diastolic: number, unit: string | undefined | null): Implausibility | undefined {
  return isPressureUnit(unit) ? implausibilityOf(systolic, diastolic) : undefined;
}

/**
 * The chart series a reading belongs to: its provider's for mmHg (or no unit), `provider` + the
 * unit for any other unit, drawn on that unit's own axis.
 */
export function chartSeriesKey(provider: string, unit: string | undefined): string {
  return isPressureUnit(unit) ? provider : `${provider}\u0000${unit}`;
}

/** The provider and the axis unit of a chart series key (PRESSURE_UNIT for the mmHg series). */
export function parseChartSeriesKey(key: string): { provider: string; unit: string } {
  const at = key.indexOf('\u0000');
  return at < 0 ? { provider: key, unit: PRESSURE_UNIT } : { provider: key.slice(0, at), unit: key.slice(at + 1) };
}

/** `+02:00` for a `timezone_offset` in seconds east of UTC (rounded to the minute). */
export function formatOffsetSeconds(seconds: number): string {
  return formatOffsetMinutes(Math.round(seconds / 60));
}

/** `YYYY-MM-DD HH:mm:ss` of an instant at a fixed offset from UTC (the reading's own). */
export function formatWallTimeAtOffset(epochMs: number, offsetSeconds: number): string {
  const wall = new Date(epochMs + Math.round(offsetSeconds / 60) * 60_000);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${String(wall.getUTCFullYear()).padStart(4, '0')}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())} ${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}`;
}
