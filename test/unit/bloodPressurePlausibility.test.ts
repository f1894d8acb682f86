// Issue 28.2: a reading that cannot be a blood pressure (13.7/97 mmHg from a vendor) is marked
// implausible, never categorised, and left out of the summary's figures with a count.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import type { GroupedBloodPressure } from '../../src/api/schemas';
import { columnsOfPage } from '../../src/domain/bloodPressure/bloodPressureColumns';
import { bloodPressureCsv, implausibleReadingsJson } from '../../src/domain/bloodPressure/bloodPressureExport';
import { groupReadings } from '../../src/domain/bloodPressure/bloodPressureGroups';
import { DIASTOLIC_BOUNDS, implausibilityOf, isPlausible, SYSTOLIC_BOUNDS } from '../../src/domain/bloodPressure/bloodPressurePlausibility';
import { ReadingStore } from '../../src/domain/bloodPressure/bloodPressureStore';
import { summarizeByProvider } from '../../src/domain/bloodPressure/bloodPressureSummary';
import { categoryOfReading, implausibilityOfReading } from '../../src/domain/bloodPressure/bloodPressureUnits';
import { ZoneCalendar } from '../../src/domain/zonedTime';

const utc = new ZoneCalendar('UTC');

/** What the vendor stand-in sent: two readings in kPa-like figures beside two real ones. */
const vendorPage: GroupedBloodPressure['groups'] = {
  omron: [
    {
      source: { provider: 'omron', type: 'cuff' },
      data: [
        { timestamp: '2026-03-01T08:00:00Z', systolic: 13.7, diastolic: 97, unit: 'mmHg' },
        { timestamp: '2026-03-01T09:00:00Z', systolic: 120, diastolic: 80, unit: 'mmHg' },
        { timestamp: '2026-03-01T10:00:00Z', systolic: 11.2, diastolic: 73 },
        { timestamp: '2026-03-01T11:00:00Z', systolic: 140, diastolic: 90, unit: 'mmHg' },
        { timestamp: '2026-03-01T12:00:00Z', systolic: 1005, diastolic: 80, unit: 'mmHg' },
        { timestamp: '2026-03-01T13:00:00Z', systolic: 1600, diastolic: 900, unit: 'mg/dL' },
      ],
    },
  ],
};

describe('plausibility of a blood pressure in mmHg', () => {
  test('systolic not above diastolic is no blood pressure, whatever the bounds', () => {
    assert.equal(implausibilityOf(13.7, 97), 'notAboveDiastolic');
    assert.equal(implausibilityOf(11.2, 73), 'notAboveDiastolic');
    assert.equal(implausibilityOf(90, 90), 'notAboveDiastolic', 'equal values are no pulse');
  });

  test('values outside the physiological bounds are implausible; the edges themselves are not', () => {
    assert.equal(implausibilityOf(SYSTOLIC_BOUNDS.max + 1, 80), 'systolicOutOfBounds');
    assert.equal(implausibilityOf(1005, 80), 'systolicOutOfBounds');
    assert.equal(implausibilityOf(SYSTOLIC_BOUNDS.min - 1, 20), 'systolicOutOfBounds');
    assert.equal(implausibilityOf(250, DIASTOLIC_BOUNDS.max + 1), 'diastolicOutOfBounds');
    assert.equal(implausibilityOf(45, DIASTOLIC_BOUNDS.min - 1), 'diastolicOutOfBounds');
    assert.equal(implausibilityOf(SYSTOLIC_BOUNDS.max, DIASTOLIC_BOUNDS.max), undefined);
    assert.equal(implausibilityOf(SYSTOLIC_BOUNDS.min, DIASTOLIC_BOUNDS.min), undefined);
    assert.equal(implausibilityOf(118, 76), undefined);
  });

  test('a value that is not a finite number is implausible', () => {
    assert.equal(implausibilityOf(Number.NaN, 80), 'notANumber');
    assert.equal(implausibilityOf(120, Number.POSITIVE_INFINITY), 'notANumber');
  });

  test('an implausible mmHg reading is never categorised; another unit is not judged', () => {
    assert.equal(categoryOfReading(13.7, 97, 'mmHg'), undefined, 'not "Stage 2"');
    assert.equal(categoryOfReading(11.2, 73, undefined), undefined, 'not "Normal"');
    assert.equal(categoryOfReading(140, 90, 'mmHg'), 'stage2');
    assert.equal(implausibilityOfReading(13.7, 97, 'mmHg'), 'notAboveDiastolic');
    assert.equal(implausibilityOfReading(1600, 900, 'mg/dL'), undefined);
  });
});

describe('implausible readings in the summary and the exports', () => {
  test('the summary leaves them out of the means and counts them, in the host and in the webview store alike', () => {
    const [omron] = summarizeByProvider(groupReadings([vendorPage], utc));
    assert.equal(omron?.count, 6, 'every reading is still counted as a reading');
    assert.equal(omron?.implausibleCount, 3);
    assert.equal(omron?.pressureCount, 2);
    assert.equal(omron?.meanSystolic, 130, 'the mean of 120 and 140 only');
    assert.equal(omron?.meanDiastolic, 85);
    const store = new ReadingStore();
    store.add(columnsOfPage(vendorPage, utc));
    assert.deepEqual(store.summaries(), summarizeByProvider(groupReadings([vendorPage], utc)));
  });

  test('CSV: an empty category and the reason in the implausible column', () => {
    const [header, ...rows] = bloodPressureCsv(groupReadings([vendorPage], utc), utc).trimEnd().split('\r\n').map((line) => line.split(','));
    const at = (name: string): number => header!.indexOf(name);
    assert.ok(at('implausible') > at('category'));
    const cells = rows.map((row) => [row[at('systolic')], row[at('category')], row[at('implausible')]]);
    assert.deepEqual(cells, [
      ['13.7', '', 'systolic_not_above_diastolic'],
      ['120', 'stage1', ''],
      ['11.2', '', 'systolic_not_above_diastolic'],
      ['140', 'stage2', ''],
      ['1005', '', 'systolic_outside_40_300_mmhg'],
      ['1600', '', ''],
    ]);
  });

  test('JSON: the implausible readings named with their reason, the groups untouched', () => {
    assert.deepEqual(
      implausibleReadingsJson(groupReadings([vendorPage], utc)).map((r) => [r.timestamp, r.systolic, r.diastolic, r.unit, r.reason]),
      [
        ['2026-03-01T08:00:00Z', 13.7, 97, 'mmHg', 'systolic_not_above_diastolic'],
        ['2026-03-01T10:00:00Z', 11.2, 73, null, 'systolic_not_above_diastolic'],
        ['2026-03-01T12:00:00Z', 1005, 80, 'mmHg', 'systolic_outside_40_300_mmhg'],
      ],
    );
  });
});

test('isPlausible says what implausibilityOf says, for any two numbers (NaN, infinities, -0 and bounds included)', () => {
  const value = fc.oneof(
    fc.double(),
    fc.integer({ min: 0, max: 320 }),
    fc.constantFrom(19, 20, 39, 40, 200, 201, 300, 301, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0),
  );
  fc.assert(
    fc.property(value, value, (systolic, diastolic) => {
      assert.equal(isPlausible(systolic, diastolic), implausibilityOf(systolic, diastolic) === undefined);
    }),
    { numRuns: 2_000 },
  );
});
