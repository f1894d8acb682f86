// Issue 19.3: a reading's unit is a field. Categories, bands and the summary's figures are for
// mmHg only; a reading in another unit is shown as sent, drawn in a series (and on an axis) of its
// own and never categorised; a reading sent without a unit is taken as mmHg for drawing and figures,
// and stays "not sent" in its text. A reading's own timezone_offset is its wall time's offset.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { GroupedBloodPressure } from '../../src/api/schemas';
import { columnsOfPage } from '../../src/domain/bloodPressure/bloodPressureColumns';
import { computeCoverage } from '../../src/domain/coverage/bloodPressureCoverage';
import { bloodPressureCsv } from '../../src/domain/bloodPressure/bloodPressureExport';
import { groupReadings } from '../../src/domain/bloodPressure/bloodPressureGroups';
import { ReadingStore } from '../../src/domain/bloodPressure/bloodPressureStore';
import { summarizeByProvider } from '../../src/domain/bloodPressure/bloodPressureSummary';
import {
  categoryOfReading,
  chartSeriesKey,
  formatOffsetSeconds,
  formatWallTimeAtOffset,
  isPressureUnit,
  parseChartSeriesKey,
} from '../../src/domain/bloodPressure/bloodPressureUnits';
import { ZoneCalendar } from '../../src/domain/zonedTime';

const berlin = new ZoneCalendar('Europe/Berlin');

/** What the vendor's service may send: mmHg, mg/dL, %, no unit; own offsets; devices and apps, or none. */
const vendorPage: GroupedBloodPressure['groups'] = {
  omron: [
    {
      source: { provider: 'omron', type: 'cuff', device_id: 'dev-1', app_id: null },
      data: [
        { timestamp: '2026-03-01T08:00:00+00:00', systolic: 150, diastolic: 95, unit: 'mmHg', timezone_offset: 7200 },
        { timestamp: '2026-03-01T09:00:00+00:00', systolic: 1600, diastolic: 900, unit: 'mg/dL', timezone_offset: -18000 },
        { timestamp: '2026-03-01T10:00:00+00:00', systolic: 97, diastolic: 93, unit: '%' },
        { timestamp: '2026-03-02T08:00:00Z', systolic: 110, diastolic: 70, unit: null },
      ],
    },
  ],
  withings: [
    {
      source: { provider: 'withings', type: null, app_id: 'com.apple.Health' },
      data: [{ timestamp: '2026-03-01T12:00:00Z', systolic: 125, diastolic: 82 }],
    },
  ],
};

