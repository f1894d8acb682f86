// Pages as typed-array columns (built by the host) and the webview's store that appends them: the
// views drawn from the store must equal those drawn from the wire objects, page by page.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { alignedChartData } from '../../src/domain/bloodPressure/bloodPressureChartSeries';
import { columnsOfPage, readingsInColumns } from '../../src/domain/bloodPressure/bloodPressureColumns';
import { computeCoverage } from '../../src/domain/coverage/bloodPressureCoverage';
import { groupReadings, readingsIn } from '../../src/domain/bloodPressure/bloodPressureGroups';
import { ReadingStore } from '../../src/domain/bloodPressure/bloodPressureStore';
import { summarizeByProvider } from '../../src/domain/bloodPressure/bloodPressureSummary';
import { dayIndexOfKey, dayKeyOfIndex, ZoneCalendar } from '../../src/domain/zonedTime';
import { groupsOf, type Groups } from '../support/bloodPressureBuilders';

const berlin = new ZoneCalendar('Europe/Berlin');
const newYork = new ZoneCalendar('America/New_York');

describe('zone day indexes', () => {
  test('a day index names the same calendar day as dayKey, across DST changes and in both directions', () => {
    for (const zone of [berlin, newYork, new ZoneCalendar('Asia/Kolkata'), new ZoneCalendar('Pacific/Chatham'), new ZoneCalendar(undefined)]) {
      // Every 37 minutes over 2024 (two DST changes per zone) and a few instants before 1970.
      for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2025, 0, 1); t += 37 * 60_000) {
        assert.equal(dayKeyOfIndex(zone.dayIndex(t)), zone.dayKey(t), `${zone.zone} at ${new Date(t).toISOString()}`);
      }
      for (const t of [Date.UTC(1969, 11, 31, 23, 59), Date.UTC(1960, 5, 1, 12)]) assert.equal(dayKeyOfIndex(zone.dayIndex(t)), zone.dayKey(t));
    }
    assert.equal(dayIndexOfKey('1970-01-02'), 1);
    assert.equal(dayIndexOfKey(dayKeyOfIndex(-400)), -400);
  });
});

describe('a page as columns', () => {
  test('one entry per source, in time order, with the zone day, unit and original offset of each reading', () => {
    const page = groupsOf(
      ['omron', 'cuff', [['2024-05-02T06:00:00Z', 122, 81], ['2024-05-01T23:30:00Z', 120, 80], ['2024-05-04T06:00:00+02:00', 125, 82]]],
      ['withings', 'cuff', [['2024-05-01 10:00:00', 130, 85]]],
    );
    const columns = columnsOfPage(page, berlin);
    assert.equal(readingsInColumns(columns), 4);
    assert.equal(columns.unreadable, 0);
    const [omron, withings] = columns.sources;
    assert.ok(omron && withings);
    assert.ok(omron.epochMs instanceof Float64Array && omron.day instanceof Int32Array);
    assert.deepEqual([...omron.epochMs], [Date.parse('2024-05-01T23:30:00Z'), Date.parse('2024-05-02T06:00:00Z'), Date.parse('2024-05-04T04:00:00Z')]);
    assert.deepEqual([...omron.systolic], [120, 122, 125], 'values move with their time');
    assert.deepEqual([...omron.diastolic], [80, 81, 82]);
    assert.deepEqual([...omron.day].map(dayKeyOfIndex), ['2024-05-02', '2024-05-02', '2024-05-04'], '23:30 UTC is the next day in Berlin');
    assert.deepEqual([...omron.text.offset.index].map((i) => omron.text.offset.values[i]), ['+00:00', '+00:00', '+02:00']);
    assert.deepEqual(omron.text.unit.values, ['mmHg']);
    assert.deepEqual([...withings.text.offset.index].map((i) => withings.text.offset.values[i]), [''], 'no offset written: empty');
    assert.equal(withings.epochMs[0], Date.parse('2024-05-01T08:00:00Z'), 'wall time in the user\'s zone');
  });

  test('a source listed under two keys of the page is one entry; unreadable timestamps are counted, not kept', () => {
    const page: Groups = {
      a: [{ source: { provider: 'omron', type: 'cuff' }, data: [{ timestamp: '2024-05-01T10:00:00Z', systolic: 120, diastolic: 80, unit: 'mmHg' }] }],
      b: [
        {
          source: { provider: 'omron', type: 'cuff' },
          data: [
            { timestamp: 'not a date', systolic: 1, diastolic: 1, unit: 'mmHg' },
            { timestamp: '2024-05-01T09:00:00Z', systolic: 118, diastolic: 79, unit: 'kPa' },
          ],
        },
      ],
    };
    const columns = columnsOfPage(page, berlin);
    assert.equal(columns.sources.length, 1);
    assert.equal(columns.unreadable, 1);
    const [omron] = columns.sources;
    assert.deepEqual([...(omron?.systolic ?? [])], [118, 120]);
    assert.deepEqual([...(omron?.text.unit.index ?? [])].map((i) => omron?.text.unit.values[i]), ['kPa', 'mmHg']);
  });
});

