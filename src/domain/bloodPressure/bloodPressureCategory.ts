// Blood-pressure categories of the American Heart Association (2017 guideline). A reading falls in
// the highest category that either of its two values reaches.

export type BloodPressureCategory = 'normal' | 'elevated' | 'stage1' | 'stage2' | 'crisis';

/** Lowest to highest: the order of the chart bands and of the legend. */
export const BLOOD_PRESSURE_CATEGORIES: readonly BloodPressureCategory[] = [
  'normal',
  'elevated',
  'stage1',
  'stage2',
  'crisis',
];

export function bloodPressureCategory(systolic: number, diastolic: number): BloodPressureCategory {
  if (systolic > 180 || diastolic > 120) return 'crisis';
  if (systolic >= 140 || diastolic >= 90) return 'stage2';
  if (systolic >= 130 || diastolic >= 80) return 'stage1';
  if (systolic >= 120) return 'elevated';
  return 'normal';
}

export interface CategoryBand {
  category: BloodPressureCategory;
  /** Lower edge in mmHg, where the band is drawn from. */
  from: number;
  /** Upper edge in mmHg; Infinity for the open top band. */
  to: number;
}

/** The systolic thresholds drawn as horizontal bands behind the chart. */
export const SYSTOLIC_BANDS: readonly CategoryBand[] = [
  { category: 'normal', from: 0, to: 120 },
  { category: 'elevated', from: 120, to: 130 },
  { category: 'stage1', from: 130, to: 140 },
  { category: 'stage2', from: 140, to: 180 },
  { category: 'crisis', from: 180, to: Number.POSITIVE_INFINITY },
];

/** Diastolic thresholds (stage 1, stage 2, crisis) drawn as dashed lines over the bands. */
export const DIASTOLIC_THRESHOLDS: readonly { category: BloodPressureCategory; value: number }[] = [
  { category: 'stage1', value: 80 },
  { category: 'stage2', value: 90 },
  { category: 'crisis', value: 120 },
];
