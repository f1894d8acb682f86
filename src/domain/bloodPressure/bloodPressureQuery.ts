// The blood-pressure panel's query as the user edits it, and how its bounds map onto calendar days
// and instants of the user's zone.
import { isDateOnly, rangeBoundMs } from '../inputValidation';
import { addDays, DAY_MS, type ZoneCalendar } from '../zonedTime';
import type { DayRange } from '../coverage/bloodPressureCoverage';
import type { BloodPressureQuery } from '../../api/requests';
import { daysEndingOn } from '../coverage/diagnosisWindow';

export interface BloodPressureForm {
  startDate: string;
  /** Empty: up to now. */
  endDate: string;
  /** Provider slug; empty: every provider. */
  provider: string;
}

export const DEFAULT_RANGE_DAYS = 30;

export function sameBloodPressureForm(a: BloodPressureForm, b: BloodPressureForm): boolean {
  return a.startDate === b.startDate && a.endDate === b.endDate && a.provider === b.provider;
}

/** The last 30 days (today included), ending today in the user's zone. */
export function defaultBloodPressureForm(zone: ZoneCalendar, nowMs: number): BloodPressureForm {
  return formEndingOn({ startDate: '', endDate: '', provider: '' }, zone.dayKey(nowMs));
}

/** `days` calendar days ending on `day` (daysEndingOn), same provider. */
export function formEndingOn(form: BloodPressureForm, day: string, days = DEFAULT_RANGE_DAYS): BloodPressureForm {
  const range = daysEndingOn(day, days);
  return { ...form, startDate: range.firstDay, endDate: range.lastDay };
}

/** First and last instant the form covers; date-only bounds are whole days of the user's zone. */
export function formBoundsMs(form: BloodPressureForm, zone: ZoneCalendar, nowMs: number): { startMs: number; endMs: number } {
  const startMs = isDateOnly(form.startDate) ? zone.startOfDay(form.startDate) : rangeBoundMs(form.startDate, 'start');
  const endMs =
    form.endDate === ''
      ? nowMs
      : isDateOnly(form.endDate)
        ? zone.startOfDay(form.endDate) + DAY_MS - 1
        : rangeBoundMs(form.endDate, 'end');
  return { startMs, endMs };
}

/** Calendar days of the form's range in the user's zone. */
export function formDayRange(form: BloodPressureForm, zone: ZoneCalendar, nowMs: number): DayRange {
  const firstDay = isDateOnly(form.startDate) ? form.startDate : zone.dayKey(rangeBoundMs(form.startDate, 'start'));
  const lastDay =
    form.endDate === ''
      ? zone.dayKey(nowMs)
      : isDateOnly(form.endDate)
        ? form.endDate
        : zone.dayKey(rangeBoundMs(form.endDate, 'end'));
  return { firstDay, lastDay: lastDay < firstDay ? firstDay : lastDay };
}

/** The API query of a form: empty fields are left out. */
export function bloodPressureQueryOf(form: BloodPressureForm): BloodPressureQuery {
  const query: BloodPressureQuery = { startDate: form.startDate.trim() };
  if (form.endDate.trim() !== '') query.endDate = form.endDate.trim();
  if (form.provider.trim() !== '') query.provider = form.provider.trim();
  return query;
}

/** `days` calendar days starting on `day` (that day included), same provider. */
export function formStartingOn(form: BloodPressureForm, day: string, days = DEFAULT_RANGE_DAYS): BloodPressureForm {
  return { ...form, startDate: day, endDate: addDays(day, Math.max(1, days) - 1) };
}
