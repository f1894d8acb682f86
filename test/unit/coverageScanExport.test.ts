// Export CSV of a filtered scan (issue 28): when the table shows fewer rows than the scan holds,
// the "shown" choice writes exactly the rows shown, in the table's order; the All filter offers no
// choice.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ScanRow } from '../../src/domain/coverage/coverageScan';
import { shownRowsToExport } from '../../src/domain/coverage/coverageScanExport';
import { coverageScanCsv, type ScannedRow } from '../../src/domain/coverage/coverageScanTable';
import type { FindingKind } from '../../src/domain/coverage/dataDiagnosis';

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

const rows: ScanRow[] = [
  row('fine'),
  row('never-a', { silentSources: ['ihealth'], findings: ['sourceNeverDelivered'] as FindingKind[], daysWithoutData: 3 }),
  row('stopped', { readings: 0, daysWithoutData: 30, lastReadingDay: undefined, silentSources: ['withings'], findings: ['sourceStopped'] as FindingKind[] }),
  row('never-b', { silentSources: ['omron'], findings: ['sourceNeverDelivered'] as FindingKind[], daysWithoutData: 9 }),
  { status: 'failed', userId: 'id-x', clientUserId: 'x', reason: 'server', message: 'HTTP 500' },
];

describe('coverage scan export', () => {
  test('a filtered table: the shown rows, in the table\'s order; the CSV of them has just those', () => {
    const shown = shownRowsToExport(rows, { filter: 'neverDelivered', sort: 'daysWithoutData', descending: false, stoppedDays: 7 });
    assert.deepEqual(shown?.map((r) => r.clientUserId), ['never-b', 'never-a'], 'most days without data first, as the table sorts');
    const reversed = shownRowsToExport(rows, { filter: 'neverDelivered', sort: 'daysWithoutData', descending: true, stoppedDays: 7 });
    assert.deepEqual(reversed?.map((r) => r.clientUserId), ['never-a', 'never-b'], 'the table\'s reversed order');
    const csv = coverageScanCsv(shown ?? []).trimEnd().split('\r\n');
    assert.equal(csv.length, 3, 'a header and the two shown rows');
    assert.ok(csv[1]!.startsWith('never-b') && csv[2]!.startsWith('never-a'));
  });

  test('the All filter, or a filter that keeps every row, offers no choice: everything is written', () => {
    assert.equal(shownRowsToExport(rows, { filter: 'all', sort: 'daysWithoutData', descending: false, stoppedDays: 7 }), undefined);
    const neverOnly = rows.filter((r) => r.clientUserId.startsWith('never'));
    assert.equal(shownRowsToExport(neverOnly, { filter: 'neverDelivered', sort: 'daysWithoutData', descending: false, stoppedDays: 7 }), undefined);
    assert.equal(shownRowsToExport(rows, undefined), undefined, 'no table yet: everything');
  });
});
