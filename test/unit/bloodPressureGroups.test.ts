import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { iterateBloodPressurePages } from '../../src/api/paging';
import { alignedChartData } from '../../src/domain/bloodPressure/bloodPressureChartSeries';
import { groupReadings, mergeGroupedPages, providersOf, readingsIn, ReadingGrouper } from '../../src/domain/bloodPressure/bloodPressureGroups';
import { bloodPressureCsv } from '../../src/domain/bloodPressure/bloodPressureExport';
import { ZoneCalendar } from '../../src/domain/zonedTime';
import { groupsOf, type Groups } from '../support/bloodPressureBuilders';
import { useSandbox } from '../support/sandboxFixture';

const utc = new ZoneCalendar('UTC');

describe('grouping readings by provider and source type', () => {
  test('groups are ordered by provider then type; readings by time across pages', () => {
    const page1 = groupsOf(
      ['withings', 'cuff', [['2024-05-02T08:00:00+00:00', 130, 85]]],
      ['ihealth', 'unknown', [['2024-05-01T09:00:00+00:00', 118, 76]]],
      ['ihealth', 'cuff', [['2024-05-03T07:00:00+00:00', 121, 79]]],
    );
    const page2 = groupsOf(['withings', 'cuff', [['2024-05-01T08:00:00+00:00', 128, 82]]]);
    const groups = groupReadings([page1, page2], utc);
    assert.deepEqual(
      groups.map((g) => `${g.provider}/${g.sourceType}:${g.readings.length}`),
      ['ihealth/cuff:1', 'ihealth/unknown:1', 'withings/cuff:2'],
    );
    assert.deepEqual(
      groups[2]?.readings.map((r) => r.timestamp),
      ['2024-05-01T08:00:00+00:00', '2024-05-02T08:00:00+00:00'],
    );
    assert.deepEqual(providersOf(groups), ['ihealth', 'withings']);
  });

  test('the top-level key does not decide the group: source.provider does', () => {
    const groups: Groups = {
      lab_x: [{ source: { provider: 'omron', type: 'cuff' }, data: [{ timestamp: '2024-01-01T00:00:00Z', systolic: 1, diastolic: 1, unit: 'mmHg' }] }],
      omron: [{ source: { provider: 'omron', type: 'cuff' }, data: [{ timestamp: '2024-01-02T00:00:00Z', systolic: 2, diastolic: 2, unit: 'mmHg' }] }],
    };
    const grouped = groupReadings([groups], utc);
    assert.equal(grouped.length, 1);
    assert.equal(grouped[0]?.readings.length, 2);
  });

  test('unreadable timestamps are counted and left out', () => {
    const grouper = new ReadingGrouper(utc);
    grouper.add(groupsOf(['omron', 'cuff', [['not a date', 120, 80], ['2024-01-01T00:00:00Z', 120, 80]]]));
    assert.equal(grouper.readingCount, 1);
    assert.equal(grouper.unreadableCount, 1);
  });

  test('readingsIn and mergeGroupedPages keep every reading in the wire shape', () => {
    const page1 = groupsOf(['omron', 'cuff', [['2024-01-01T00:00:00Z', 120, 80]]]);
    const page2 = groupsOf(['omron', 'cuff', [['2024-01-02T00:00:00Z', 121, 81]]], ['apple_health_kit', 'app', [['2024-01-02T00:00:00Z', 110, 70]]]);
    const merged = mergeGroupedPages([page1, page2]);
    assert.equal(readingsIn(merged), 3);
    assert.equal(merged.omron?.length, 1);
    assert.equal(merged.omron?.[0]?.data.length, 2);
    assert.equal(page1.omron?.[0]?.data.length, 1, 'the input pages are not modified');
  });

  test('chart data: one shared time axis, a systolic and a diastolic column per provider', () => {
    const groups = groupReadings(
      [
        groupsOf(
          ['omron', 'cuff', [['2024-01-01T00:00:00Z', 120, 80], ['2024-01-01T00:00:10Z', 121, 81]]],
          ['withings', 'cuff', [['2024-01-01T00:00:10Z', 130, 85]]],
        ),
      ],
      utc,
    );
    const chart = alignedChartData(groups);
    const t0 = Date.parse('2024-01-01T00:00:00Z') / 1000;
    assert.deepEqual(chart.providers, ['omron', 'withings']);
    assert.deepEqual(chart.times, [t0, t0 + 10]);
    // undefined: no reading of that provider at that instant (the line is drawn across it).
    assert.deepEqual(chart.columns, [
      [120, 121],
      [80, 81],
      [undefined, 130],
      [undefined, 85],
    ]);
    assert.equal(chart.points, 3);
    assert.equal(chart.gaps, 0);
  });
});

