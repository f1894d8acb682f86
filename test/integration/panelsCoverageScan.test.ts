// Scan Data Coverage in the real extension host: the command (with its request as argument) runs
// the scan over a sandbox playing the team's API; the panel accounts for every user, the exported
// CSV holds the findings the sandbox documents for its story users, and a failing user is listed
// with its reason rather than skipped.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { User } from '../../src/api/schemas';
import { SAMPLE_STORIES, type StoryKind } from '../../src/sandbox/data/sampleStories';
import { waitFor } from './helpers';
import { openPanelsFixture, panelReports, rendered, waitForPanel, type PanelReport, type PanelsFixture } from './panelsSupport';

const VIEW_TYPE = 'healthData.coverageScan';
// Enough users that the heat map cannot show them all at once (it draws only the visible rows).
const USERS = 120;

let fixture: PanelsFixture & { close(): Promise<void> };
let users: User[];
const folder = mkdtempSync(join(tmpdir(), 'hde-scan-'));

function scanDone(what: string, accept: (report: PanelReport) => boolean = () => true): Promise<PanelReport> {
  return waitForPanel(`the scan (${what}) to finish`, (report) => report.viewType === VIEW_TYPE && rendered<string>(report, 'phase') === 'done' && accept(report), 90_000);
}

type CsvRow = Record<string, string>;

async function exportRows(name: string): Promise<CsvRow[]> {
  const target = vscode.Uri.file(join(folder, name));
  const written = await vscode.commands.executeCommand<vscode.Uri | undefined>('healthData.exportCoverageScanCsv', target);
  assert.equal(written?.fsPath, target.fsPath);
  const [header, ...lines] = readFileSync(target.fsPath, 'utf8').trimEnd().split('\r\n');
  const columns = (header ?? '').split(',');
  // Test data has no commas or quotes in ids, providers or findings; messages are last.
  return lines.map((line) => Object.fromEntries(line.split(',').map((cell, i) => [columns[i] ?? `extra${i}`, cell])));
}

const storyUser = (kind: StoryKind): User => users[SAMPLE_STORIES.find((s) => s.kind === kind)?.position ?? -1] ?? assert.fail(kind);

