// The pure pieces behind the blood-pressure panel's query bar, chart and exports.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { groupedBloodPressureRequest } from '../../src/api/requests';
import { alignedChartData, GAP_SECONDS, seriesColorSlot } from '../../src/domain/bloodPressure/bloodPressureChartSeries';
import { groupReadings } from '../../src/domain/bloodPressure/bloodPressureGroups';
import { bloodPressureQueryOf, DEFAULT_RANGE_DAYS, defaultBloodPressureForm, formStartingOn, type BloodPressureForm } from '../../src/domain/bloodPressure/bloodPressureQuery';
import { ingestionStartDay, presetForm, presetOf, RANGE_PRESETS, stepDay } from '../../src/domain/bloodPressure/bloodPressureRangePresets';
import { bloodPressureExportName, fileNamePart } from '../../src/domain/exportNames';
import { jsonDocumentFileName, requestTitle } from '../../src/domain/requests/jsonDocument';
import { daysEndingOn, lastDaysWindow } from '../../src/domain/coverage/diagnosisWindow';
import { dayCount, ZoneCalendar } from '../../src/domain/zonedTime';
import { CHART_PALETTES } from '../../src/domain/bloodPressure/chartColors';
import { groupsOf } from '../support/bloodPressureBuilders';

const utc = new ZoneCalendar('UTC');
const form: BloodPressureForm = { startDate: '2026-01-01', endDate: '2026-01-31', provider: 'withings' };

describe('date-range presets', () => {
  test('each "last" preset ends today and keeps the provider', () => {
    const today = '2026-11-23';
    assert.deepEqual(presetForm(form, 'last7', today, undefined), { startDate: '2026-11-17', endDate: today, provider: 'withings' });
    assert.deepEqual(presetForm(form, 'last30', today, undefined)?.startDate, '2026-10-25');
    assert.deepEqual(presetForm(form, 'last90', today, undefined)?.startDate, '2026-08-26');
    assert.deepEqual(presetForm(form, 'lastYear', today, undefined)?.startDate, '2025-11-24');
    assert.equal(presetForm(form, 'lastYear', '2028-02-29', undefined)?.startDate, '2027-03-01');
  });

  test('issue 28: "N days" spans N calendar days, today included, as the diagnosis and the scan count theirs', () => {
    const today = '2026-11-26';
    const days = { last7: 7, last30: 30, last90: 90, lastYear: 365 } as const;
    for (const [preset, n] of Object.entries(days) as [keyof typeof days, number][]) {
      const range = presetForm(form, preset, today, undefined) ?? assert.fail(preset);
      assert.equal(dayCount(range.startDate, range.endDate), n, preset);
      if (preset !== 'lastYear') assert.equal(range.startDate, daysEndingOn(today, n).firstDay, `${preset} agrees with the diagnosis's window`);
    }
    const nowMs = Date.parse('2026-11-26T12:00:00Z');
    const window = lastDaysWindow(30, utc, nowMs);
    assert.deepEqual(window, { firstDay: '2026-10-28', lastDay: '2026-11-26' });
    assert.deepEqual(presetForm(form, 'last30', utc.dayKey(nowMs), undefined)?.startDate, window.firstDay);
    const defaults = defaultBloodPressureForm(utc, nowMs);
    assert.equal(dayCount(defaults.startDate, defaults.endDate), DEFAULT_RANGE_DAYS);
    const around = formStartingOn(form, '2026-01-01');
    assert.equal(dayCount(around.startDate, around.endDate), DEFAULT_RANGE_DAYS, '"Show those 30 days" shows 30');
  });

  test('"since ingestion start" needs the day, and never starts after today', () => {
    assert.equal(presetForm(form, 'sinceIngestion', '2026-11-23', undefined), undefined);
    assert.deepEqual(presetForm(form, 'sinceIngestion', '2026-11-23', '2024-03-05'), { startDate: '2024-03-05', endDate: '2026-11-23', provider: 'withings' });
    assert.equal(presetForm(form, 'sinceIngestion', '2026-11-23', '2027-01-01')?.startDate, '2026-11-23');
  });

  test('the matching preset is recognised, a hand-typed range matches none', () => {
    const today = '2026-11-23';
    for (const preset of RANGE_PRESETS) {
      const applied = presetForm(form, preset, today, '2020-01-01') ?? assert.fail(preset);
      assert.equal(presetOf(applied, today, '2020-01-01'), preset);
    }
    assert.equal(presetOf({ ...form, startDate: '2026-11-01', endDate: today }, today, undefined), undefined);
    assert.equal(presetOf({ ...form, startDate: '2026-11-16', endDate: '' }, today, undefined), undefined, 'an open end is not "last 7 days"');
  });

  test('the ingestion start is read as a day of the user\'s zone', () => {
    assert.equal(ingestionStartDay('2024-03-05', utc), '2024-03-05');
    assert.equal(ingestionStartDay('2024-03-05T23:30:00Z', new ZoneCalendar('Asia/Tokyo')), '2024-03-06');
    assert.equal(ingestionStartDay(null, utc), undefined);
    assert.equal(ingestionStartDay('soon', utc), undefined);
  });

  test('Up/Down step a typed date by a day; other text is left alone', () => {
    assert.equal(stepDay('2026-02-28', 1), '2026-03-01');
    assert.equal(stepDay(' 2024-03-01 ', -1), '2024-02-29');
    assert.equal(stepDay('2026-02-3', 1), '2026-02-3');
    assert.equal(stepDay('', -1), '');
  });
});

