// Issue 28.2: each value axis scaled to its own readings and robust to outliers (one 1,005 mmHg
// reading does not stretch the axis to 1,000; it is drawn at the edge), band names that never
// overlap, and a time axis in the table's 24-hour time. Issue 34.4: a value the plausibility check
// names never sets the mmHg axis, and a pressure axis never goes below 0.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import type { GroupedBloodPressure } from '../../src/api/schemas';
import { columnsOfPage } from '../../src/domain/bloodPressure/bloodPressureColumns';
import { DIASTOLIC_BOUNDS, implausibilityOf, SYSTOLIC_BOUNDS } from '../../src/domain/bloodPressure/bloodPressurePlausibility';
import { ReadingStore } from '../../src/domain/bloodPressure/bloodPressureStore';
import { chartSeriesKey } from '../../src/domain/bloodPressure/bloodPressureUnits';
import { clampColumn, placeOnAxis, PRESSURE_BANDS_IN_VIEW, pressureAxisRange, robustAxisRange, spacedLabels } from '../../src/domain/bloodPressure/chartAxisRange';
import { seriesPath } from '../../src/domain/bloodPressure/chartSeriesPath';
import { timeTickLabels } from '../../src/domain/bloodPressure/chartTimeTicks';
import { ZoneCalendar } from '../../src/domain/zonedTime';
import { scalePaths } from '../../src/webview/bloodPressure/chartScales';

const BANDS = { min: 50, max: 190 };

describe('value axes robust to outliers', () => {
  test('one 1,005 mmHg reading among ordinary ones: the axis stays near the readings and the outlier sits at its edge', () => {
    const systolic = [118, 122, 125, 131, 119, 1005, 127, 124];
    const diastolic = [76, 79, 81, 84, 77, 80, 82, 78];
    const range = robustAxisRange([[systolic], [diastolic]], { include: BANDS })!;
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
    const crisis = robustAxisRange([[[110, 115, 120, 125, 130, 135, 210]], [[70, 75, 80, 85, 90, 95, 125]]], { include: BANDS })!;
    assert.equal(placeOnAxis(210, crisis), 'inside');
    const flat = robustAxisRange([[[98, 98, 98]]])!;
    assert.ok(flat.max > flat.min && flat.min <= 98 && flat.max >= 98);
    assert.equal(robustAxisRange([[[null, undefined]]]), undefined);
    assert.deepEqual(robustAxisRange([[[]]], { include: BANDS }), BANDS);
  });
});

