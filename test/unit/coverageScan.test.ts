// The coverage scan engine against the real sandbox: every user accounted for, bounded
// concurrency, Cancel keeps partial results, failures listed with their reason, and the same
// findings under injected faults (429 with Retry-After, 503, connection resets) as without.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { HealthApiClient } from '../../src/api/client';
import type { GroupedBloodPressure, User } from '../../src/api/schemas';
import type { BloodPressureQuery } from '../../src/api/requests';
import type { CallOptions } from '../../src/api/client';
import { iterateUserPages } from '../../src/api/paging';
import { scanCoverage, type ScanRow } from '../../src/domain/coverage/coverageScan';
import { silentSources } from '../../src/domain/coverage/dataDiagnosis';
import { diagnoseUser } from '../../src/domain/coverage/diagnoseUser';
import type { Fault } from '../../src/sandbox/faults';
import { SAMPLE_STORIES } from '../../src/sandbox/data/sampleStories';
import { useSandbox, type SandboxFixture } from '../support/sandboxFixture';

/** The real client, counting how many blood-pressure requests are in flight at once. */
class InFlightCountingClient extends HealthApiClient {
  inFlight = 0;
  maxInFlight = 0;
  override async getGroupedBloodPressure(userId: string, query: BloodPressureQuery, opts: CallOptions = {}): Promise<GroupedBloodPressure> {
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      return await super.getGroupedBloodPressure(userId, query, opts);
    } finally {
      this.inFlight--;
    }
  }
}

async function allUsers(fixture: SandboxFixture): Promise<User[]> {
  const users: User[] = [];
  for await (const page of iterateUserPages(fixture.client(), { pageSize: 500 })) users.push(...page.users);
  return users;
}

const NOW = Date.now();
const byStatus = (rows: readonly ScanRow[], status: ScanRow['status']) => rows.filter((r) => r.status === status);

describe('coverage scan (60 users)', () => {
  const fixture = useSandbox({ users: 60, seed: 1 });

  test('every user scanned with at most 4 in flight; story users show their findings; counts match the API', async () => {
    const users = await allUsers(fixture);
    const client = new InFlightCountingClient({ baseUrl: fixture.sandbox.url, apiKey: fixture.sandbox.apiKey, retryBaseDelayMs: 1 });
    const progress: number[] = [];
    try {
      const result = await scanCoverage(client, users, { days: 30, concurrency: 4, nowMs: NOW, onProgress: (p) => progress.push(p.done) });
      assert.equal(result.rows.length, users.length);
      assert.equal(byStatus(result.rows, 'scanned').length, users.length);
      assert.equal(result.cancelled, false);
      assert.ok(client.maxInFlight >= 2 && client.maxInFlight <= 4, `max in flight ${client.maxInFlight}`);
      assert.deepEqual(progress, users.map((_, i) => i + 1));
      const row = (position: number) => {
        const found = result.rows[position];
        assert.ok(found?.status === 'scanned');
        return found;
      };
      for (let position = 0; position < 10; position++) assert.ok(row(position).readings > 0, `#${position} has readings`);
      const storyAt = (kind: string) => SAMPLE_STORIES.find((s) => s.kind === kind)?.position ?? -1;
      const stopped = row(storyAt('stoppedSyncing'));
      assert.deepEqual(stopped.findings, ['sourceStopped']);
      assert.deepEqual(stopped.silentSources, ['withings']);
      assert.equal(stopped.daysWithoutData, 30);
      assert.ok(stopped.lastReadingDay && stopped.lastReadingDay < stopped.window.firstDay, `the last reading, found before the window: ${stopped.lastReadingDay}`);
      assert.deepEqual(row(storyAt('neverDelivered')).silentSources, ['ihealth']);
      // The list carries no ingestion bounds (only resolve does): the scan resolves the user and says why it stopped.
      assert.deepEqual(row(storyAt('ingestionEnded')).silentSources, ['withings']);
      assert.deepEqual(row(storyAt('ingestionEnded')).findings, ['sourceStopped', 'windowEndsAfterIngestion']);
      assert.deepEqual(row(storyAt('ingestionStartsInWindow')).findings, ['windowStartsBeforeIngestion']);
      assert.equal(row(storyAt('cannotMeasure')).readings, 0);
      assert.equal(row(storyAt('cannotMeasure')).lastReadingDay, undefined);
      assert.deepEqual(row(storyAt('cannotMeasure')).findings, ['sourceCannotMeasure'], 'an empty row says why: no source can measure');
      // Counted against the API directly, for one user.
      const first = row(0);
      const page = await fixture.client().getGroupedBloodPressure(first.userId, { startDate: first.window.firstDay, endDate: first.window.lastDay });
      const direct = Object.values(page.groups).flat().reduce((sum, g) => sum + g.data.length, 0);
      assert.equal(first.readings, direct);
    } finally {
      await client.close();
    }
  });

  test('Cancel keeps the users done, lists the rest as not scanned; a failing user is listed with its reason', async () => {
    const users = await allUsers(fixture);
    const unknown: User = { ...users[0]!, user_id: '00000000-0000-4000-8000-00000000dead', client_user_id: 'nobody' };
    const client = fixture.client();
    const full = await scanCoverage(client, [unknown, ...users], { days: 14, concurrency: 3, nowMs: NOW });
    assert.deepEqual(full.rows[0], {
      status: 'failed',
      userId: unknown.user_id,
      clientUserId: 'nobody',
      reason: 'not_found',
      message: (full.rows[0] as { message: string }).message,
    });
    const controller = new AbortController();
    const partial = await scanCoverage(client, users, {
      days: 14,
      concurrency: 3,
      nowMs: NOW,
      signal: controller.signal,
      onProgress: (p) => (p.done === 10 ? controller.abort() : undefined),
    });
    assert.equal(partial.cancelled, true);
    assert.equal(partial.rows.length, users.length, 'every user accounted for');
    const scanned = byStatus(partial.rows, 'scanned');
    assert.ok(scanned.length >= 10 && scanned.length < users.length, `${scanned.length} scanned`);
    assert.equal(scanned.length + byStatus(partial.rows, 'notScanned').length, users.length);
    for (const row of scanned) assert.deepEqual(row, full.rows.find((r) => r.userId === row.userId), 'kept rows are complete');
  });
});

