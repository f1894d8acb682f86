// Whether an mmHg reading can be a blood pressure at all. A vendor sent 13.7/97 and 11.2/73 mmHg
// (kPa or a misplaced decimal point): such a reading is shown as sent and marked implausible, never
// categorised and left out of the summary's figures. Readings in another unit are not judged here:
// they are never categorised anyway (bloodPressureUnits.ts).
//
// Bounds: systolic 40–300 mmHg, diastolic 20–200 mmHg. Home and clinic cuff monitors measure cuff
// pressure from 0 to about 300 mmHg (e.g. Omron's upper-arm monitors state 0–299 mmHg), so a value
// above 300 cannot have come from one; a systolic below 40 or a diastolic below 20 is below what a
// cuff can detect in a living, conscious person (oscillometric monitors report an error there). The
// bounds are deliberately wide: they catch unit and transcription errors, not unusual patients.
// Systolic pressure is the peak of the pulse and diastolic its trough, so systolic must be above
// diastolic; equal values are no pulse either.

export const SYSTOLIC_BOUNDS = { min: 40, max: 300 } as const;
export const DIASTOLIC_BOUNDS = { min: 20, max: 200 } as const;

/** Why an mmHg reading cannot be a blood pressure, first reason first. */
export type Implausibility = 'notANumber' | 'notAboveDiastolic' | 'systolicOutOfBounds' | 'diastolicOutOfBounds';

/** The reason an mmHg reading is implausible; undefined when it can be a blood pressure. */
export function implausibilityOf(systolic: number, diastolic: number): Implausibility | undefined {
  if (!Number.isFinite(systolic) || !Number.isFinite(diastolic)) return 'notANumber';
  if (systolic <= diastolic) return 'notAboveDiastolic';
  if (systolic < SYSTOLIC_BOUNDS.min || systolic > SYSTOLIC_BOUNDS.max) return 'systolicOutOfBounds';
  if (diastolic < DIASTOLIC_BOUNDS.min || diastolic > DIASTOLIC_BOUNDS.max) return 'diastolicOutOfBounds';
  return undefined;
}

/** implausibilityOf(...) === undefined, without the reason: the summary's sums call it for every reading. */
export function isPlausible(systolic: number, diastolic: number): boolean {
  // NaN fails every comparison, and ±Infinity fails a bound.
  return (
    systolic > diastolic &&
    systolic >= SYSTOLIC_BOUNDS.min &&
    systolic <= SYSTOLIC_BOUNDS.max &&
    diastolic >= DIASTOLIC_BOUNDS.min &&
    diastolic <= DIASTOLIC_BOUNDS.max
  );
}

/** The reason in the exports' words (a CSV cell, a JSON value): stable snake_case codes. */
export const IMPLAUSIBILITY_CODES: Record<Implausibility, string> = {
  notANumber: 'not_a_number',
  notAboveDiastolic: 'systolic_not_above_diastolic',
  systolicOutOfBounds: 'systolic_outside_40_300_mmhg',
  diastolicOutOfBounds: 'diastolic_outside_20_200_mmhg',
};
