// Look up in Health Data as a person does it: an id selected in an editor, the editor's context
// menu, and the user selected in the Users view — even one on no loaded page.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { UserList } from '../../src/api/schemas';
import { embeddedSampleUsers, SAMPLE_DATA_BANNER } from './embeddedSample';
import { openWorkbench, type Workbench } from './workbench';

const PAGE_SIZE = 20;

describe('Look up in Health Data in a real workbench', () => {
  let workbench: Workbench;
  /** What the embedded sandbox serves (same defaults: seed 1, 60 users), started here to compare. */
  let sample: UserList;

  before(async () => {
    sample = await embeddedSampleUsers();
    workbench = await openWorkbench({ theme: 'Dark', settings: { 'healthData.usersPageSize': PAGE_SIZE } });
  });
  after(async () => {
    await workbench?.close();
  });

  test('select a client_user_id in an editor, Look up from the context menu: the user is selected in the tree', async () => {
    const wanted = sample.users[PAGE_SIZE + 25] ?? assert.fail('the sample has enough users');
    await workbench.openViewContainer();
    await workbench.treeRow(sample.users[0]!.client_user_id).waitFor();

    await workbench.runCommand('File: New Untitled Text File');
    const editor = workbench.page.locator('.part.editor .monaco-editor').first();
    await editor.locator('.view-lines').waitFor();
    await workbench.page.keyboard.type('// failing test for user\n');
    await workbench.page.keyboard.type(wanted.client_user_id);
    await workbench.page.keyboard.press('Home');
    await workbench.page.keyboard.press('Shift+End');
    await editor.locator('.selected-text').first().waitFor();

    const line = editor.locator('.view-line', { hasText: wanted.client_user_id }).first();
    const box = (await line.locator('span').first().boundingBox()) ?? assert.fail('the line is on screen');
    await workbench.page.mouse.click(box.x + Math.min(20, box.width / 2), box.y + box.height / 2, { button: 'right' });
    const item = workbench.page.getByRole('menuitem', { name: 'Look up in Health Data' });
    await item.waitFor();
    // A menu item runs on mouse up after a mouse down on it: hover first, as a hand would.
    await item.hover();
    await item.click();

    const selected = workbench.sideBar().locator('.monaco-list-row.selected .label-name', { hasText: wanted.client_user_id });
    await selected.waitFor();
    const message = await workbench.waitForNotification(`Found user ${wanted.client_user_id}`);
    assert.match(message, /selected in the Users view/);
    // Below the sample-data banner row, the first user row is the pinned one.
    const users = (await workbench.treeItems()).filter((item) => item.label !== SAMPLE_DATA_BANNER);
    assert.equal(users[0]?.label, wanted.client_user_id, 'a user on no loaded page is pinned above the pages');
    await workbench.screenshot('lookup-editor-context-menu-dark');
  });

  test('the found user\'s next step is at hand: Show Blood Pressure from the notification opens its panel', async () => {
    const wanted = sample.users[PAGE_SIZE + 25]!;
    const button = workbench.page.locator('.notifications-toasts .monaco-button', { hasText: 'Show Blood Pressure' }).first();
    await button.waitFor();
    await button.click();
    const tab = workbench.page.locator('.part.editor .tabs-container .tab', { hasText: wanted.client_user_id });
    await tab.first().waitFor();
  });

  test('Copy Link in the panel\'s title bar copies a link to this view', async () => {
    const copy = workbench.page.locator('.part.editor .action-label[aria-label^="Copy Link"]').first();
    await copy.waitFor();
    await copy.click();
    await workbench.waitForNotification('Link copied');
  });

  test('a link to a production environment asks in a modal dialog first; Cancel keeps the environment', async () => {
    await workbench.runCommand('Health Data: Open Link…');
    await workbench.typeIntoInput('vscode://health-data-tools.health-data-explorer/user?client_user_id=patient-0001&env=productionUs');
    const dialog = workbench.page.locator('.monaco-dialog-box');
    await dialog.waitFor();
    assert.match(await dialog.innerText(), /Production US, a production environment/);
    await workbench.screenshot('lookup-production-link-confirm-dark');
    await dialog.locator('.monaco-button', { hasText: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const status = await workbench.page.locator('.part.statusbar', { hasText: 'Local sandbox (sample data)' }).count();
    assert.equal(status, 1, 'still on the local sandbox');
  });
});