for (const seed of [1, 4]) {
  describe(`the scan says what the diagnosis says (every user of 60, seed ${seed})`, () => {
    const fixture = useSandbox({ users: 60, seed });

    test('per user: the same headline findings, silent sources, readings in the window and last reading', async () => {
      const users = await allUsers(fixture);
      const client = fixture.client();
      const now = Date.now();
      for (const days of [30, 7]) {
        const { rows } = await scanCoverage(client, users, { days, concurrency: 4, nowMs: now });
        const stories = new Set(SAMPLE_STORIES.map((story) => story.position));
        for (const [position, row] of rows.entries()) {
          assert.ok(row.status === 'scanned', `#${position} scanned`);
          const diagnosis = await diagnoseUser(client, row.clientUserId, { days, nowMs: now });
          const what = `#${position} ${row.clientUserId}${stories.has(position) ? ` (${SAMPLE_STORIES.find((s) => s.position === position)?.kind})` : ''}, ${days} days`;
          assert.deepEqual(row.findings, diagnosis.headline, `${what}: findings`);
          assert.deepEqual(row.silentSources, silentSources(diagnosis.findings), `${what}: silent sources`);
          assert.equal(row.readings, diagnosis.readingsInWindow, `${what}: readings in the window`);
          assert.equal(row.lastReadingDay, diagnosis.lastReadingDay, `${what}: last reading`);
          assert.deepEqual(row.window, diagnosis.window, `${what}: window`);
        }
      }
    });
  });
}

describe('coverage scan under faults (2,000 users)', () => {
  const fixture = useSandbox({ users: 2000, seed: 3 });

  /** One entry per request: 10 % 429 with Retry-After, 5 % 503, 2 % resets, the rest untouched. */
  function faultPlan(requests: number): Fault[] {
    let state = 12_345;
    const next = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const path = '/v2/timeseries/';
    return Array.from({ length: requests }, (): Fault => {
      const roll = next();
      if (roll < 0.1) return { path, kind: 'status', status: 429, retryAfter: '0' };
      if (roll < 0.15) return { path, kind: 'status', status: 503 };
      if (roll < 0.17) return { path, kind: 'reset' };
      return { path, kind: 'delay', ms: 0 };
    });
  }

  test('every user accounted for and the same findings as without faults', async () => {
    const users = await allUsers(fixture);
    assert.equal(users.length, 2000);
    const clean = await scanCoverage(fixture.client(), users, { days: 30, concurrency: 4, nowMs: NOW });
    fixture.sandbox.injectFaults(...faultPlan(2400));
    const { client, log } = fixture.loggingClient({ retryBaseDelayMs: 1 });
    const faulty = await scanCoverage(client, users, { days: 30, concurrency: 4, nowMs: NOW });
    fixture.sandbox.clearFaults();
    const statuses = (code: number) => log.filter((e) => e.status === code).length;
    assert.ok(statuses(429) > 150, `429s seen: ${statuses(429)}`);
    assert.ok(statuses(503) > 70, `503s seen: ${statuses(503)}`);
    assert.ok(log.filter((e) => e.error === 'network').length > 20, 'connection resets seen');
    assert.equal(faulty.rows.length, 2000);
    assert.equal(byStatus(faulty.rows, 'scanned').length, 2000, JSON.stringify(faulty.rows.filter((r) => r.status !== 'scanned').slice(0, 3)));
    assert.deepEqual(faulty.rows, clean.rows);
  });
});