describe('grouping a real sandbox response', () => {
  const fixture = useSandbox({ users: 8, seed: 7, heavyUserReadings: 5000, bloodPressurePageSize: 700 });

  test('every reading of every cursor page lands in exactly one group, sorted by time', async () => {
    const client = fixture.client();
    const { users } = await client.listUsers({ limit: 10 });
    const heavy = users.find((u) => u.client_user_id === 'sample-heavy-reader');
    assert.ok(heavy, 'the heavy reader is listed');
    const pages: Groups[] = [];
    const startDate = new Date(Date.now() - 400 * 86_400_000).toISOString().slice(0, 10);
    for await (const page of iterateBloodPressurePages(client, heavy.user_id, { startDate })) pages.push(page.groups);
    assert.ok(pages.length > 1, 'the response spans several pages');
    const raw = pages.reduce((sum, page) => sum + readingsIn(page), 0);
    assert.equal(raw, 5000);
    const groups = groupReadings(pages, new ZoneCalendar(heavy.fallback_time_zone?.id ?? undefined));
    assert.equal(groups.reduce((sum, g) => sum + g.readings.length, 0), raw);
    for (const group of groups) {
      for (let i = 1; i < group.readings.length; i++) {
        assert.ok((group.readings[i - 1]?.epochMs ?? 0) <= (group.readings[i]?.epochMs ?? 0));
      }
    }
  });
});

describe('readings with what the vendor may leave out', () => {
  // source.type is not required by the vendor's schema; a reading's unit may be another than mmHg.
  const groups: Groups = {
    omron: [
      { source: { provider: 'omron' }, data: [{ systolic: 121, diastolic: 79, timestamp: '2026-11-02T08:00:00+01:00', unit: 'mmHg', timezone_offset: 3600 }] },
      { source: { provider: 'omron', type: '' }, data: [{ systolic: 119, diastolic: 77, timestamp: '2026-11-02T09:00:00+01:00', unit: null }] },
      { source: { provider: 'omron', type: null }, data: [{ systolic: 140, diastolic: 95, timestamp: '2026-11-01T07:00:00+01:00', unit: 'mg/dL' }] },
    ],
  };

  test('a source type not sent stays missing and is its own group, apart from an empty one; a missing unit stays missing', () => {
    const grouped = groupReadings([groups], utc);
    assert.deepEqual(grouped.map((g) => [g.sourceType, g.readings.map((r) => r.unit)]), [
      [undefined, ['mg/dL', 'mmHg']],
      ['', [undefined]],
    ]);
    assert.equal(readingsIn(groups), 3);
    const merged = mergeGroupedPages([groups, groups]);
    // Not sent (absent) and null are one group: both say the service named no source type.
    assert.deepEqual(merged.omron?.map((g) => [g.source.type, g.data.length]), [[undefined, 4], ['', 2]]);
  });

  test('the CSV export leaves an empty cell for a value not sent, never "null" or "undefined"', () => {
    const csv = bloodPressureCsv(groupReadings([groups], utc), utc);
    assert.ok(!/null|undefined/.test(csv), csv);
    const lines = csv.trimEnd().split('\r\n');
    assert.equal(lines.length, 4);
    assert.ok(lines.some((line) => line.startsWith('omron,,2026-11-02T09:00:00+01:00,') && line.endsWith(',,119,77,,normal,,,')), lines.join('\n'));
  });
});
