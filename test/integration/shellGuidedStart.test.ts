// Issue 10 in the real extension host: user pickers, the filter's reuse of downloaded users, pins,
// error rows that recover, the closable "No API key" notice and the walkthrough's completion keys.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { JSON_DOCUMENT_SCHEME } from '../../src/constants';
import type { HealthDataExtensionApi, ShellTestingApi } from '../../src/extensionApi';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/server';
import type { TreeNode } from '../../src/views/users/treeNode';
import type { UserNode } from '../../src/views/users/userNode';
import { activateExtension, waitFor } from './helpers';

const PAGE_SIZE = 5;
const TEAM_KEY = 'team-us-key-guided-start';

let testing: ShellTestingApi;
let remote: SandboxHandle;

const config = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('healthData');
const root = (): Promise<TreeNode[]> => testing.usersView.provider.getChildren();
const kindOf = (node: TreeNode | undefined): string | undefined => node?.getTreeItem().contextValue;
const isUser = (node: TreeNode | undefined): node is UserNode => kindOf(node) === 'user';
const userNodes = async (): Promise<UserNode[]> => (await root()).filter(isUser);
const label = (node: TreeNode): string => {
  const itemLabel = node.getTreeItem().label;
  return typeof itemLabel === 'string' ? itemLabel : (itemLabel?.label ?? '');
};

async function useLocalSandboxWithUsers(): Promise<UserNode[]> {
  await vscode.commands.executeCommand('healthData.useLocalSandbox');
  return waitFor(async () => {
    const users = await userNodes();
    return users.length >= PAGE_SIZE && users;
  }, 'the sample users');
}

