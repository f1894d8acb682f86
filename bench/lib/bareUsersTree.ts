// The baseline of treeFirstPage: a bare TreeDataProvider in a view container of the activity bar,
// laid out like ours (a "Users" view and a collapsed "Requests" view), activated by the same event.
// Asked for its root, it fetches the team's first 100 users from the same sandbox the simplest way
// (the runtime's fetch with the key header, response.json()) and returns their client_user_id as
// plain labels: the rows ours shows, without anything ours adds.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageBenchExtension, type PackagedBenchExtension } from './benchExtension';
import { REPO_ROOT } from './productionBuild';

export const BARE_CONTAINER_TITLE = 'Bare Users';
/** Its status bar text once it is active. */
export const BARE_READY = 'Bare users ready';

export function packageBareUsersTree(sandbox: { url: string; apiKey: string }, pageSize: number): PackagedBenchExtension {
  const url = `${sandbox.url}/v2/user/?offset=0&limit=${pageSize}`;
  return packageBenchExtension({
    name: 'hde-bench-bare-tree',
    displayName: 'HDE Bench Bare Users Tree',
    description: 'The baseline of the Users view benchmark: a bare TreeDataProvider of the same users.',
    manifest: {
      activationEvents: ['onStartupFinished'],
      contributes: {
        viewsContainers: { activitybar: [{ id: 'hdeBenchBare', title: BARE_CONTAINER_TITLE, icon: 'activity.svg' }] },
        views: {
          hdeBenchBare: [
            { id: 'hdeBenchBare.users', name: 'Users' },
            { id: 'hdeBenchBare.requests', name: 'Requests', visibility: 'collapsed' },
          ],
        },
      },
    },
    main: `'use strict';
const vscode = require('vscode');
exports.activate = function activate(context) {
  // Says it is active, as ours says so with its environment in the status bar: the click waits for it.
  const ready = vscode.window.createStatusBarItem();
  ready.text = ${JSON.stringify(BARE_READY)};
  ready.show();
  context.subscriptions.push(ready);
  context.subscriptions.push(vscode.window.registerTreeDataProvider('hdeBenchBare.users', {
    getTreeItem: (label) => new vscode.TreeItem(label),
    async getChildren(element) {
      if (element) return [];
      const response = await fetch(${JSON.stringify(url)}, { headers: { 'x-service-api-key': ${JSON.stringify(sandbox.apiKey)} } });
      const body = await response.json();
      return body.users.map((user) => user.client_user_id);
    },
  }));
};
exports.deactivate = function deactivate() {};
`,
    files: { 'activity.svg': readFileSync(join(REPO_ROOT, 'media', 'activity.svg'), 'utf8') },
  });
}
