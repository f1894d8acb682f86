// What the table's category cell and the chart's tooltip say about a reading's values: its AHA
// category, "implausible" with why (a reading in mmHg that cannot be a blood pressure), or "not mmHg".
import type { StoredSource } from '../../domain/bloodPressure/bloodPressureStoredSource';
import { DIASTOLIC_BOUNDS, SYSTOLIC_BOUNDS, type Implausibility } from '../../domain/bloodPressure/bloodPressurePlausibility';
import { categoryOfReading, implausibilityOfReading } from '../../domain/bloodPressure/bloodPressureUnits';
import type { BloodPressureStrings } from '../../shared/bloodPressureProtocol';
import { formatMessage } from '../common/dom';
import { categoryLabel } from './categoryColors';
import type { CellText } from './readingTime';

export function readingVerdict(source: StoredSource, index: number, strings: BloodPressureStrings): CellText {
  const systolic = source.systolicAt(index);
  const diastolic = source.diastolicAt(index);
  const unit = source.unit(index);
  const why = implausibilityOfReading(systolic, diastolic, unit);
  if (why !== undefined) return { text: strings.implausible, title: implausibleText(why, systolic, diastolic, strings), className: 'implausible' };
  const category = categoryOfReading(systolic, diastolic, unit);
  return category
    ? { text: categoryLabel(strings, category), className: `category category-${category}` }
    : { text: strings.notMmHg, title: formatMessage(strings.notMmHgHint, unit ?? ''), className: 'missing' };
}

function implausibleText(why: Implausibility, systolic: number, diastolic: number, strings: BloodPressureStrings): string {
  switch (why) {
    case 'notANumber':
      return strings.implausibleNotANumber;
    case 'notAboveDiastolic':
      return formatMessage(strings.implausibleNotAboveDiastolic, systolic, diastolic);
    case 'systolicOutOfBounds':
      return formatMessage(strings.implausibleSystolicBounds, systolic, SYSTOLIC_BOUNDS.min, SYSTOLIC_BOUNDS.max);
    case 'diastolicOutOfBounds':
      return formatMessage(strings.implausibleDiastolicBounds, diastolic, DIASTOLIC_BOUNDS.min, DIASTOLIC_BOUNDS.max);
  }
}