describe('units: mmHg figures only, other units apart', () => {
  test('mmHg (any case) and no unit are blood pressure in mmHg; anything else is not', () => {
    for (const unit of ['mmHg', 'mmhg', ' MMHG ', undefined, null, '']) assert.equal(isPressureUnit(unit), true, String(unit));
    for (const unit of ['mg/dL', '%', 'kPa', 'bpm']) assert.equal(isPressureUnit(unit), false, unit);
  });

  test('a reading in another unit is never categorised; mmHg and no unit are', () => {
    assert.equal(categoryOfReading(1600, 900, 'mg/dL'), undefined);
    assert.equal(categoryOfReading(97, 93, '%'), undefined);
    assert.equal(categoryOfReading(150, 95, 'mmHg'), 'stage2');
    assert.equal(categoryOfReading(110, 70, undefined), 'normal');
  });

  test('chart series: a provider for mmHg, the provider and the unit for any other', () => {
    assert.equal(chartSeriesKey('omron', 'mmHg'), 'omron');
    assert.equal(chartSeriesKey('omron', undefined), 'omron');
    assert.deepEqual(parseChartSeriesKey(chartSeriesKey('omron', 'mg/dL')), { provider: 'omron', unit: 'mg/dL' });
    assert.deepEqual(parseChartSeriesKey('omron'), { provider: 'omron', unit: 'mmHg' });
  });

  test('the summary averages the mmHg readings only and counts the others per unit', () => {
    const [omron, withings] = summarizeByProvider(groupReadings([vendorPage], berlin));
    assert.equal(omron?.count, 4);
    assert.equal(omron?.pressureCount, 2);
    assert.deepEqual(omron?.otherUnits, { 'mg/dL': 1, '%': 1 });
    assert.equal(omron?.meanSystolic, 130, 'the mean of 150 and 110, not of 1,600');
    assert.equal(omron?.meanDiastolic, 82.5);
    assert.equal(withings?.meanSystolic, 125);
  });

  test('a provider that sent no mmHg reading has no mean (NaN, shown as "—"), not 0', () => {
    const groups = groupReadings([{ lab: [{ source: { provider: 'lab', type: 'fingerprick' }, data: [{ timestamp: '2026-03-01T08:00:00Z', systolic: 100, diastolic: 90, unit: 'mg/dL' }] }] }], berlin);
    const [lab] = summarizeByProvider(groups);
    assert.ok(Number.isNaN(lab?.meanSystolic));
    assert.equal(lab?.pressureCount, 0);
  });

  test('the webview store: the same summary, and the other units in series of their own, every reading kept', () => {
    const store = new ReadingStore();
    store.add(columnsOfPage(vendorPage, berlin));
    assert.equal(store.readingCount, 5);
    const omron = store.summaries().find((s) => s.provider === 'omron');
    assert.equal(omron?.meanSystolic, 130);
    assert.deepEqual(omron?.otherUnits, { 'mg/dL': 1, '%': 1 });
    assert.deepEqual(store.seriesKeys(), ['omron', chartSeriesKey('omron', '%'), chartSeriesKey('omron', 'mg/dL'), 'withings'].sort());
    const chart = store.chartData();
    const mmHg = chart.providers.indexOf('omron');
    const systolic = chart.columns[2 * mmHg]!.filter((v): v is number => typeof v === 'number');
    assert.ok(systolic.length > 0 && systolic.every((v) => v < 200), `no mg/dL value in the mmHg series: ${systolic.join(',')}`);
    const glucose = chart.providers.indexOf(chartSeriesKey('omron', 'mg/dL'));
    assert.deepEqual(chart.columns[2 * glucose]!.filter((v) => typeof v === 'number'), [1600]);
    // The tooltip finds the reading of a series at its instant.
    const found = store.readingAt(Date.parse('2026-03-01T09:00:00Z'), chartSeriesKey('omron', 'mg/dL'));
    assert.equal(found?.source.unit(found.index), 'mg/dL');
    assert.equal(store.readingAt(Date.parse('2026-03-01T09:00:00Z'), 'omron'), undefined, 'not in the mmHg series');
  });

  test('a page that mixes units after a page of mmHg: the chart built before keeps them apart too', () => {
    const store = new ReadingStore();
    store.add(columnsOfPage({ omron: [{ source: { provider: 'omron', type: 'cuff' }, data: [{ timestamp: '2026-03-01T07:00:00Z', systolic: 120, diastolic: 80, unit: 'mmHg' }] }] }, berlin));
    const window = { startMs: Date.parse('2026-03-01T00:00:00Z'), endMs: Date.parse('2026-03-03T00:00:00Z') };
    store.chartData(window, 256);
    store.add(columnsOfPage(vendorPage, berlin));
    const chart = store.chartData(window, 256);
    const mmHg = chart.providers.indexOf('omron');
    assert.ok(chart.columns[2 * mmHg]!.every((v) => v === undefined || v === null || v < 200));
    assert.ok(chart.providers.includes(chartSeriesKey('omron', '%')));
  });
});

