// Category labels and theme colour lookup of the chart (the variables live in domain/chartColors).
import type { BloodPressureCategory } from '../../domain/bloodPressure/bloodPressureCategory';
import type { BloodPressureStrings } from '../../shared/bloodPressureProtocol';

export function categoryLabel(strings: BloodPressureStrings, category: BloodPressureCategory): string {
  switch (category) {
    case 'normal':
      return strings.categoryNormal;
    case 'elevated':
      return strings.categoryElevated;
    case 'stage1':
      return strings.categoryStage1;
    case 'stage2':
      return strings.categoryStage2;
    case 'crisis':
      return strings.categoryCrisis;
  }
}

/** Current value of a theme variable (themes change at runtime, so read it when drawing). */
export function themeColor(variable: string, fallback: string): string {
  return getComputedStyle(document.body).getPropertyValue(variable).trim() || fallback;
}
