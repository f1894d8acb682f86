import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { computeCoverage, nearestReadings } from '../../src/domain/coverage/bloodPressureCoverage';
import { groupReadings } from '../../src/domain/bloodPressure/bloodPressureGroups';
import { summarizeByProvider } from '../../src/domain/bloodPressure/bloodPressureSummary';
import { formDayRange, formBoundsMs, defaultBloodPressureForm, bloodPressureQueryOf } from '../../src/domain/bloodPressure/bloodPressureQuery';
import { ZoneCalendar } from '../../src/domain/zonedTime';
import { groupsOf } from '../support/bloodPressureBuilders';

const berlin = new ZoneCalendar('Europe/Berlin');

describe('coverage per provider per day', () => {
  const groups = groupReadings(
    [
      groupsOf(
        // 23:30 UTC on the 1st is already the 2nd in Berlin.
        ['omron', 'cuff', [['2024-05-01T23:30:00Z', 120, 80], ['2024-05-02T06:00:00Z', 122, 81], ['2024-05-04T06:00:00Z', 125, 82]]],
        ['withings', 'cuff', [['2024-05-01T10:00:00+02:00', 130, 85]]],
      ),
    ],
    berlin,
  );

  test('counts readings per calendar day of the user\'s zone, blank days included', () => {
    const coverage = computeCoverage(groups, berlin, { firstDay: '2024-05-01', lastDay: '2024-05-05' });
    assert.equal(coverage.totalDays, 5);
    assert.equal(coverage.daysPerCell, 1);
    assert.deepEqual(coverage.cells.map((c) => c.firstDay), ['2024-05-01', '2024-05-02', '2024-05-03', '2024-05-04', '2024-05-05']);
    const omron = coverage.providers.find((p) => p.provider === 'omron');
    assert.deepEqual(omron?.counts, [0, 2, 0, 1, 0]);
    assert.equal(omron?.daysWithReadings, 2);
    assert.deepEqual(coverage.providers.find((p) => p.provider === 'withings')?.counts, [1, 0, 0, 0, 0]);
  });

  test('providers without readings still get a blank strip', () => {
    const coverage = computeCoverage(groups, berlin, { firstDay: '2024-05-01', lastDay: '2024-05-04' }, { alsoShow: ['fitbit', 'omron'] });
    assert.deepEqual(coverage.providers.map((p) => p.provider), ['omron', 'withings', 'fitbit']);
    assert.deepEqual(coverage.providers[2]?.counts, [0, 0, 0, 0]);
    assert.equal(coverage.providers[2]?.daysWithReadings, 0);
  });

  test('the range grows to include readings outside it', () => {
    const coverage = computeCoverage(groups, berlin, { firstDay: '2024-05-03', lastDay: '2024-05-03' });
    assert.equal(coverage.firstDay, '2024-05-01');
    assert.equal(coverage.lastDay, '2024-05-04');
  });

  test('long ranges fold several days into one cell', () => {
    const coverage = computeCoverage(groups, berlin, { firstDay: '2024-01-01', lastDay: '2024-12-31' }, { maxCells: 100 });
    assert.equal(coverage.totalDays, 366);
    assert.equal(coverage.daysPerCell, 4);
    assert.equal(coverage.cells.length, 92);
    const omron = coverage.providers.find((p) => p.provider === 'omron');
    assert.equal(omron?.counts.reduce((a, b) => a + b, 0), 3);
    assert.equal(omron?.daysWithReadings, 2);
  });

  test('nearest readings before and after an empty range', () => {
    const start = Date.parse('2024-05-02T12:00:00Z');
    const end = Date.parse('2024-05-03T12:00:00Z');
    const nearest = nearestReadings(groups, start, end);
    assert.equal(nearest.beforeMs, Date.parse('2024-05-02T06:00:00Z'));
    assert.equal(nearest.afterMs, Date.parse('2024-05-04T06:00:00Z'));
    assert.deepEqual(nearestReadings([], start, end), { beforeMs: undefined, afterMs: undefined });
  });
});

describe('summary per provider', () => {
  test('count, first, last and means over all source types of a provider', () => {
    const groups = groupReadings(
      [
        groupsOf(
          ['ihealth', 'cuff', [['2024-01-02T00:00:00Z', 120, 80], ['2024-01-05T00:00:00Z', 130, 90]]],
          ['ihealth', 'unknown', [['2024-01-01T00:00:00Z', 110, 70]]],
          ['omron', 'cuff', [['2024-02-01T00:00:00Z', 141, 91]]],
        ),
      ],
      berlin,
    );
    const [ihealth, omron] = summarizeByProvider(groups);
    assert.equal(ihealth?.provider, 'ihealth');
    assert.deepEqual(ihealth?.sourceTypes, ['cuff', 'unknown']);
    assert.equal(ihealth?.count, 3);
    assert.equal(ihealth?.firstMs, Date.parse('2024-01-01T00:00:00Z'));
    assert.equal(ihealth?.lastMs, Date.parse('2024-01-05T00:00:00Z'));
    assert.equal(ihealth?.meanSystolic, 120);
    assert.equal(ihealth?.meanDiastolic, 80);
    assert.equal(omron?.count, 1);
    assert.equal(omron?.meanSystolic, 141);
  });

  test('no readings, no summary rows', () => {
    assert.deepEqual(summarizeByProvider([]), []);
  });
});

describe('the blood-pressure form', () => {
  test('defaults to the last 30 days ending today in the user\'s zone', () => {
    const now = Date.parse('2024-06-30T23:30:00Z'); // already July 1st in Berlin
    assert.deepEqual(defaultBloodPressureForm(berlin, now), { startDate: '2024-06-02', endDate: '2024-07-01', provider: '' });
  });

  test('day range and bounds of date-only and open-ended forms', () => {
    const now = Date.parse('2024-06-30T10:00:00Z');
    const form = { startDate: '2024-06-01', endDate: '', provider: 'omron' };
    assert.deepEqual(formDayRange(form, berlin, now), { firstDay: '2024-06-01', lastDay: '2024-06-30' });
    const bounds = formBoundsMs({ ...form, endDate: '2024-06-02' }, berlin, now);
    assert.equal(bounds.startMs, Date.parse('2024-05-31T22:00:00Z'));
    assert.equal(bounds.endMs, Date.parse('2024-06-02T21:59:59.999Z'));
  });

  test('empty fields are left out of the API query', () => {
    assert.deepEqual(bloodPressureQueryOf({ startDate: ' 2024-06-01 ', endDate: '', provider: '' }), { startDate: '2024-06-01' });
    assert.deepEqual(bloodPressureQueryOf({ startDate: '2024-06-01', endDate: '2024-06-02', provider: 'omron' }), {
      startDate: '2024-06-01',
      endDate: '2024-06-02',
      provider: 'omron',
    });
  });
});
