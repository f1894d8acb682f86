// The date-range presets beside the blood-pressure query bar, and the day stepping of its date
// fields (arrow keys), all in the user's zone so "last 7 days" means the user's last 7 days.
import { isApiDate, isDateOnly } from '../inputValidation';
import { DEFAULT_RANGE_DAYS, formEndingOn, type BloodPressureForm } from './bloodPressureQuery';
import { addDays, type ZoneCalendar } from '../zonedTime';

export const RANGE_PRESETS = ['last7', 'last30', 'last90', 'lastYear', 'sinceIngestion'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

const PRESET_DAYS: Record<Exclude<RangePreset, 'lastYear' | 'sinceIngestion'>, number> = {
  last7: 7,
  last30: DEFAULT_RANGE_DAYS,
  last90: 90,
};

/** The user's first ingested day in their zone, from `ingestion_start` (a day or a date-time). */
export function ingestionStartDay(ingestionStart: string | null | undefined, zone: ZoneCalendar): string | undefined {
  if (!ingestionStart) return undefined;
  if (isDateOnly(ingestionStart)) return ingestionStart;
  return isApiDate(ingestionStart) ? zone.dayKey(Date.parse(ingestionStart)) : undefined;
}

/**
 * The form a preset asks for, ending today in the user's zone (same provider). Undefined for
 * "since ingestion start" when the user has none. "Last N days" is N calendar days, today included
 * (daysEndingOn), as the panel's default range, the diagnosis and the scan count theirs.
 */
export function presetForm(
  form: BloodPressureForm,
  preset: RangePreset,
  today: string,
  ingestionStart: string | undefined,
): BloodPressureForm | undefined {
  switch (preset) {
    case 'last7':
    case 'last30':
    case 'last90':
      return formEndingOn(form, today, PRESET_DAYS[preset]);
    case 'lastYear':
      // The day after the same day a year before: a year of calendar days, today included.
      return { ...form, startDate: addDays(sameDayYearBefore(today), 1), endDate: today };
    case 'sinceIngestion':
      return ingestionStart ? { ...form, startDate: ingestionStart < today ? ingestionStart : today, endDate: today } : undefined;
  }
}

/** Which preset the form's range is, if any (its button shows as pressed). */
export function presetOf(form: BloodPressureForm, today: string, ingestionStart: string | undefined): RangePreset | undefined {
  return RANGE_PRESETS.find((preset) => {
    const candidate = presetForm(form, preset, today, ingestionStart);
    return candidate !== undefined && candidate.startDate === form.startDate && candidate.endDate === form.endDate;
  });
}

/** ArrowUp/ArrowDown in a date field: the day after/before a `YYYY-MM-DD` value; other text unchanged. */
export function stepDay(value: string, days: number): string {
  const trimmed = value.trim();
  return isDateOnly(trimmed) ? addDays(trimmed, days) : value;
}

function sameDayYearBefore(day: string): string {
  const year = Number(day.slice(0, 4)) - 1;
  const monthDay = day.slice(5) === '02-29' ? '02-28' : day.slice(5);
  return `${String(year).padStart(4, '0')}-${monthDay}`;
}
