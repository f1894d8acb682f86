// Diagnose Data in the real extension host: the panel opens from a user, reads the sandbox, and
// what its webview shows for the documented story users is the sandbox's documented finding; the
// findings carry the range that shows their evidence.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { User } from '../../src/api/schemas';
import { timeZoneIdOf } from '../../src/api/wireValues';
import { SAMPLE_STORIES, STORY_DAYS, type StoryKind } from '../../src/sandbox/data/sampleStories';
import { daysSinceBetween, localDayIn, localDaysOfUtcDay, utcDayBefore } from '../support/storyClock';
import { openPanelsFixture, panelReports, rendered, waitForPanel, type PanelReport, type PanelsFixture } from './panelsSupport';

const VIEW_TYPE = 'healthData.diagnosis';

let fixture: PanelsFixture & { close(): Promise<void> };
let users: User[];

interface ShownFinding {
  kind: string;
  severity: string;
  title: string;
  hasRange: boolean;
}

const storyUser = (kind: StoryKind): User => {
  const position = SAMPLE_STORIES.find((s) => s.kind === kind)?.position ?? assert.fail(kind);
  return users[position] ?? assert.fail(`user #${position}`);
};

function diagnosed(user: User, days = 30): Promise<PanelReport> {
  return waitForPanel(`the diagnosis of ${user.client_user_id} (${days} days)`, (report) => {
    if (report.viewType !== VIEW_TYPE || report.state?.userId !== user.user_id) return false;
    return rendered<string>(report, 'phase') === 'result' && rendered(report, 'days') === days;
  }, 60_000);
}

const problems = (report: PanelReport): string[] =>
  rendered<ShownFinding[]>(report, 'findings').filter((f) => f.severity !== 'info').map((f) => f.kind).sort();

suite('Panels: Diagnose Data', () => {
  suiteSetup(async () => {
    fixture = await openPanelsFixture({ users: 24, seed: 7 });
    users = (await fixture.client.listUsers({ limit: 24 })).users;
  });

  suiteTeardown(async () => {
    await fixture?.close();
  });

  test('from a tree node: the stopped source is stated in plain words, with its days, and the header names the environment', async () => {
    const user = storyUser('stoppedSyncing');
    const askedAt = Date.now();
    await vscode.commands.executeCommand('healthData.diagnoseData', { user });
    const report = await diagnosed(user);
    const shownAt = Date.now();
    assert.equal(report.title, `Diagnose: ${user.client_user_id} · Sandbox US`);
    assert.equal(rendered<string>(report, 'environment'), `Environment: ${fixture.testing.connection.environment().label}`);
    assert.deepEqual(problems(report), ['gap', 'sourceStopped']);
    const stopped = rendered<ShownFinding[]>(report, 'findings').find((f) => f.kind === 'sourceStopped') ?? assert.fail('a stopped source');
    const [, lastDay = '', days = ''] = /^Withings connected on \d{4}-\d{2}-\d{2}, no readings since (\d{4}-\d{2}-\d{2}) \((\d+) days\)$/.exec(stopped.title) ?? assert.fail(stopped.title);
    // The sandbox placed the last reading on the UTC day STORY_DAYS.stoppedSyncing before its today;
    // the diagnosis dates it, and counts the days since, in the user's zone at the time it ran.
    const zone = timeZoneIdOf(user) ?? 'UTC';
    const lastUtcDay = utcDayBefore(Date.parse(`${fixture.sandbox.today}T00:00:00Z`), STORY_DAYS.stoppedSyncing);
    assert.ok(localDaysOfUtcDay(zone, lastUtcDay).includes(lastDay), `${lastDay} is ${lastUtcDay} (UTC) in ${zone}`);
    assert.ok(daysSinceBetween(zone, lastDay, askedAt, shownAt).includes(Number(days)), `${days} days from ${lastDay} to today in ${zone}`);
    assert.equal(stopped.hasRange, true);
    // It says what it read: back from the window until the silent source's last reading was found.
    const read = rendered<string>(report, 'read');
    const [, readFrom = '', readTo = '', before = ''] = /^Read (\S+) to (\S+): the window and the (\d+) days before it, further back only while a source had no reading yet\.$/.exec(read) ?? assert.fail(read);
    assert.ok(readFrom <= lastDay && Number(before) < 365, `${read} reached ${lastDay}, short of the year`);
    assert.ok([localDayIn(zone, askedAt), localDayIn(zone, shownAt)].includes(readTo), `${read} ends today in ${zone}`);
    assert.deepEqual(Object.keys(report.state ?? {}).sort(), ['clientUserId', 'days', 'environment', 'userId', 'version']);
  });

  test('each story user shows the finding the sandbox documents; a user whose sources cannot measure is not flagged', async () => {
    const expected: [StoryKind, string[]][] = [
      ['neverDelivered', ['sourceNeverDelivered']],
      ['cannotMeasure', []],
      ['ingestionStartsInWindow', ['windowStartsBeforeIngestion']],
      ['ingestionEnded', ['sourceStopped', 'windowEndsAfterIngestion']],
      ['timeZoneChanged', ['offsetsDiffer']],
      ['longGap', ['gap']],
    ];
    const reads = new Map<StoryKind, string>();
    for (const [kind, wanted] of expected) {
      const user = storyUser(kind);
      await vscode.commands.executeCommand('healthData.diagnoseData', user.client_user_id);
      const report = await diagnosed(user);
      assert.deepEqual(problems(report), wanted, kind);
      reads.set(kind, rendered<string>(report, 'read'));
    }
    // A source that never delivered is looked for through the whole year; a user whose sources all
    // delivered in the window is read no further.
    assert.match(reads.get('neverDelivered') ?? '', /^Read \S+ to \S+: the window and the 365 days before it, /);
    assert.match(reads.get('longGap') ?? '', /^Read the window only \(\S+ to \S+\)\.$/);
    const cannot = await diagnosed(storyUser('cannotMeasure'));
    const facts = rendered<ShownFinding[]>(cannot, 'findings').filter((f) => f.kind === 'sourceCannotMeasure');
    assert.equal(facts.length, 2);
    assert.ok(facts.every((f) => f.severity === 'info' && /not a fault/.test(f.title)), JSON.stringify(facts));
  });

  test('another window (argument) re-diagnoses: 7 days no longer reach back to ingestion_start', async () => {
    const user = storyUser('ingestionStartsInWindow');
    await vscode.commands.executeCommand('healthData.diagnoseData', { user }, { days: 7 });
    const report = await diagnosed(user, 7);
    assert.deepEqual(problems(report), []);
    assert.equal((await panelReports()).filter((r) => r.viewType === VIEW_TYPE && r.state?.userId === user.user_id).length, 1, 'the same panel, revealed');
  });

  test('no key: the error names the next step (Set API Key) instead of findings', async () => {
    const user = storyUser('longGap');
    const stored = await fixture.testing.storedApiKey();
    try {
      await fixture.testing.clearApiKey();
      await vscode.commands.executeCommand('healthData.diagnoseData', { user }, { days: 14 });
      const report = await waitForPanel('the diagnosis error', (r) => r.viewType === VIEW_TYPE && r.state?.userId === user.user_id && rendered<string>(r, 'phase') === 'error');
      const error = rendered<{ actions: string[] }>(report, 'error');
      assert.ok(error.actions.includes('setApiKey'), JSON.stringify(error));
    } finally {
      if (stored) await fixture.testing.setApiKey(stored);
    }
  });
});