suite('Shell: guided start and Users tree polish', () => {
  suiteSetup(async () => {
    const api = await activateExtension<HealthDataExtensionApi>();
    assert.ok(api.testing);
    testing = api.testing;
    await config().update('usersPageSize', PAGE_SIZE, vscode.ConfigurationTarget.Global);
    remote = await startSandbox({ port: 0, users: 9, seed: 7, apiKey: TEAM_KEY });
    await config().update('baseUrl.sandboxUs', remote.url, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('healthData.users.focus');
  });

  suiteTeardown(async () => {
    await testing.connection.selectEnvironment('sandboxUs');
    await testing.clearApiKey();
    await vscode.commands.executeCommand('healthData.useLocalSandbox');
    await config().update('usersPageSize', undefined, vscode.ConfigurationTarget.Global);
    await config().update('baseUrl.sandboxUs', undefined, vscode.ConfigurationTarget.Global);
    await remote.close();
  });

  test('on sample data the first row links to Switch Environment', async () => {
    await useLocalSandboxWithUsers();
    const [first] = await root();
    assert.equal(label(first!), 'Switch environment to browse your team…');
    assert.equal(first!.getTreeItem().command?.command, 'healthData.selectEnvironment');
  });

  test('a palette command acting on a user offers the user selected in the tree first', async () => {
    const users = await useLocalSandboxWithUsers();
    const chosen = users[3]!;
    await testing.usersView.treeView.reveal(chosen, { select: true, focus: true });
    await waitFor(() => testing.usersView.selectedUser()?.user_id === chosen.user.user_id, 'the selection');
    // The log keeps its last 200 lines: new lines are those after the last one seen now (each line
    // carries its own request id), not those past today's count, which a full buffer never exceeds.
    const lastBefore = testing.requestLogLines().at(-1);
    const newLines = (): readonly string[] => {
      const lines = testing.requestLogLines();
      return lastBefore === undefined ? lines : lines.slice(lines.lastIndexOf(lastBefore) + 1);
    };
    // From the palette: no argument, so the picker opens.
    const done = vscode.commands.executeCommand('healthData.openUserAsJson');
    // Once the list arrived, the picker's items were rebuilt: the first is still the selected user.
    await waitFor(() => newLines().some((line) => line.includes('limit=500')), 'the picker’s user list');
    await new Promise((resolve) => setTimeout(resolve, 300));
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    await done;
    const editor = await waitFor(() => {
      const active = vscode.window.activeTextEditor;
      return active?.document.uri.scheme === JSON_DOCUMENT_SCHEME && active;
    }, 'the JSON editor');
    assert.equal(JSON.parse(editor.document.getText()).user_id, chosen.user.user_id, 'the first item was the selected user, not the first listed');
    assert.notEqual(users[0]!.user.user_id, chosen.user.user_id);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  test('the filter ignores case and reuses the users it downloaded while fresh; Refresh downloads again', async () => {
    const users = await useLocalSandboxWithUsers();
    const target = users[1]!.user;
    const prefix = target.client_user_id.slice(0, 6).toUpperCase();
    await vscode.commands.executeCommand('healthData.filterUsers', prefix);
    assert.ok((await userNodes()).some((node) => node.user.user_id === target.user_id), 'found in another case');
    assert.match(testing.usersView.treeView.message ?? '', /users as of just now/);

    const afterFirst = testing.requestLogLines();
    await vscode.commands.executeCommand('healthData.filterUsers', target.user_id.slice(0, 3));
    await vscode.commands.executeCommand('healthData.filterUsers', target.client_user_id.toLowerCase());
    assert.deepEqual(testing.requestLogLines(), afterFirst, 'no request while the downloaded users are fresh');
    assert.deepEqual((await userNodes()).map((node) => node.user.user_id), [target.user_id]);

    await vscode.commands.executeCommand('healthData.refreshUsers');
    await waitFor(() => testing.usersView.provider.summary().filter?.status === 'done', 'the search after Refresh');
    assert.notDeepEqual(testing.requestLogLines(), afterFirst, 'Refresh downloaded the users again');
    await vscode.commands.executeCommand('healthData.clearUsersFilter');
  });

  test('a pinned user survives Load more and comes back when the tree is built anew; Load more selects the first new row', async () => {
    await useLocalSandboxWithUsers();
    const total = testing.usersView.provider.summary().total!;
    const reference = await (await testing.connection.client()).listUsers({ limit: 500 });
    const far = reference.users.at(-1)!;
    await vscode.commands.executeCommand('healthData.resolveUser', far.client_user_id);
    const pinnedFirst = async (): Promise<boolean> => {
      const first = (await userNodes())[0];
      return first?.user.user_id === far.user_id && /resolved/.test(String(first.getTreeItem().description));
    };
    assert.ok(await pinnedFirst(), 'pinned on top');

    const before = (await userNodes()).length;
    const loadMore = (await root()).at(-1);
    assert.equal(kindOf(loadMore), 'loadMore');
    await vscode.commands.executeCommand('healthData.loadMoreUsers', loadMore);
    assert.ok(await pinnedFirst(), 'still pinned after Load more');
    assert.equal((await userNodes()).length, before + PAGE_SIZE);
    const firstNew = reference.users[PAGE_SIZE]!;
    await waitFor(() => testing.usersView.treeView.selection[0] && (testing.usersView.treeView.selection[0] as UserNode).user?.user_id === firstNew.user_id, 'the first new row selected and focused');
    assert.ok(total > 2 * PAGE_SIZE);

    // Another environment and back: the tree starts from nothing, as after a window reload.
    await vscode.commands.executeCommand('healthData.selectEnvironment', 'sandboxUs');
    await vscode.commands.executeCommand('healthData.useLocalSandbox');
    await waitFor(pinnedFirst, 'the pin restored from the saved state');

    await vscode.commands.executeCommand('healthData.refreshUsers');
    await waitFor(async () => (await userNodes()).length === PAGE_SIZE, 'the first page again');
    assert.ok(!(await pinnedFirst()), 'Refresh drops the pins');
  });

  test('a "No API key" notice closes when a key is rejected or saved', async () => {
    await vscode.commands.executeCommand('healthData.selectEnvironment', 'sandboxUs');
    await waitFor(() => testing.missingKeyNoticeOpen(), 'the No API key notice');
    const rejected = await testing.setApiKey('not-the-key');
    assert.equal(rejected.ok, false);
    assert.equal(testing.missingKeyNoticeOpen(), false, 'closed once the key was rejected');

    await vscode.commands.executeCommand('healthData.useLocalSandbox');
    await vscode.commands.executeCommand('healthData.selectEnvironment', 'sandboxUs');
    await waitFor(() => testing.missingKeyNoticeOpen(), 'the notice again');
    const saved = await testing.setApiKey(TEAM_KEY);
    assert.equal(saved.ok, true);
    assert.equal(testing.missingKeyNoticeOpen(), false, 'closed once the key was saved');
  });

  test('an error row names its cause and offers Retry, and the tree recovers by itself', async function () {
    this.timeout(60_000);
    await testing.connection.selectEnvironment('sandboxUs');
    await waitFor(async () => (await userNodes()).length === PAGE_SIZE, 'the remote team');
    // Three resets: the first attempt and the client's two retries all fail, the next request works.
    remote.injectFaults(...Array.from({ length: 3 }, () => ({ kind: 'reset' as const, path: '/v2/user' })));
    await vscode.commands.executeCommand('healthData.refreshUsers');
    const rows = await waitFor(async () => {
      const children = await root();
      return children.length > 0 && children.every((node) => kindOf(node) === 'message') && children;
    }, 'the error rows');
    assert.match(label(rows[0]!), /^Could not reach the API of Sandbox US: connection reset$/);
    assert.ok(rows.some((row) => label(row) === 'Retry' && row.getTreeItem().command?.command === 'healthData.refreshUsers'));
    await waitFor(async () => (await userNodes()).length === PAGE_SIZE, 'the tree to recover without a click', 20_000);
  });

  test('every walkthrough button runs a registered command and every step completes on a real event', async () => {
    const walkthrough = (ourExtensionManifest().contributes.walkthroughs as WalkthroughManifest[])[0]!;
    const commands = await vscode.commands.getCommands(true);
    for (const step of walkthrough.steps) {
      const buttons = [...step.description.matchAll(/\(command:([\w.]+)\)/g)].map((match) => match[1]!);
      assert.ok(buttons.length > 0, `${step.id} has a button`);
      for (const id of buttons) assert.ok(commands.includes(id), `${step.id}: ${id} is registered`);
      for (const event of step.completionEvents) {
        const [kind, what] = [event.slice(0, event.indexOf(':')), event.slice(event.indexOf(':') + 1)];
        if (kind === 'onCommand') assert.ok(commands.includes(what), `${event} is a registered command`);
        else if (kind === 'onView') assert.equal(what, 'healthData.users');
        else assert.equal(kind, 'onContext', event);
      }
    }
  });
});

interface WalkthroughManifest {
  steps: { id: string; description: string; completionEvents: string[] }[];
}

function ourExtensionManifest(): { contributes: Record<string, unknown> } {
  const extension = vscode.extensions.all.find((candidate) => candidate.id === 'health-data-tools.health-data-explorer');
  assert.ok(extension);
  return extension.packageJSON as { contributes: Record<string, unknown> };
}
