// What the chart's canvas layer draws of one series (src/domain/bloodPressure/chartSeriesPath.ts):
// a dense pixel column is a bar from its lowest to its highest value, sparse readings are points
// joined by a line, a gap of more than three days breaks the line, the nearest readings outside a
// zoom lead the line in and out, and the path's length follows the columns, not the readings.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { GAP_SECONDS } from '../../src/domain/bloodPressure/bloodPressureChartSeries';
import { ChartDecimator } from '../../src/domain/bloodPressure/chartDecimation';
import { pathValues, pointAtOrAfter, pointsOutside, seriesPath } from '../../src/domain/bloodPressure/chartSeriesPath';
import { rgbaWord } from '../../src/domain/bloodPressure/chartColors';

const T0 = Date.UTC(2025, 0, 1);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function decimate(window: { startMs: number; endMs: number }, columns: number, readings: readonly [number, number, number][]): ChartDecimator {
  const decimator = new ChartDecimator(window, columns);
  decimator.add(
    'omron',
    readings.map((r) => r[0]),
    readings.map((r) => r[1]),
    readings.map((r) => r[2]),
  );
  return decimator;
}

describe('a series as the canvas layer draws it', () => {
  test('a column with many readings is one bar from its lowest to its highest value, in time order', () => {
    // 1,000 readings in the first of ten columns, 120..139 systolic, with one spike of 231.
    const readings: [number, number, number][] = Array.from({ length: 1_000 }, (_, i) => [T0 + i * 1_000, 120 + (i % 20), 80]);
    readings[500] = [T0 + 500_000, 231, 80];
    const decimator = decimate({ startMs: T0, endMs: T0 + 10 * 1_000_000 }, 10, readings);
    const path = seriesPath(decimator.columnsOf('omron')!, 'systolic');
    assert.deepEqual([...pathValues(path)], [120, 231, 139], 'first (also the lowest), the spike, last');
    assert.equal(path.bars, 1);
    assert.equal(path.readings, 1_000);
    const diastolic = seriesPath(decimator.columnsOf('omron')!, 'diastolic');
    assert.deepEqual([...pathValues(diastolic)], [80, 80], 'a flat column: its first and last reading, no bar');
    assert.equal(diastolic.bars, 0);
  });

  test('sparse readings, one a column, are points joined by a line', () => {
    const readings: [number, number, number][] = [
      [T0, 120, 80],
      [T0 + 5 * HOUR, 130, 85],
      [T0 + 9 * HOUR, 125, 82],
    ];
    const path = seriesPath(decimate({ startMs: T0, endMs: T0 + 10 * HOUR }, 100, readings).columnsOf('omron')!, 'systolic');
    assert.deepEqual([...pathValues(path)], [120, 130, 125]);
    assert.deepEqual([...path.t.subarray(0, path.length)], readings.map((r) => r[0]));
    assert.equal(path.bars, 0);
    assert.equal(path.gaps, 0);
  });

  test('more than three days without a reading breaks the line halfway through the gap; three days do not', () => {
    const after = T0 + GAP_SECONDS * 1000 + 1_000;
    const readings: [number, number, number][] = [
      [T0, 120, 80],
      [T0 + GAP_SECONDS * 1000, 121, 81],
      [after + GAP_SECONDS * 1000, 122, 82],
    ];
    const window = { startMs: T0, endMs: T0 + 10 * DAY };
    const path = seriesPath(decimate(window, 1_000, readings).columnsOf('omron')!, 'systolic');
    const values = [...pathValues(path)];
    assert.deepEqual(values.slice(0, 2), [120, 121], 'exactly three days apart: joined');
    assert.ok(Number.isNaN(values[2]!), 'then a break');
    assert.equal(values[3], 122);
    assert.equal(path.gaps, 1);
    assert.equal(path.t[2], Math.floor((readings[1]![0] / 1000 + readings[2]![0] / 1000) / 2) * 1000);
  });

  test('a zoom: the nearest reading on each side leads the line in and out', () => {
    const readings: [number, number, number][] = [
      [T0, 100, 70],
      [T0 + 2 * HOUR, 120, 80],
      [T0 + 3 * HOUR, 140, 90],
      [T0 + 5 * HOUR, 160, 100],
    ];
    const path = seriesPath(decimate({ startMs: T0 + HOUR, endMs: T0 + 4 * HOUR }, 50, readings).columnsOf('omron')!, 'systolic');
    assert.deepEqual([...pathValues(path)], [100, 120, 140, 160]);
    assert.equal(path.readings, 2, 'only the readings in view are counted');
  });

  test('a year of readings every five minutes: the path costs the columns', () => {
    const readings: [number, number, number][] = [];
    for (let t = T0; t < T0 + 365 * DAY; t += 5 * 60_000) readings.push([t, 100 + (t % 97), 70 + (t % 31)]);
    const path = seriesPath(decimate({ startMs: T0, endMs: T0 + 365 * DAY }, 1_408, readings).columnsOf('omron')!, 'systolic');
    assert.equal(path.readings, readings.length);
    assert.ok(path.length <= 4 * 1_408 + 4, `${path.length} points for 1,408 columns`);
    assert.ok(path.bars > 1_300, `${path.bars} dense columns drawn as bars`);
  });

  test('points beyond an axis are counted, and the point at an instant is found by its time', () => {
    const readings: [number, number, number][] = [
      [T0, 120, 80],
      [T0 + DAY, 1_005, 80],
      [T0 + 2 * DAY, 30, 80],
    ];
    const path = seriesPath(decimate({ startMs: T0, endMs: T0 + 3 * DAY }, 30, readings).columnsOf('omron')!, 'systolic');
    assert.equal(pointsOutside(path, { min: 50, max: 190 }), 2);
    assert.equal(pointAtOrAfter(path, T0 + DAY), 1);
    assert.equal(pointAtOrAfter(path, T0 + DAY + 1), 2);
    assert.equal(pointAtOrAfter(path, T0 + 3 * DAY), path.length);
  });
});

test('a series colour as the pixel word the canvas layer writes dense columns with', () => {
  const bytes = (word: number): number[] => [...new Uint8Array(Uint32Array.of(word).buffer)];
  assert.deepEqual(bytes(rgbaWord('#ff8000')!), [255, 128, 0, 255]);
  assert.deepEqual(bytes(rgbaWord(' #2F6BCC ')!), [0x2f, 0x6b, 0xcc, 255]);
  assert.equal(rgbaWord('rgb(1, 2, 3)'), undefined, 'another form: the layer falls back');
});