describe('own offsets, devices, apps and what was not sent', () => {
  test('wall time and offset text at a reading\'s own offset', () => {
    assert.equal(formatOffsetSeconds(7200), '+02:00');
    assert.equal(formatOffsetSeconds(-18000), '-05:00');
    assert.equal(formatOffsetSeconds(19800), '+05:30');
    assert.equal(formatWallTimeAtOffset(Date.parse('2026-03-01T08:00:00Z'), 7200), '2026-03-01 10:00:00');
    assert.equal(formatWallTimeAtOffset(Date.parse('2026-03-01T02:00:00Z'), -18000), '2026-02-28 21:00:00');
  });

  test('the columns carry the own offset, device and app per reading; "" for not sent', () => {
    const store = new ReadingStore();
    store.add(columnsOfPage(vendorPage, berlin));
    const [omron, withings] = store.sources();
    assert.deepEqual([0, 1, 2, 3].map((i) => omron!.ownOffsetSeconds(i)), [7200, -18000, undefined, undefined]);
    assert.deepEqual([0, 3].map((i) => omron!.textOf('device', i)), ['dev-1', 'dev-1']);
    assert.equal(omron!.textOf('app', 0), '');
    assert.equal(omron!.unit(3), undefined, 'a unit sent as null stays not sent');
    assert.equal(withings!.sourceType, undefined, 'a source type not sent is not made up');
    assert.equal(withings!.textOf('app', 0), 'com.apple.Health');
    assert.equal(withings!.textOf('device', 0), '');
  });

  test('coverage rows are the sources as sent: a source type not sent is a row of its own', () => {
    const coverage = computeCoverage(groupReadings([vendorPage], berlin), berlin, { firstDay: '2026-03-01', lastDay: '2026-03-02' }, { alsoShow: ['fitbit'] });
    assert.deepEqual(
      coverage.providers.map((row) => [row.provider, 'sourceType' in row ? (row.sourceType ?? 'not sent') : 'no readings']),
      [['omron', 'cuff'], ['withings', 'not sent'], ['fitbit', 'no readings']],
    );
    const store = new ReadingStore();
    store.add(columnsOfPage(vendorPage, berlin));
    assert.deepEqual(store.coverage({ firstDay: '2026-03-01', lastDay: '2026-03-02' }).providers.map((row) => row.sourceType), ['cuff', undefined]);
  });

  test('CSV: own-offset local time, empty cells for what was not sent, no category for another unit', () => {
    const csv = bloodPressureCsv(groupReadings([vendorPage], berlin), berlin);
    assert.ok(!/null|undefined|NaN/.test(csv), csv);
    // No value of this page needs quoting: a plain split reads it.
    const [header, ...rows] = csv.trimEnd().split('\r\n').map((line) => line.split(','));
    const at = (name: string): number => header!.indexOf(name);
    const byTimestamp = new Map(rows.map((row) => [row[at('timestamp')], row]));
    const own = byTimestamp.get('2026-03-01T08:00:00+00:00')!;
    assert.deepEqual([own[at('local_time')], own[at('time_zone')], own[at('timezone_offset')], own[at('category')], own[at('device_id')], own[at('app_id')]], ['2026-03-01 10:00:00', 'UTC+02:00', '7200', 'stage2', 'dev-1', '']);
    const glucose = byTimestamp.get('2026-03-01T09:00:00+00:00')!;
    assert.deepEqual([glucose[at('unit')], glucose[at('category')]], ['mg/dL', '']);
    const noUnit = byTimestamp.get('2026-03-02T08:00:00Z')!;
    assert.deepEqual([noUnit[at('local_time')], noUnit[at('time_zone')], noUnit[at('timezone_offset')], noUnit[at('unit')], noUnit[at('category')]], ['2026-03-02 09:00:00', 'Europe/Berlin', '', '', 'normal']);
    const withings = byTimestamp.get('2026-03-01T12:00:00Z')!;
    assert.deepEqual([withings[at('source_type')], withings[at('unit')], withings[at('app_id')]], ['', '', 'com.apple.Health']);
  });
});
