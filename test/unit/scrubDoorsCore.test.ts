// The pure parts of the scrubber's doors (issue 27): when a door scrubs, the coverage scan's rows as
// they leave (with the real scrubber: ids pseudonymised, days moved by the user's offset like that
// user's scrubbed request, a server message's quote of the id replaced), and the MCP server's setting.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { RequestOperation } from '../../src/api/requests';
import type { ScanRow } from '../../src/domain/coverage/coverageScan';
import { scrubScanRows, type RowScrubber } from '../../src/domain/coverage/coverageScanScrub';
import { coverageScanCsv } from '../../src/domain/coverage/coverageScanTable';
import { scrubApplies } from '../../src/domain/scrubPolicy';
import { mcpScrubSetting } from '../../src/mcp/mcpScrub';
import { scrubBody, scrubOperation } from '../../src/scrub/scrubber';

const SECRET = 'scrub-doors-core-secret-42';
const scrubber: RowScrubber = {
  body: (operation, body) => scrubBody(operation, body, SECRET).body,
  operation: (operation: RequestOperation) => scrubOperation(operation, SECRET).operation,
};

const EMAIL = 'john.smith@example.org';
const USER_ID = '5b3f1c2e-8d4a-4f6b-9c1d-2e3f4a5b6c7d';
const rows: ScanRow[] = [
  {
    status: 'scanned',
    userId: USER_ID,
    clientUserId: EMAIL,
    window: { firstDay: '2026-10-01', lastDay: '2026-10-30' },
    readings: 12,
    daysWithReadings: 9,
    daysWithoutData: 3,
    lastReadingDay: '2026-10-27',
    readingsPerDay: new Array<number>(30).fill(0),
    silentSources: ['omron'],
    findings: [],
  },
  { status: 'failed', userId: 'other-user-id-0001', clientUserId: '+1 555-123-4567', reason: 'not_found', message: 'User +1 555-123-4567 was not found' },
  { status: 'notScanned', userId: 'other-user-id-0002', clientUserId: 'Maria Garcia' },
];

describe('scrub policy', () => {
  test('always, never, and productionOnly by the environment', () => {
    assert.equal(scrubApplies('always', false), true);
    assert.equal(scrubApplies('never', true), false);
    assert.equal(scrubApplies('productionOnly', true), true);
    assert.equal(scrubApplies('productionOnly', false), false);
  });

  test('the MCP server: production scrubbed by default, with the given key or a random one; a bad value is refused', () => {
    assert.deepEqual(mcpScrubSetting({}, false), { ok: true, secret: undefined });
    assert.deepEqual(mcpScrubSetting({ HEALTH_DATA_SCRUB_SECRET: 'shared' }, true), { ok: true, secret: 'shared' });
    const random = mcpScrubSetting({}, true);
    const again = mcpScrubSetting({}, true);
    assert.ok(random.ok && again.ok && random.secret && again.secret && random.secret !== again.secret && random.secret.length >= 40);
    assert.ok(mcpScrubSetting({ HEALTH_DATA_SCRUB: 'always' }, false).ok);
    assert.deepEqual(mcpScrubSetting({ HEALTH_DATA_SCRUB: 'never' }, true), { ok: true, secret: undefined });
    assert.equal(mcpScrubSetting({ HEALTH_DATA_SCRUB: 'sometimes' }, true).ok, false);
  });
});

describe('coverage scan rows as they leave', () => {
  const scrubbed = scrubScanRows(rows, scrubber);
  const csv = coverageScanCsv(scrubbed);

  test('no id, e-mail, phone number or name is left in the CSV; the rest of each row is kept', () => {
    for (const planted of [EMAIL, USER_ID, '555-123-4567', 'Maria Garcia', 'other-user-id-0001']) assert.ok(!csv.includes(planted), `${planted} left in:\n${csv}`);
    assert.equal(scrubbed.length, rows.length);
    const first = scrubbed[0];
    assert.ok(first?.status === 'scanned');
    assert.equal(first.readings, 12);
    assert.deepEqual(first.silentSources, ['omron']);
    assert.equal(scrubbed[1]?.status, 'failed');
  });

  test('the same pseudonyms as the user\'s scrubbed request, and the days moved by that user\'s offset with the gaps kept', () => {
    const first = scrubbed[0];
    assert.ok(first?.status === 'scanned');
    const request = scrubber.operation({ name: 'getGroupedBloodPressure', args: [USER_ID, { startDate: '2026-10-01', endDate: '2026-10-30' }] });
    assert.ok(request.name === 'getGroupedBloodPressure');
    assert.equal(first.userId, request.args[0]);
    assert.equal(first.window.firstDay, request.args[1].startDate);
    assert.equal(first.window.lastDay, request.args[1].endDate);
    const day = (text: string | undefined): number => Date.parse(`${text}T00:00:00Z`) / 86_400_000;
    assert.equal(day(first.window.lastDay) - day(first.window.firstDay), 29, 'the window keeps its length');
    assert.equal(day(first.lastReadingDay) - day(first.window.firstDay), 26, 'the last reading keeps its place in it');
  });

  test('a failure\'s message no longer quotes the id it failed on', () => {
    const failed = scrubbed[1];
    assert.ok(failed?.status === 'failed');
    assert.ok(failed.message.includes(failed.clientUserId), failed.message);
  });
});