suite('Panels: Scan Data Coverage', () => {
  suiteSetup(async () => {
    fixture = await openPanelsFixture({ users: USERS, seed: 3 });
    users = (await fixture.client.listUsers({ limit: USERS })).users;
  });

  suiteTeardown(async () => {
    await fixture?.close();
  });

  test('all users, 30 days: every user scanned; the CSV states the sandbox stories\' findings', async () => {
    await vscode.commands.executeCommand('healthData.scanDataCoverage', { days: 30, scope: { kind: 'all' }, provider: '' });
    const report = await scanDone('all users');
    assert.equal(report.title, 'Data Coverage: 30 days · Sandbox US', 'the tab names the environment scanned');
    assert.equal(rendered(report, 'total'), USERS);
    assert.equal(rendered(report, 'scanned'), USERS);
    assert.equal(rendered(report, 'failed'), 0);
    assert.equal(rendered(report, 'shownRows'), USERS);
    assert.equal(rendered<string>(report, 'environment'), fixture.testing.connection.environment().label);
    const drawn = rendered(report, 'heatMapRowsDrawn');
    assert.ok(drawn > 10 && drawn < USERS, `the heat map drew the ${drawn} visible rows of ${USERS}`);

    const rows = await exportRows('all.csv');
    assert.equal(rows.length, USERS);
    assert.deepEqual(rows.map((r) => r.client_user_id).sort(), users.map((u) => u.client_user_id).sort());
    // Worst first: the table is sorted by days without data, most first.
    const shown = rendered<string[]>(report, 'firstShown').map((id) => Number(rows.find((r) => r.client_user_id === id)?.days_without_data));
    assert.ok(shown.length === 50 && shown.every((days, i) => i === 0 || days <= (shown[i - 1] ?? 0)), shown.join());
    assert.equal(shown[0], 30);
    const byUser = (user: User): CsvRow => rows.find((r) => r.client_user_id === user.client_user_id) ?? assert.fail(user.client_user_id);
    assert.equal(byUser(storyUser('stoppedSyncing')).silent_sources, 'withings');
    assert.match(byUser(storyUser('stoppedSyncing')).findings ?? '', /sourceStopped/);
    assert.equal(byUser(storyUser('stoppedSyncing')).readings, '0');
    assert.equal(byUser(storyUser('neverDelivered')).silent_sources, 'ihealth');
    assert.match(byUser(storyUser('neverDelivered')).findings ?? '', /sourceNeverDelivered/);
    assert.equal(byUser(storyUser('cannotMeasure')).findings, 'sourceCannotMeasure', 'an empty row says why: no connected source can measure');
    assert.equal(byUser(storyUser('cannotMeasure')).last_reading_day, '');
    // The scan resolves each user for its ingestion bounds, as the diagnosis does: the stop is the ingestion end.
    assert.equal(byUser(storyUser('ingestionEnded')).findings, 'sourceStopped windowEndsAfterIngestion');
    // The last reading is known from the year before the window, where the silent source was looked up.
    const stoppedRow = byUser(storyUser('stoppedSyncing'));
    assert.ok((stoppedRow.last_reading_day ?? '') !== '' && (stoppedRow.last_reading_day ?? '') < (stoppedRow.window_start ?? ''), JSON.stringify(stoppedRow));
    assert.equal(byUser(storyUser('longGap')).findings, 'gap');
    for (let position = 0; position < 10; position++) {
      const row = byUser(users[position] ?? assert.fail());
      assert.ok(Number(row.readings) > 0 && row.status === 'scanned', JSON.stringify(row));
    }
  });

  test('the first N users, one provider: the same panel scans again; a failing user is listed with its reason', async () => {
    const failing = users[2] ?? assert.fail();
    fixture.sandbox.injectFaults({ kind: 'status', status: 404, path: `/v2/timeseries/${failing.user_id}/` });
    try {
      await vscode.commands.executeCommand('healthData.scanDataCoverage', { days: 7, scope: { kind: 'first', count: 5 }, provider: 'omron' });
      const report = await scanDone('first five', (r) => rendered(r, 'total') === 5);
      assert.equal(report.title, 'Data Coverage: 7 days · Sandbox US');
      assert.equal((await panelReports()).filter((r) => r.viewType === VIEW_TYPE).length, 1, 'one results panel');
      assert.equal(rendered(report, 'scanned'), 4);
      assert.equal(rendered(report, 'failed'), 1);
      const rows = await exportRows('first.csv');
      assert.deepEqual(rows.map((r) => r.client_user_id), users.slice(0, 5).map((u) => u.client_user_id));
      const failed = rows.find((r) => r.status === 'failed') ?? assert.fail('a failed row');
      assert.equal(failed.client_user_id, failing.client_user_id);
      assert.equal(failed.failure_reason, 'not_found');
      assert.ok(rows.filter((r) => r.status === 'scanned').every((r) => r.window_start !== '' && r.window_end !== ''));
    } finally {
      fixture.sandbox.clearFaults();
    }
  });

  test('the users the tree\'s filter matched: scanned as they are; another prefix is listed and matched anew', async () => {
    const prefix = 'PATIENT-00';
    const expected = users.filter((u) => u.client_user_id.toLowerCase().startsWith(prefix.toLowerCase()) || u.user_id.startsWith(prefix.toLowerCase()));
    assert.ok(expected.length > 0 && expected.length < USERS);
    await vscode.commands.executeCommand('healthData.filterUsers', prefix);
    await waitFor(() => fixture.testing.usersView.provider.summary().filter?.status === 'done', 'the filter search');
    try {
      await vscode.commands.executeCommand('healthData.scanDataCoverage', { days: 14, scope: { kind: 'filtered', prefix }, provider: '' });
      const report = await scanDone('filtered users', (r) => rendered(r, 'total') === expected.length);
      assert.equal(rendered(report, 'scanned'), expected.length);
      const rows = await exportRows('filtered.csv');
      assert.deepEqual(rows.map((r) => r.client_user_id).sort(), expected.map((u) => u.client_user_id).sort());

      const other = 'acme-';
      const listed = users.filter((u) => u.client_user_id.startsWith(other));
      await vscode.commands.executeCommand('healthData.scanDataCoverage', { days: 14, scope: { kind: 'filtered', prefix: other }, provider: '' });
      await scanDone('another prefix', (r) => rendered(r, 'total') === listed.length);
      assert.deepEqual((await exportRows('other.csv')).map((r) => r.client_user_id).sort(), listed.map((u) => u.client_user_id).sort());
    } finally {
      await vscode.commands.executeCommand('healthData.clearUsersFilter');
    }
  });

  test('a settings change clears the rows and says a setting changed, not that the window reloaded (issue 34 §3g)', async () => {
    const [shown] = (await panelReports()).filter((r) => r.viewType === VIEW_TYPE);
    assert.equal(rendered<string>(shown ?? assert.fail('the scan panel'), 'phase'), 'done', 'rows on screen before the change');
    const config = vscode.workspace.getConfiguration('healthData');
    const saved = config.inspect<boolean>('contractLens.enabled')?.globalValue;
    await config.update('contractLens.enabled', !config.get<boolean>('contractLens.enabled'), vscode.ConfigurationTarget.Global);
    try {
      const report = await waitForPanel('the cleared scan', (r) => r.viewType === VIEW_TYPE && rendered<string>(r, 'phase') === 'idle');
      assert.equal(rendered(report, 'scanned'), 0);
      assert.equal(
        rendered<string>(report, 'message'),
        'The results of this scan were cleared: a connection setting of its environment changed (its address, key, key header or the contract lens). Scan Again reads them anew.',
      );
    } finally {
      await config.update('contractLens.enabled', saved, vscode.ConfigurationTarget.Global);
    }
  });

  test('its saved state is the request only; restored after a reload it offers the scan again instead of old rows', async () => {
    const [original] = (await panelReports()).filter((r) => r.viewType === VIEW_TYPE);
    assert.deepEqual(Object.keys(original?.state ?? {}).sort(), ['environment', 'request', 'version']);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const restored = await vscode.commands.executeCommand<boolean>('healthData.restorePanel', VIEW_TYPE, original?.state);
    assert.equal(restored, true);
    const report = await waitForPanel('the restored scan panel', (r) => r.viewType === VIEW_TYPE && rendered<string>(r, 'phase') === 'idle');
    assert.equal(rendered(report, 'scanned'), 0);
    assert.equal(rendered<string>(report, 'message'), 'The results of this scan were not kept when the window reloaded.');
  });
});