describe('chart series', () => {
  const day = (n: number, hour = 8): string => new Date(Date.UTC(2026, 0, 1 + n, hour)).toISOString();

  test('a provider\'s line breaks over a gap longer than three days, and only there', () => {
    const groups = groupReadings(
      [groupsOf(['omron', 'cuff', [[day(0), 120, 80], [day(1), 121, 81], [day(20), 125, 82], [day(21), 126, 83]]], ['withings', 'cuff', [[day(10), 130, 85]]])],
      utc,
    );
    const chart = alignedChartData(groups);
    assert.equal(chart.gaps, 1);
    assert.equal(chart.points, 5);
    const omron = chart.columns[0] ?? assert.fail();
    const breaks = omron.map((v, i) => (v === null ? i : -1)).filter((i) => i >= 0);
    assert.equal(breaks.length, 1);
    const at = chart.times[breaks[0] ?? -1] ?? assert.fail();
    assert.ok(at > Date.parse(day(1)) / 1000 && at < Date.parse(day(20)) / 1000, 'the break lies inside the gap');
    // Between omron's readings on day 1 and day 20, withings' reading on day 10 is not a break for omron.
    const withingsRow = chart.times.indexOf(Date.parse(day(10)) / 1000);
    assert.equal(omron[withingsRow], undefined);
    assert.deepEqual([...chart.times].sort((a, b) => a - b), chart.times, 'times stay ascending');
    assert.equal(new Set(chart.times).size, chart.times.length, 'and unique');
  });

  test('readings closer than the gap threshold are one unbroken line', () => {
    const step = (GAP_SECONDS - 60) * 1000;
    const times = [0, 1, 2, 3].map((i) => new Date(Date.UTC(2026, 0, 1) + i * step).toISOString());
    const chart = alignedChartData(groupReadings([groupsOf(['omron', 'cuff', times.map((t): [string, number, number] => [t, 120, 80])])], utc));
    assert.equal(chart.gaps, 0);
    assert.ok(!chart.columns[0]?.includes(null));
  });

  test('a provider keeps its colour whatever the filter shows', () => {
    const connected = ['withings', 'omron', 'ihealth'];
    const size = CHART_PALETTES.light.series.length;
    const slots = connected.map((p) => seriesColorSlot(p, connected, size));
    assert.equal(new Set(slots).size, 3, 'connected providers get different colours');
    // Filtering to one provider, or listing the providers in another order, changes nothing.
    assert.equal(seriesColorSlot('withings', [...connected].reverse(), size), slots[0]);
    assert.equal(seriesColorSlot('gone_provider', connected, size), seriesColorSlot('gone_provider', connected, size));
    assert.ok(seriesColorSlot('gone_provider', connected, size) < size);
  });
});

describe('export and raw-response names carry the whole query', () => {
  test('the export name has the range and the provider', () => {
    assert.equal(bloodPressureExportName('client 1', form), 'blood-pressure-client_1-2026-01-01_2026-01-31-withings');
    assert.equal(
      bloodPressureExportName('c', { startDate: '2026-01-01T00:00:00+02:00', endDate: '', provider: '' }),
      'blood-pressure-c-2026-01-01T00_00_00_02_00_now-all-providers',
    );
    assert.equal(fileNamePart('../x'), '.._x');
  });

  test('the raw-response title keeps every query parameter, provider included', () => {
    const userId = '0b8f7a52-2f0b-4b8e-9a51-3c0d2f6b1e77';
    const spec = groupedBloodPressureRequest(userId, bloodPressureQueryOf({ startDate: '2026-10-24', endDate: '2026-11-23', provider: 'withings' }));
    const name = jsonDocumentFileName(requestTitle(spec));
    assert.match(name, /start_date=2026-10-24&end_date=2026-11-23&provider=withings\.json$/);
    assert.ok(name.length <= 125, name);
    assert.ok(!name.includes('/'));
    assert.ok(name.startsWith('GET v2 timeseries'), name);
  });
});