describe('values no blood pressure can have never set the mmHg axis (issue 34.4)', () => {
  test('a zoomed window of three readings, one 13.7/97 and one 1,005/80: the bands, not −24..639', () => {
    const systolic = [118, 13.7, 1005];
    const diastolic = [76, 97, 80];
    // What the fence alone gave: the 13.7 and the 1,005 inside median ± 6 deviations of three values.
    const fenceOnly = robustAxisRange([[systolic], [diastolic]], { include: BANDS })!;
    assert.ok(fenceOnly.min < 0 && fenceOnly.max > 600, `the walk's axis, reproduced: ${JSON.stringify(fenceOnly)}`);
    const range = pressureAxisRange([systolic], [diastolic]);
    assert.deepEqual(range, PRESSURE_BANDS_IN_VIEW);
    assert.equal(placeOnAxis(1005, range), 'above', 'drawn at the top edge');
    assert.equal(placeOnAxis(13.7, range), 'below', 'drawn at the bottom edge');
  });

  test('the bounds of the plausibility check are the bounds of the axis population; the edges themselves count', () => {
    // Values close together, so the fence keeps them all: the edges set the axis, the padding goes beyond them.
    const atTheEdges = pressureAxisRange([[SYSTOLIC_BOUNDS.max, 290, 280, 270]], [[DIASTOLIC_BOUNDS.min, 22, 25, 30]]);
    assert.ok(atTheEdges.max > SYSTOLIC_BOUNDS.max, JSON.stringify(atTheEdges));
    assert.ok(atTheEdges.min < DIASTOLIC_BOUNDS.min && atTheEdges.min >= 0, JSON.stringify(atTheEdges));
    // One past each edge: the axis is the one the other values give, as if the two were not there.
    const beyond = pressureAxisRange([[SYSTOLIC_BOUNDS.max + 1, 290, 280, 270]], [[DIASTOLIC_BOUNDS.min - 1, 22, 25, 30]]);
    assert.deepEqual(beyond, pressureAxisRange([[290, 280, 270]], [[22, 25, 30]]));
    const onlyBeyond = pressureAxisRange([[SYSTOLIC_BOUNDS.max + 1]], [[DIASTOLIC_BOUNDS.min - 1]]);
    assert.deepEqual(onlyBeyond, PRESSURE_BANDS_IN_VIEW);
  });

  test('whatever the readings, the mmHg axis keeps the bands, never starts below 0 and never reaches past the plausible values and its padding', () => {
    const value = fc.oneof(fc.double({ min: -1e4, max: 1e4, noNaN: true }), fc.integer({ min: 40, max: 300 }), fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY));
    fc.assert(
      fc.property(fc.array(fc.tuple(value, value), { minLength: 0, maxLength: 60 }), (readings) => {
        const range = pressureAxisRange([readings.map(([s]) => s)], [readings.map(([, d]) => d)]);
        assert.ok(range.min >= 0, `never below 0: ${JSON.stringify(range)}`);
        assert.ok(range.min <= BANDS.min && range.max >= BANDS.max, 'the bands stay in view');
        // An axis wider than the bands was set by a value inside the bounds (and padded by 6 % at most).
        const plausibleSpan = { min: DIASTOLIC_BOUNDS.min, max: SYSTOLIC_BOUNDS.max };
        const pad = (plausibleSpan.max - plausibleSpan.min) * 0.06;
        assert.ok(range.max <= plausibleSpan.max + pad && range.min >= plausibleSpan.min - pad, JSON.stringify(range));
      }),
      { numRuns: 300 },
    );
  });

  test('through the chart\'s own path (store, decimator, series path, scales): the vendor stand-in\'s readings sit at the edge and are counted there', () => {
    const page: GroupedBloodPressure['groups'] = {
      omron: [
        {
          source: { provider: 'omron', type: 'cuff' },
          data: [
            { timestamp: '2026-03-01T08:00:00Z', systolic: 13.7, diastolic: 97, unit: 'mmHg' },
            { timestamp: '2026-03-01T09:00:00Z', systolic: 118, diastolic: 76, unit: 'mmHg' },
            { timestamp: '2026-03-01T10:00:00Z', systolic: 1005, diastolic: 80, unit: 'mmHg' },
            { timestamp: '2026-03-01T11:00:00Z', systolic: 97, diastolic: 93, unit: '%' },
            { timestamp: '2026-03-01T12:00:00Z', systolic: 99, diastolic: 95, unit: '%' },
          ],
        },
      ],
    };
    assert.equal(implausibilityOf(13.7, 97), 'notAboveDiastolic');
    assert.equal(implausibilityOf(1005, 80), 'systolicOutOfBounds');
    const store = new ReadingStore();
    store.add(columnsOfPage(page, new ZoneCalendar('UTC')));
    const columns = store.chartColumns(store.extent()!, 400);
    const series = columns.keys.map((key) => {
      const extremes = columns.columnsOf(key) ?? assert.fail(`columns of ${key}`);
      return { key, systolic: seriesPath(extremes, 'systolic'), diastolic: seriesPath(extremes, 'diastolic') };
    });
    const { ranges, outside } = scalePaths(series);
    assert.deepEqual(ranges.get('y'), PRESSURE_BANDS_IN_VIEW);
    assert.equal(outside.get('y'), 2, 'the 13.7 below and the 1,005 above, drawn at the edge');
    // Another unit is not judged by the pressure bounds and keeps an axis of its own, which may start near its values.
    const percent = ranges.get(`unit:%`) ?? assert.fail(`a % axis: ${[...ranges.keys()].join(', ')}`);
    assert.ok(percent.min > 80 && percent.max < 110, JSON.stringify(percent));
    assert.ok(columns.keys.includes(chartSeriesKey('omron', '%')));
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
