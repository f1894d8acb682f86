// The Users tree as a user sees it in a real workbench: sample users with no setup, a user's
// sources on expand, Resolve User from F1, Open as JSON from the inline action, in three themes.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { UserList } from '../../src/api/schemas';
import { embeddedSampleUsers, SAMPLE_DATA_BANNER } from './embeddedSample';
import { openWorkbench, type ThemeName, type Workbench } from './workbench';

const THEME_ORDER: ThemeName[] = ['Light', 'Dark', 'High Contrast'];
const PAGE_SIZE = 20;

describe('Users tree in a real workbench', () => {
  let workbench: Workbench;
  /** What the embedded sandbox serves: the same defaults (seed 1, 60 users), started here to compare. */
  let sample: UserList;

  before(async () => {
    sample = await embeddedSampleUsers();
    // A small page, so the last sample user is on no loaded page until Resolve User finds it.
    workbench = await openWorkbench({ theme: 'Light', settings: { 'healthData.usersPageSize': PAGE_SIZE } });
  });
  after(async () => {
    await workbench?.close();
  });

  test('a new user sees the sample users without doing anything, and the environment in the status bar', async () => {
    await workbench.openViewContainer();
    const expected = sample.users.slice(0, 5).map((user) => user.client_user_id);
    const items = await workbench.waitForTreeItems(
      // First the sample-data banner (a link to Switch Environment), then the users in API order.
      (rows) => rows[0]?.label === SAMPLE_DATA_BANNER && expected.every((label, index) => rows[index + 1]?.label === label),
      'the first sample users',
    );
    assert.ok(items.every((item) => item.level === 1));
    await workbench.treeRow(`Load more (${PAGE_SIZE} of ${sample.total})`).waitFor();
    await workbench.sideBar().getByText('Sample data from the built-in local sandbox', { exact: false }).waitFor();
    const status = await workbench.page.locator('.part.statusbar', { hasText: 'Local sandbox (sample data)' }).count();
    assert.equal(status, 1, 'the status bar names the active environment');
  });

  test('expanding a user shows its connected sources', async () => {
    const user = sample.users.find((candidate) => (candidate.connected_sources ?? []).length > 1) ?? sample.users[0]!;
    await workbench.expandTreeItem(user.client_user_id);
    const names = (user.connected_sources ?? []).map((connected) => connected.source?.name);
    const items = await workbench.waitForTreeItems(
      (rows) => names.every((name) => rows.some((row) => row.level === 3 && row.label === name)),
      `the sources of ${user.client_user_id}`,
    );
    assert.ok(items.some((item) => item.level === 2 && item.label === 'Connected sources' && item.expanded === true));
    assert.ok(items.some((item) => item.level === 2 && item.label === 'Details' && item.expanded === false));
    const slug = user.connected_sources?.[0]?.source?.slug;
    assert.ok(items.some((item) => item.level === 3 && item.description.startsWith(`${slug} · connected `)));
  });

  test('Resolve User from F1 selects a user that is on no loaded page', async () => {
    const far = sample.users.at(-1)!;
    await workbench.runCommand('Health Data: Resolve User by client_user_id…');
    await workbench.typeIntoInput(far.client_user_id);
    const selected = workbench.sideBar().locator('.monaco-list-row.selected .label-name', { hasText: far.client_user_id });
    await selected.waitFor();
    const items = await workbench.treeItems();
    assert.equal(items[0]?.label, SAMPLE_DATA_BANNER);
    assert.equal(items[1]?.label, far.client_user_id, 'pinned above the loaded page');
    assert.match(items[1]?.description ?? '', /resolved/);
  });

  test('Open as JSON (inline action) shows the user in a read-only JSON editor', async () => {
    const user = sample.users[0]!;
    const row = workbench.treeRow(user.client_user_id).first();
    await workbench.clickInlineAction(row, 'Open as JSON');
    const tab = workbench.page.locator('.tabs-container .tab', { hasText: `user ${user.client_user_id}.json` });
    await tab.waitFor();
    const editor = workbench.page.locator('.editor-instance .monaco-editor').first();
    await editor.locator('.view-lines', { hasText: `"user_id": "${user.user_id}"` }).waitFor();
    await editor.click();
    await workbench.page.keyboard.type('x');
    await workbench.page.locator('.monaco-editor-overlaymessage', { hasText: /read-only/i }).waitFor();
    await workbench.page.keyboard.press('Control+W');
    await tab.waitFor({ state: 'detached' });
  });

  for (const theme of THEME_ORDER) {
    test(`screenshot of the tree in ${theme}`, async () => {
      await workbench.setTheme(theme);
      await workbench.openViewContainer();
      await workbench.treeRow('Connected sources').first().waitFor();
      const file = await workbench.screenshot(`tree-${theme.toLowerCase().replace(/\s+/g, '-')}`);
      assert.match(file, /tree-(light|dark|high-contrast)\.png$/);
    });
  }
});
