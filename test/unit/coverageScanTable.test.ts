// The scan result table's rules (filters, sort orders, CSV) on constructed rows, and the per-day
// counts the heat map draws, against the real sandbox.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ScanRow } from '../../src/domain/coverage/coverageScan';
import { scanCoverage } from '../../src/domain/coverage/coverageScan';
import { coverageScanCsv, heatLevel, keepsRow, scanWindowSpan, viewOrder, type ScannedRow } from '../../src/domain/coverage/coverageScanTable';
import type { FindingKind } from '../../src/domain/coverage/dataDiagnosis';
import { iterateUserPages } from '../../src/api/paging';
import type { User } from '../../src/api/schemas';
import { useSandbox } from '../support/sandboxFixture';

function row(clientUserId: string, fields: Partial<ScannedRow> = {}): ScannedRow {
  return {
    status: 'scanned',
    userId: `id-${clientUserId}`,
    clientUserId,
    window: { firstDay: '2026-10-24', lastDay: '2026-11-22' },
    readings: 10,
    daysWithReadings: 5,
    daysWithoutData: 0,
    lastReadingDay: '2026-11-22',
    readingsPerDay: [],
    silentSources: [],
    findings: [],
    ...fields,
  };
}

const fine = row('fine');
const stoppedLong = row('stopped-long', { readings: 0, daysWithoutData: 30, lastReadingDay: undefined, silentSources: ['withings'], findings: ['gap', 'sourceStopped'] as FindingKind[] });
const stoppedShort = row('stopped-short', { readings: 3, daysWithoutData: 8, lastReadingDay: '2026-11-14', silentSources: ['withings'], findings: ['sourceStopped'] as FindingKind[] });
const never = row('never', { readings: 40, silentSources: ['ihealth'], findings: ['sourceNeverDelivered'] as FindingKind[] });
const rows = [fine, stoppedLong, stoppedShort, never];

describe('scan table filters', () => {
  test('connected but silent: any silent source', () => {
    assert.deepEqual(rows.filter((r) => keepsRow(r, 'connectedButSilent')).map((r) => r.clientUserId), ['stopped-long', 'stopped-short', 'never']);
  });
  test('stopped syncing for at least N days', () => {
    assert.deepEqual(rows.filter((r) => keepsRow(r, 'stoppedSyncing', 7)).map((r) => r.clientUserId), ['stopped-long', 'stopped-short']);
    assert.deepEqual(rows.filter((r) => keepsRow(r, 'stoppedSyncing', 14)).map((r) => r.clientUserId), ['stopped-long']);
  });
  test('never delivered', () => {
    assert.deepEqual(rows.filter((r) => keepsRow(r, 'neverDelivered')).map((r) => r.clientUserId), ['never']);
  });
  test('all keeps all', () => {
    assert.equal(rows.filter((r) => keepsRow(r, 'all')).length, rows.length);
  });
});

describe('scan table sort orders (worst first; descending reverses)', () => {
  const names = (order: number[]): string[] => order.map((i) => rows[i]?.clientUserId ?? '?');
  test('days without data', () => assert.deepEqual(names(viewOrder(rows, 'all', 'daysWithoutData')), ['stopped-long', 'stopped-short', 'fine', 'never']));
  test('last reading: none first, then the oldest', () => assert.deepEqual(names(viewOrder(rows, 'all', 'lastReading')), ['stopped-long', 'stopped-short', 'fine', 'never']));
  test('readings: fewest first', () => assert.deepEqual(names(viewOrder(rows, 'all', 'readings')), ['stopped-long', 'stopped-short', 'fine', 'never']));
  test('silent sources: most first, descending reverses', () => {
    assert.deepEqual(names(viewOrder(rows, 'all', 'silentSources')), ['never', 'stopped-long', 'stopped-short', 'fine']);
    assert.deepEqual(names(viewOrder(rows, 'all', 'silentSources', true)), ['fine', 'stopped-short', 'stopped-long', 'never']);
  });
  test('filter and sort together', () => assert.deepEqual(names(viewOrder(rows, 'stoppedSyncing', 'readings', false, 7)), ['stopped-long', 'stopped-short']));
});

describe('scan CSV', () => {
  test('every user on a line: scanned, failed with its reason, not scanned; formulas defused', () => {
    const all: ScanRow[] = [
      stoppedShort,
      { status: 'failed', userId: 'u2', clientUserId: '=HYPERLINK("x")', reason: 'server', message: 'HTTP 503, Service Unavailable' },
      { status: 'notScanned', userId: 'u3', clientUserId: 'later' },
    ];
    const lines = coverageScanCsv(all).trimEnd().split('\r\n');
    assert.equal(lines[0], 'client_user_id,user_id,status,window_start,window_end,readings,days_with_readings,days_without_data,last_reading_day,silent_sources,findings,failure_reason,failure_message');
    assert.equal(lines[1], 'stopped-short,id-stopped-short,scanned,2026-10-24,2026-11-22,3,5,8,2026-11-14,withings,sourceStopped,,');
    assert.equal(lines[2], `"'=HYPERLINK(""x"")",u2,failed,,,,,,,,,server,"HTTP 503, Service Unavailable"`);
    assert.equal(lines[3], 'later,u3,notScanned,,,,,,,,,cancelled,');
    assert.equal(lines.length, 4);
  });
});

test('heat map levels: none, one, two or three, four or more', () => {
  assert.deepEqual([0, 1, 2, 3, 4, 9].map(heatLevel), [0, 1, 2, 2, 3, 3]);
});

describe('per-day counts of a scanned row (the heat map)', () => {
  const fixture = useSandbox({ users: 20, seed: 2 });
  test('one count per day of the window, summing to the readings; none for a silent user', async () => {
    const users: User[] = [];
    for await (const page of iterateUserPages(fixture.client(), { pageSize: 100 })) users.push(...page.users);
    const result = await scanCoverage(fixture.client(), users, { days: 14 });
    for (const r of result.rows) {
      assert.equal(r.status, 'scanned');
      if (r.status !== 'scanned') continue;
      assert.equal(r.readingsPerDay.length, 14);
      assert.equal(r.readingsPerDay.reduce((a, b) => a + b, 0), r.readings, r.clientUserId);
      assert.equal(r.readingsPerDay.filter((n) => n > 0).length, r.daysWithReadings, r.clientUserId);
    }
    const stopped = result.rows[10];
    assert.ok(stopped?.status === 'scanned' && stopped.readingsPerDay.every((n) => n === 0));
  });
});

describe('issue 28: the scan says which days it looked at', () => {
  test('one window for every user; windows a day apart (users\' zones) are said to be each user\'s own', () => {
    const at = (firstDay: string, lastDay: string) => ({ window: { firstDay, lastDay } });
    assert.equal(scanWindowSpan([]), undefined);
    assert.deepEqual(scanWindowSpan([at('2026-10-28', '2026-11-26'), at('2026-10-28', '2026-11-26')]), { firstDay: '2026-10-28', lastDay: '2026-11-26', sameForAll: true });
    assert.deepEqual(scanWindowSpan([at('2026-10-28', '2026-11-26'), at('2026-10-27', '2026-11-25')]), { firstDay: '2026-10-27', lastDay: '2026-11-26', sameForAll: false });
  });
});