describe('the webview store, page by page', () => {
  const day = (n: number, hour: number): string => new Date(Date.UTC(2024, 0, 1 + n, hour)).toISOString();
  const pages: Groups[] = [
    groupsOf(['omron', 'cuff', [[day(0, 8), 120, 80], [day(1, 8), 121, 81]]], ['withings', 'cuff', [[day(0, 9), 130, 85]]]),
    groupsOf(['omron', 'cuff', [[day(2, 8), 122, 82], [day(20, 8), 125, 84]]], ['omron', 'app', [[day(3, 23), 119, 79]]]),
    // Goes back in time for withings: the store still ends up in time order.
    groupsOf(['withings', 'cuff', [[day(5, 9), 131, 86], [day(-3, 9), 128, 84]]], ['ihealth', 'cuff', [[day(25, 7), 140, 90]]]),
  ];

  test('after every page, the table, summary, coverage and chart equal those built from the wire objects', () => {
    const store = new ReadingStore();
    for (let n = 1; n <= pages.length; n++) {
      store.add(columnsOfPage(pages[n - 1] ?? {}, newYork));
      const groups = groupReadings(pages.slice(0, n), newYork);
      assert.equal(store.readingCount, pages.slice(0, n).reduce((sum, p) => sum + readingsIn(p), 0));
      const sources = store.sources();
      assert.deepEqual(
        sources.map((s) => ({ provider: s.provider, sourceType: s.sourceType, times: Array.from({ length: s.length }, (_, i) => s.timeAt(i)), systolic: Array.from({ length: s.length }, (_, i) => s.systolicAt(i)) })),
        groups.map((g) => ({ provider: g.provider, sourceType: g.sourceType, times: g.readings.map((r) => r.epochMs), systolic: g.readings.map((r) => r.systolic) })),
        `sources after page ${n}`,
      );
      sources.forEach((s, i) => {
        const group = groups[i];
        for (let r = 0; r < s.length; r++) {
          assert.equal(s.originalOffset(r), group?.readings[r]?.originalOffset);
          assert.equal(s.unit(r), group?.readings[r]?.unit);
        }
      });
      assert.deepEqual(store.summaries(), summarizeByProvider(groups), `summary after page ${n}`);
      const range = { firstDay: '2024-01-01', lastDay: '2024-01-31' };
      assert.deepEqual(store.coverage(range, { alsoShow: ['fitbit'] }), computeCoverage(groups, newYork, range, { alsoShow: ['fitbit'] }), `coverage after page ${n}`);
      // With a column per minute, no two readings share one: the decimated chart is every reading.
      const { rows, ...chart } = store.chartData(undefined, 60 * 24 * 40);
      assert.deepEqual(chart, alignedChartData(groups), `chart after page ${n}`);
      assert.equal(rows, chart.times.length);
    }
    assert.equal(store.chartData().gaps, 2, 'omron day 3 → 20 and withings day 0 → 5 (day -3 → 0 is exactly three days)');
  });

  test('unreadable timestamps are counted across pages', () => {
    const store = new ReadingStore();
    const bad: Groups = { x: [{ source: { provider: 'omron', type: 'cuff' }, data: [{ timestamp: '?', systolic: 1, diastolic: 1, unit: 'mmHg' }] }] };
    store.add(columnsOfPage(bad, berlin));
    store.add(columnsOfPage(bad, berlin));
    assert.equal(store.unreadableCount, 2);
    assert.equal(store.readingCount, 0);
    assert.deepEqual(store.sources(), []);
  });

  test('appending grows the typed arrays; a thousand pages of 500 readings keep every value', () => {
    const store = new ReadingStore();
    let expected = 0;
    for (let p = 0; p < 200; p++) {
      const readings: [string, number, number][] = [];
      for (let i = 0; i < 500; i++) readings.push([new Date(Date.UTC(2024, 0, 1) + (p * 500 + i) * 60_000).toISOString(), 100 + (i % 50), 70]);
      store.add(columnsOfPage(groupsOf(['omron', 'cuff', readings]), berlin));
      expected += 500;
    }
    const [omron] = store.sources();
    assert.equal(omron?.length, expected);
    assert.equal(omron?.timeAt(expected - 1), Date.UTC(2024, 0, 1) + (expected - 1) * 60_000);
    assert.equal(omron?.systolicAt(expected - 1), 100 + ((expected - 1) % 500) % 50);
    assert.equal(store.chartData().points, expected);
  });
});

describe('columns of readings the vendor sent without a source type or unit', () => {
  test('a missing source type and unit stay missing through the columns and the store', () => {
    const utc = new ZoneCalendar('UTC');
    const groups: Groups = {
      ihealth: [
        { source: { provider: 'ihealth', type: null }, data: [{ systolic: 120, diastolic: 80, timestamp: '2026-11-01T08:00:00+00:00' }, { systolic: 122, diastolic: 81, timestamp: '2026-11-01T09:00:00+00:00', unit: 'mmHg' }] },
      ],
    };
    const page = columnsOfPage(groups, utc);
    assert.deepEqual(page.sources.map((s) => [s.provider, s.sourceType, [...s.text.unit.index].map((i) => s.text.unit.values[i])]), [['ihealth', undefined, ['', 'mmHg']]]);
    const store = new ReadingStore();
    store.add(page);
    const [source] = store.sources();
    assert.equal(source?.sourceType, undefined);
    assert.deepEqual([source?.unit(0), source?.unit(1)], [undefined, 'mmHg']);
    assert.deepEqual(store.summaries().map((s) => s.sourceTypes), [[undefined]]);
  });
});
