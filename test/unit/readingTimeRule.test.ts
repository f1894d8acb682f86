// Issue 28.2: when a reading's timezone_offset and its timestamp's offset disagree, the summary, the
// table, the tooltip and the exports show one time by one rule (the time at timezone_offset), and
// the contract lens names the disagreement (offsetMismatch).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { GroupedBloodPressure } from '../../src/api/schemas';
import { inspectResponse } from '../../src/api/contract/inspect';
import { offsetDisagreement, writtenOffsetSeconds } from '../../src/api/contract/readingChecks';
import { columnsOfPage } from '../../src/domain/bloodPressure/bloodPressureColumns';
import { bloodPressureCsv } from '../../src/domain/bloodPressure/bloodPressureExport';
import { groupReadings } from '../../src/domain/bloodPressure/bloodPressureGroups';
import { ReadingStore } from '../../src/domain/bloodPressure/bloodPressureStore';
import { summarizeByProvider } from '../../src/domain/bloodPressure/bloodPressureSummary';
import { readingWallTime } from '../../src/domain/bloodPressure/readingWallTime';
import { ZoneCalendar } from '../../src/domain/zonedTime';

const berlin = new ZoneCalendar('Europe/Berlin');

/** The walk's case: 07:35:59 written at +02:00, and a timezone_offset three minutes further east. */
const page: GroupedBloodPressure['groups'] = {
  omron: [
    {
      source: { provider: 'omron', type: 'cuff' },
      data: [
        { timestamp: '2026-11-20T07:35:59+02:00', systolic: 121, diastolic: 79, unit: 'mmHg', timezone_offset: 7380 },
        { timestamp: '2026-11-21T08:00:00+02:00', systolic: 118, diastolic: 76, unit: 'mmHg', timezone_offset: 7200 },
        { timestamp: '2026-11-22T09:00:00Z', systolic: 119, diastolic: 77, unit: 'mmHg' },
      ],
    },
  ],
};

describe('one time rule for a reading', () => {
  test('the time at the reading\'s own timezone_offset, else in the user\'s zone', () => {
    const instant = Date.parse('2026-11-20T07:35:59+02:00');
    assert.deepEqual(readingWallTime(instant, 7380, berlin), { text: '2026-11-20 07:38:59', basis: 'own', zoneText: 'UTC+02:03' });
    assert.deepEqual(readingWallTime(instant, undefined, berlin), { text: '2026-11-20 06:35:59', basis: 'zone', zoneText: 'Europe/Berlin' });
  });

  test('the summary\'s first and last carry the offsets the table shows them at, in the host and the webview store alike', () => {
    const [omron] = summarizeByProvider(groupReadings([page], berlin));
    assert.equal(omron?.firstOwnOffsetSeconds, 7380);
    assert.equal(omron?.lastOwnOffsetSeconds, undefined);
    assert.equal(readingWallTime(omron!.firstMs, omron!.firstOwnOffsetSeconds, berlin).text, '2026-11-20 07:38:59', 'the summary says what the table says');
    const store = new ReadingStore();
    store.add(columnsOfPage(page, berlin));
    assert.deepEqual(store.summaries(), summarizeByProvider(groupReadings([page], berlin)));
    const [source] = store.sources();
    assert.equal(readingWallTime(source!.timeAt(0), source!.ownOffsetSeconds(0), berlin).text, '2026-11-20 07:38:59', 'the table\'s row');
  });

  test('the CSV\'s local_time follows the same rule', () => {
    const [header, first] = bloodPressureCsv(groupReadings([page], berlin), berlin).split('\r\n').map((line) => line.split(','));
    assert.equal(first![header!.indexOf('local_time')], '2026-11-20 07:38:59');
    assert.equal(first![header!.indexOf('time_zone')], 'UTC+02:03');
  });
});

describe('the contract lens names a disagreement of the two offsets', () => {
  test('offsets written in a timestamp', () => {
    assert.equal(writtenOffsetSeconds('2026-11-20T07:35:59+02:00'), 7200);
    assert.equal(writtenOffsetSeconds('2026-11-20T07:35:59.123-05:30'), -19800);
    assert.equal(writtenOffsetSeconds('2026-11-20T07:35:59+0200'), 7200);
    assert.equal(writtenOffsetSeconds('2026-11-20T07:35:59Z'), 0);
    assert.equal(writtenOffsetSeconds('2026-11-20T07:35:59'), undefined);
    assert.equal(writtenOffsetSeconds('2026-11-20'), undefined);
    assert.equal(offsetDisagreement('2026-11-20T07:35:59+02:00', 7380), 180);
    assert.equal(offsetDisagreement('2026-11-20T07:35:59+02:00', 7200), undefined);
    assert.equal(offsetDisagreement('2026-11-20T07:35:59', 7380), undefined, 'no written offset, nothing to disagree with');
  });

  test('one offsetMismatch entry for the page, counted over its readings, with the first path', () => {
    const found = inspectResponse('groupedBloodPressure', { groups: page, next_cursor: null }).filter((d) => d.kind === 'offsetMismatch');
    assert.deepEqual(
      found.map((d) => [d.pattern, d.path, d.count, d.of, d.value, d.section]),
      [['groups.*[*].data[*].timezone_offset', 'groups.omron[0].data[0].timezone_offset', 1, 3, undefined, '2.2']],
    );
    assert.match(found[0]!.spec, /Shown: the time at timezone_offset/);
  });
});
