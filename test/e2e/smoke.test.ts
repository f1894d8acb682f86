// The packaged extension, installed into a fresh profile, shows up where a user looks first.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { activityBarContainerTitles, alwaysVisiblePaletteLabels } from './manifest';
import { openWorkbench, type Workbench } from './workbench';

const NO_PROVIDER = 'There is no data provider registered that can provide view data.';

describe('Packaged extension in a real workbench', () => {
  let workbench: Workbench;
  before(async () => {
    workbench = await openWorkbench();
  });
  after(async () => {
    await workbench?.close();
  });

  test('each activity-bar container from package.json is shown, opens, and its views have data providers', async () => {
    const titles = activityBarContainerTitles();
    assert.notEqual(titles.length, 0, 'package.json contributes no activity-bar container');
    for (const title of titles) {
      await workbench.openViewContainer(title);
      const heading = await workbench.sideBar().locator('.composite.title h2').textContent();
      assert.match(heading ?? '', new RegExp(`^${title}`, 'i'));
      // VS Code shows this until the extension has activated and registered the view's provider.
      await workbench.waitForSideBarText((text) => !text.includes(NO_PROVIDER), `${title} views to get their data providers`);
    }
    await workbench.screenshot('smoke-activity-bar');
  });

  test('F1 lists every contributed command by its title', async () => {
    const labels = alwaysVisiblePaletteLabels();
    assert.notEqual(labels.length, 0, 'package.json contributes no palette command');
    const missing = await workbench.paletteLabelsMissing(labels);
    assert.deepEqual(missing, [], `not in the command palette: ${missing.join(', ')}`);
  });
});
