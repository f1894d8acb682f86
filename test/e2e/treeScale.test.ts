// A team of 150,000 in a real workbench: 10,000 users paged in with the keyboard, the long list in
// ranges that fold as they fill, keyboard moves across ranges, and Resolve User on any page. Paging
// on to 100,000 is the integration suite's (shellTreeScale: every Load more, what VS Code re-reads)
// and the workbench benchmark's (treeLoadMore at 1,000, 10,000 and 100,000 users); here each page
// cost about a second of the e2e layer on 2 cores, for the same ranges and the same focus moves.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { HealthApiClient } from '../../src/api/client';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/server';
import { openWorkbench, type Workbench } from './workbench';

const TEAM_KEY = 'e2e-scale-key-5ca1ab1e';
const TEAM = 150_000;
const LOADED = 10_000;
const PAGE_SIZE = 500;
const count = (value: number): string => value.toLocaleString('en-US');

describe('Users tree of a 150,000-user team in a real workbench', () => {
  let workbench: Workbench;
  let team: SandboxHandle;
  let client: HealthApiClient;
  const userAt = async (position: number) => (await client.listUsers({ offset: position, limit: 1 })).users[0]!;
  const focusedRow = () => workbench.viewPane('Users').locator('.monaco-list-row.focused');

  before(async () => {
    team = await startSandbox({ port: 0, users: TEAM, seed: 21, apiKey: TEAM_KEY });
    client = new HealthApiClient({ baseUrl: team.url, apiKey: TEAM_KEY });
    workbench = await openWorkbench({
      theme: 'Dark',
      settings: { 'healthData.baseUrl.sandboxUs': team.url, 'healthData.usersPageSize': PAGE_SIZE },
    });
    await workbench.openViewContainer();
    await workbench.switchEnvironmentAndSetKey('Sandbox US', TEAM_KEY);
  });
  after(async () => {
    await workbench?.close();
    await client?.close();
    await team?.close();
  });

  test('End, Enter up to 10,000 users: full ranges fold, the last stays open, focus lands on each new page', async () => {
    const first = await userAt(0);
    await workbench.treeRow(first.client_user_id).waitFor();
    const list = workbench.viewPane('Users').locator('.monaco-list').first();
    for (let loaded = PAGE_SIZE; loaded < LOADED; loaded += PAGE_SIZE) {
      await list.focus();
      await workbench.page.keyboard.press('End');
      await workbench.waitForFocusedRow({ text: `Load more (${count(loaded)} of ${count(TEAM)})` });
      await workbench.page.keyboard.press('Enter');
      // Focus moves to the first row of the new page: that user's row is painted and focused.
      const firstNew = await userAt(loaded);
      await workbench.waitForFocusedRow({ label: firstNew.client_user_id });
    }
    const newest = await userAt(LOADED - PAGE_SIZE);
    await focusedRow().filter({ has: workbench.page.locator('.label-name', { hasText: newest.client_user_id }) }).waitFor();
    assert.equal(await focusedRow().getAttribute('aria-level'), '2', 'in a long list a user sits in its range');

    // Left from a user goes up to its range: the last one, open.
    await workbench.page.keyboard.press('ArrowLeft');
    const lastRange = focusedRow().filter({ has: workbench.page.locator('.label-name', { hasText: `Users ${count(LOADED - 999)}–${count(LOADED)}` }) });
    await lastRange.waitFor();
    assert.equal(await lastRange.getAttribute('aria-expanded'), 'true', 'the range still filling is open');
    assert.equal(await lastRange.getAttribute('aria-level'), '1');
    await workbench.page.keyboard.press('End');
    await focusedRow().filter({ hasText: `Load more (${count(LOADED)} of ${count(TEAM)})` }).waitFor();
    await workbench.screenshot('users-tree-10k-load-more-dark');
    // From the top: the full ranges, one row each, folded.
    await workbench.page.keyboard.press('Home');
    await focusedRow().filter({ has: workbench.page.locator('.label-name', { hasText: /^Users 1–1,000$/ }) }).waitFor();
    const top = await workbench.treeItems();
    const ranges = Array.from({ length: LOADED / 1_000 }, (_, index) => `Users ${count(index * 1_000 + 1)}–${count((index + 1) * 1_000)}`);
    // Every range is on screen, one row each: the full ones folded, the last (still filling) open below them.
    assert.deepEqual(top.slice(0, ranges.length).map((item) => [item.label, item.level, item.expanded]), ranges.map((label, index) => [label, 1, index === ranges.length - 1]));
    assert.ok(top.slice(ranges.length).every((item) => item.level === 2), 'below the ranges, only the open range\'s users');
    await workbench.screenshot('users-tree-10k-ranges-dark');
  });

  test('Home, Right, Down: the first range opens with the keyboard and its users follow in API order', async () => {
    const [first, second] = [await userAt(0), await userAt(1)];
    await workbench.viewPane('Users').locator('.monaco-list').first().focus();
    await workbench.page.keyboard.press('Home');
    await focusedRow().filter({ has: workbench.page.locator('.label-name', { hasText: /^Users 1–1,000$/ }) }).waitFor();
    assert.equal(await focusedRow().getAttribute('aria-expanded'), 'false');
    await workbench.page.keyboard.press('ArrowRight');
    await workbench.viewPane('Users').locator('.monaco-list-row.focused[aria-expanded="true"]').waitFor();
    // The range's rows arrive from the extension: Down moves once they are there.
    await workbench.treeRow(first.client_user_id).waitFor();
    await workbench.page.keyboard.press('ArrowDown');
    await focusedRow().filter({ has: workbench.page.locator('.label-name', { hasText: first.client_user_id }) }).waitFor();
    await workbench.page.keyboard.press('ArrowDown');
    await focusedRow().filter({ has: workbench.page.locator('.label-name', { hasText: second.client_user_id }) }).waitFor();
    assert.equal(await focusedRow().getAttribute('aria-level'), '2');
    // Left goes up to the range, Left again folds it.
    await workbench.page.keyboard.press('ArrowLeft');
    await focusedRow().filter({ has: workbench.page.locator('.label-name', { hasText: /^Users 1–1,000$/ }) }).waitFor();
    await workbench.page.keyboard.press('ArrowLeft');
    await workbench.viewPane('Users').locator('.monaco-list-row.focused[aria-expanded="false"]').waitFor();
  });

  test('Resolve User from F1 opens the folded range of a loaded user, and pins a user beyond the loaded 10,000', async () => {
    const loaded = await userAt(7_345);
    await workbench.runCommand('Health Data: Resolve User by client_user_id…');
    await workbench.typeIntoInput(loaded.client_user_id);
    const selected = workbench.viewPane('Users').locator('.monaco-list-row.selected', { has: workbench.page.locator('.label-name', { hasText: loaded.client_user_id }) });
    await selected.waitFor();
    assert.equal(await selected.getAttribute('aria-level'), '2', 'the listed row, in its range');
    const range = workbench.treeRow(`Users ${count(7_001)}–${count(8_000)}`);
    assert.equal(await range.getAttribute('aria-expanded'), 'true', 'its range was opened');

    const far = await userAt(120_000);
    await workbench.runCommand('Health Data: Resolve User by client_user_id…');
    await workbench.typeIntoInput(far.client_user_id);
    const pinned = workbench.viewPane('Users').locator('.monaco-list-row.selected', { has: workbench.page.locator('.label-name', { hasText: far.client_user_id }) });
    await pinned.waitFor();
    assert.equal(await pinned.getAttribute('aria-level'), '1', 'pinned at the top level');
    assert.match((await pinned.innerText()).replace(/\s+/g, ' '), /resolved/);
    await workbench.screenshot('users-tree-10k-resolved-dark');
  });

  test('End, Enter when the next page starts with a user pinned on top: focus lands on the next row the list shows', async () => {
    const pinned = await userAt(LOADED);
    await workbench.runCommand('Health Data: Resolve User by client_user_id…');
    await workbench.typeIntoInput(pinned.client_user_id);
    await workbench.viewPane('Users').locator('.monaco-list-row.selected', { has: workbench.page.locator('.label-name', { hasText: pinned.client_user_id }) }).waitFor();
    await workbench.viewPane('Users').locator('.monaco-list').first().focus();
    await workbench.page.keyboard.press('End');
    await focusedRow().filter({ hasText: `Load more (${count(LOADED)} of ${count(TEAM)})` }).waitFor();
    await workbench.page.keyboard.press('Enter');
    const next = await userAt(LOADED + 1);
    await focusedRow().filter({ has: workbench.page.locator('.label-name', { hasText: new RegExp(`^${next.client_user_id}$`) }) }).waitFor();
    assert.equal(await focusedRow().getAttribute('aria-level'), '2', 'the listed row, in its range');
  });
});
