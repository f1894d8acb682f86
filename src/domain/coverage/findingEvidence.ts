// Where the evidence of each finding is: the blood-pressure range (and provider) that shows it, so
// the diagnosis can open the BP panel right there. Pure: the panel turns it into a command call.
import type { BloodPressureForm } from '../bloodPressure/bloodPressureQuery';
import type { DayRange } from './bloodPressureCoverage';
import type { Finding } from './dataDiagnosis';
import { addDays } from '../zonedTime';

/** Days shown before the day a finding is about (a stop, a last reading). */
const LEAD_IN_DAYS = 29;
/** Days shown either side of a gap or a range. */
const MARGIN_DAYS = 3;

/** The blood-pressure query that shows the finding's evidence; undefined when readings cannot show it. */
export function evidenceRange(finding: Finding, window: DayRange): BloodPressureForm | undefined {
  const all = (firstDay: string, lastDay: string, provider = ''): BloodPressureForm => ({ startDate: firstDay, endDate: lastDay, provider });
  switch (finding.kind) {
    case 'sourceDelivering':
    case 'sourceCapabilityUnknown':
      return all(window.firstDay, window.lastDay, finding.provider);
    case 'deliveredWithoutConnection':
    case 'sourceStopped':
    case 'lastReading':
      return all(addDays(finding.lastDay, -LEAD_IN_DAYS), maxDay(addDays(finding.lastDay, MARGIN_DAYS), window.lastDay), finding.provider);
    case 'sourceNeverDelivered':
      // Empty by definition: the panel's empty state looks for the nearest readings.
      return all(minDay(finding.connectedOn ?? window.firstDay, window.firstDay), window.lastDay, finding.provider);
    case 'gap':
      return all(addDays(finding.firstDay, -MARGIN_DAYS), minDay(addDays(finding.lastDay, MARGIN_DAYS), window.lastDay));
    case 'windowStartsBeforeIngestion':
      return all(window.firstDay, window.lastDay);
    case 'windowEndsAfterIngestion':
      return all(addDays(finding.ingestionEnd, -LEAD_IN_DAYS), window.lastDay);
    case 'offsetsDiffer':
      return all(finding.firstDay, finding.lastDay);
    case 'fallbackTimeZone':
      return finding.changedInWindow && finding.updatedOn !== undefined ? all(addDays(finding.updatedOn, -MARGIN_DAYS * 2), window.lastDay) : undefined;
    case 'sourceCannotMeasure':
    case 'noFallbackTimeZone':
      return undefined;
  }
}

function minDay(a: string, b: string): string {
  return a < b ? a : b;
}

function maxDay(a: string, b: string): string {
  return a > b ? a : b;
}
