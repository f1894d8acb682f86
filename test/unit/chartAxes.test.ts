// Issue 28.2: each value axis scaled to its own readings and robust to outliers (one 1,005 mmHg
// reading does not stretch the axis to 1,000; it is drawn at the edge), band names that never
// overlap, and a time axis in the table's 24-hour time.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { clampColumn, placeOnAxis, robustAxisRange, spacedLabels } from '../../src/domain/bloodPressure/chartAxisRange';
import { timeTickLabels } from '../../src/domain/bloodPressure/chartTimeTicks';

const BANDS = { min: 50, max: 190 };

describe('value axes robust to outliers', () => {
  test('one 1,005 mmHg reading among ordinary ones: the axis stays near the readings and the outlier sits at its edge', () => {
    const systolic = [118, 122, 125, 131, 119, 1005, 127, 124];
    const diastolic = [76, 79, 81, 84, 77, 80, 82, 78];
    const range = robustAxisRange([[systolic], [diastolic]], BANDS)!;
    assert.ok(range.max < 260, `the axis ends at ${range.max}, not near 1,005`);
    assert.equal(range.min, 50, 'the bands stay in view');
    assert.equal(placeOnAxis(1005, range), 'above');
    assert.equal(placeOnAxis(125, range), 'inside');
    const drawn = clampColumn(systolic, range);
    assert.equal(drawn[5], range.max, 'drawn at the top edge');
    assert.deepEqual(drawn.filter((_, i) => i !== 5), systolic.filter((_, i) => i !== 5), 'the others as they are');
  });

  test('even three readings: the median and its deviation, not a percentile of the outlier itself', () => {
    const range = robustAxisRange([[[120, 125, 1005]]])!;
    assert.ok(range.max < 300 && range.min > 50, JSON.stringify(range));
  });

  test('mg/dL and % get ranges of their own', () => {
    const glucose = robustAxisRange([[[95, 110, 160, 240, 1600]]])!;
    const oxygen = robustAxisRange([[[95, 97, 98, 99]]])!;
    assert.ok(glucose.min > 40 && glucose.max < 1000, `glucose ${JSON.stringify(glucose)}`);
    assert.equal(placeOnAxis(1600, glucose), 'above');
    assert.equal(placeOnAxis(240, glucose), 'inside');
    assert.ok(oxygen.min > 80 && oxygen.max < 110, `oxygen ${JSON.stringify(oxygen)}`);
    assert.notDeepEqual(glucose, oxygen);
  });

  test('legitimate extremes are kept on the axis; identical readings still get a span', () => {
    const crisis = robustAxisRange([[[110, 115, 120, 125, 130, 135, 210]], [[70, 75, 80, 85, 90, 95, 125]]], BANDS)!;
    assert.equal(placeOnAxis(210, crisis), 'inside');
    const flat = robustAxisRange([[[98, 98, 98]]])!;
    assert.ok(flat.max > flat.min && flat.min <= 98 && flat.max >= 98);
    assert.equal(robustAxisRange([[[null, undefined]]]), undefined);
    assert.deepEqual(robustAxisRange([[[]]], BANDS), BANDS);
  });
});

test('the medians found by selection are the medians of the sorted values, whatever the values', () => {
  // The definition as it reads: sort, take the median, sort the absolute deviations, take theirs.
  const quantile = (sorted: readonly number[], q: number): number => {
    const at = (sorted.length - 1) * q;
    const low = Math.floor(at);
    const high = Math.ceil(at);
    return sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low);
  };
  const byDefinition = (values: readonly number[]): { min: number; max: number } => {
    const sorted = [...values].sort((a, b) => a - b);
    const median = quantile(sorted, 0.5);
    const spread = Math.max(1.4826 * quantile(sorted.map((v) => Math.abs(v - median)).sort((a, b) => a - b), 0.5), Math.abs(median) * 0.05, 1);
    const min = Math.max(sorted[0]!, median - 6 * spread);
    const max = Math.min(sorted.at(-1)!, median + 6 * spread);
    const pad = Math.max((max - min) * 0.06, 1);
    return { min: min - pad, max: max + pad };
  };
  fc.assert(
    fc.property(fc.array(fc.oneof(fc.integer({ min: 30, max: 250 }), fc.constantFrom(120, 80), fc.double({ min: -1e4, max: 1e4, noNaN: true })), { minLength: 1, maxLength: 300 }), (values) => {
      assert.deepEqual(robustAxisRange([[values]]), byDefinition(values));
    }),
    { numRuns: 300 },
  );
});

describe('band names never overlap', () => {
  test('names closer than the gap are left out, the first placed kept', () => {
    assert.deepEqual(spacedLabels([300, 290, 250, 200, 195], 14), [true, false, true, true, false]);
    assert.deepEqual(spacedLabels([10, 30, 50], 14), [true, true, true]);
  });
});

describe('a 24-hour time axis', () => {
  test('times in 24-hour form with the date where the day changes; days and months at longer steps', () => {
    assert.deepEqual(timeTickLabels(['2026-11-25 18:00:00', '2026-11-26 00:00:00', '2026-11-26 06:00:00', '2026-11-26 12:00:00'], 6 * 3600), [
      '18:00\n11-25',
      '00:00\n11-26',
      '06:00',
      '12:00',
    ]);
    assert.deepEqual(timeTickLabels(['2026-12-30 00:00:00', '2026-12-31 00:00:00', '2027-01-01 00:00:00'], 86400), ['2026-12-30', '12-31', '2027-01-01']);
    assert.deepEqual(timeTickLabels(['2026-10-01 00:00:00', '2026-11-01 00:00:00'], 31 * 86400), ['2026-10', '2026-11']);
    for (const label of timeTickLabels(['2026-11-26 13:30:00', '2026-11-26 23:45:00'], 600)) assert.doesNotMatch(label, /am|pm/i);
  });
});
