// The Users tree in the real extension host, against the embedded local sandbox (sample data).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { HealthApiClient } from '../../src/api/client';
import type { User } from '../../src/api/schemas';
import { JSON_DOCUMENT_SCHEME } from '../../src/constants';
import type { HealthDataExtensionApi, ShellTestingApi } from '../../src/extensionApi';
import type { DetailNode } from '../../src/views/users/detailNode';
import type { TreeNode } from '../../src/views/users/treeNode';
import type { UserNode } from '../../src/views/users/userNode';
import { activateExtension, waitFor } from './helpers';

const PAGE_SIZE = 10;
/** The embedded sandbox's documented default key (sample data, not a secret). */
const SANDBOX_KEY = 'sandbox-key';

let testing: ShellTestingApi;
/** A client of our own, independent of the extension's, to know what the tree should show. */
let reference: HealthApiClient;

const label = (node: TreeNode): string => {
  const itemLabel = node.getTreeItem().label;
  return typeof itemLabel === 'string' ? itemLabel : (itemLabel?.label ?? '');
};
const root = (): Promise<TreeNode[]> => testing.usersView.provider.getChildren();
// The tree's nodes come from the extension's bundle, not this one: `instanceof` cannot work across
// the two, so nodes are told apart by their contextValue, as package.json's menus do.
const kindOf = (node: TreeNode | undefined): string | undefined => node?.getTreeItem().contextValue;
const isUser = (node: TreeNode | undefined): node is UserNode => kindOf(node) === 'user';
const userNodes = (nodes: TreeNode[]): UserNode[] => nodes.filter(isUser);

suite('Shell: Users tree on the local sandbox', () => {
  suiteSetup(async () => {
    const api = await activateExtension<HealthDataExtensionApi>();
    assert.ok(api.testing, 'the testing surface is offered in a test host');
    testing = api.testing;
    await vscode.commands.executeCommand('healthData.useLocalSandbox');
    await vscode.workspace.getConfiguration('healthData').update('usersPageSize', PAGE_SIZE, vscode.ConfigurationTarget.Global);
    reference = new HealthApiClient({ baseUrl: await testing.connection.baseUrl(), apiKey: SANDBOX_KEY });
    await vscode.commands.executeCommand('healthData.users.focus');
  });

  suiteTeardown(async () => {
    await vscode.workspace.getConfiguration('healthData').update('usersPageSize', undefined, vscode.ConfigurationTarget.Global);
    await reference.close();
  });

  test('a new user sees sample users without a key: the first page, in API order, and Load more', async () => {
    assert.equal(testing.connection.environment().id, 'local');
    assert.match(testing.connection.environment().label, /sample data/i);
    const expected = await reference.listUsers({ limit: PAGE_SIZE });
    const nodes = await waitFor(async () => {
      const children = await root();
      return userNodes(children).length === PAGE_SIZE && children;
    }, 'the first page of users');
    assert.deepEqual(userNodes(nodes).map(label), expected.users.map((u) => u.client_user_id));
    assert.deepEqual(userNodes(nodes).map((node) => node.user.user_id), expected.users.map((u) => u.user_id));
    const more = nodes.at(-1);
    assert.equal(kindOf(more), 'loadMore');
    assert.equal(label(more!), `Load more (${PAGE_SIZE} of ${expected.total})`);
    await waitFor(() => testing.usersView.treeView.description === `Sample data · ${expected.total} users`, 'the total in the view description');
    assert.match(testing.usersView.treeView.message ?? '', /^Sample data from the built-in local sandbox/);
  });

  test('Load more appends the next page below the loaded one', async () => {
    const before = await root();
    const more = before.at(-1);
    assert.equal(kindOf(more), 'loadMore');
    await vscode.commands.executeCommand('healthData.loadMoreUsers', more);
    const after = await root();
    const expected = await reference.listUsers({ limit: 2 * PAGE_SIZE });
    assert.deepEqual(userNodes(after).map((node) => node.user.user_id), expected.users.map((u) => u.user_id));
    assert.equal(label(after.at(-1)!), `Load more (${2 * PAGE_SIZE} of ${expected.total})`);
    assert.ok(userNodes(before).every((node, index) => userNodes(after)[index] === node), 'loaded nodes are kept, not rebuilt');
  });

  test('a user row gets its tooltip on hover (resolveTreeItem), not with every row of the list', async () => {
    const node = userNodes(await root())[0]!;
    const item = node.getTreeItem();
    assert.equal(item.tooltip, undefined, 'no tooltip is built per row');
    const tooltip = testing.usersView.provider.resolveTreeItem(item, node).tooltip;
    assert.ok(tooltip instanceof vscode.MarkdownString);
    const text = tooltip.value.replace(/\\/g, ''); // appendText escapes Markdown characters such as "-"
    assert.ok(text.includes(node.user.client_user_id) && text.includes(node.user.user_id), text);
  });

  test('a user expands to its connected sources and, on demand, its full details', async () => {
    const listed = (await reference.listUsers({ limit: PAGE_SIZE })).users;
    const user = listed.find((u) => (u.connected_sources ?? []).length > 1) ?? listed[0]!;
    const node = userNodes(await root()).find((candidate) => candidate.user.user_id === user.user_id);
    assert.ok(node);
    const [sources, details] = await node.getChildren();
    assert.ok(sources && details);
    assert.equal(sources.getTreeItem().collapsibleState, vscode.TreeItemCollapsibleState.Expanded);
    const sourceNodes = await sources.getChildren();
    assert.deepEqual(sourceNodes.map(label), (user.connected_sources ?? []).map((s) => s.source?.name));
    const firstSource = sourceNodes[0];
    assert.equal(kindOf(firstSource), 'source');
    assert.match(String(firstSource!.getTreeItem().description), new RegExp(`^${user.connected_sources?.[0]?.source?.slug} · connected \\d{4}-`));
    assert.equal(String(firstSource!.getTreeItem().iconPath), user.connected_sources?.[0]?.source?.logo, 'the https logo is the icon');

    const resolved = await reference.resolveUser(user.client_user_id);
    const rows = (await details.getChildren()).filter((child): child is DetailNode => kindOf(child)?.startsWith('detail') === true);
    const byField = new Map(rows.map((row) => [row.row.field, row]));
    assert.equal(byField.get('user_id')?.getTreeItem().description, user.user_id);
    assert.equal(byField.get('team_id')?.getTreeItem().description, user.team_id);
    assert.equal(byField.get('ingestion_start')?.row.raw, resolved.ingestion_start ?? undefined, 'resolve filled in the ingestion bounds');
    await vscode.commands.executeCommand('healthData.copyDetailValue', byField.get('created_on'));
    assert.equal(await vscode.env.clipboard.readText(), user.created_on, 'Copy Value copies the wire value, not the formatted one');
    assert.ok(
      testing.requestLogLines().some((line) => line.startsWith(`GET /v2/user/resolve/${encodeURIComponent(user.client_user_id)} · 200`)),
      'the details came from one resolve request',
    );
  });

  test('Resolve User reveals and selects a user that is on no loaded page', async () => {
    const all = await reference.listUsers({ limit: 500 });
    const far = all.users.at(-1)!;
    assert.ok(!userNodes(await root()).some((node) => node.user.user_id === far.user_id), 'not loaded yet');
    await vscode.commands.executeCommand('healthData.resolveUser', far.client_user_id);
    const selected = await waitFor(() => {
      const node = testing.usersView.treeView.selection[0];
      return isUser(node) && node.user.user_id === far.user_id && node;
    }, 'the resolved user to be selected');
    assert.deepEqual(selected.user, await reference.resolveUser(far.client_user_id), 'the full record, as resolve returns it');
    const first = userNodes(await root())[0];
    assert.ok(isUser(first) && first.user.user_id === far.user_id, 'pinned above the loaded pages');
    assert.match(String(first.getTreeItem().description), /resolved/);
  });

  test('the filter keeps users whose client_user_id or user_id starts with the prefix, over all pages', async () => {
    const all = (await reference.listUsers({ limit: 500 })).users;
    const prefix = all.at(-2)!.user_id.slice(0, 2);
    const expected = all.filter((u) => u.user_id.startsWith(prefix) || u.client_user_id.startsWith(prefix)).map((u) => u.user_id);
    await vscode.commands.executeCommand('healthData.filterUsers', prefix);
    const shown = userNodes(await root()).map((node) => node.user.user_id);
    assert.deepEqual(shown, expected);
    assert.ok(shown.includes(all.at(-2)!.user_id), 'a match from beyond the loaded pages is found');
    assert.match(testing.usersView.treeView.message ?? '', new RegExp(`"${prefix}"`));

    await vscode.commands.executeCommand('healthData.filterUsers', 'no-such-prefix-zz');
    const none = await root();
    assert.deepEqual(none.map(label), ['No user’s client_user_id or user_id starts with "no-such-prefix-zz".', 'Clear filter']);

    await vscode.commands.executeCommand('healthData.clearUsersFilter');
    assert.match(testing.usersView.treeView.message ?? '', /^Sample data/, 'the filter line is gone');
    assert.ok(userNodes(await root()).length >= PAGE_SIZE);
  });

  test('Open as JSON shows the user as the API sent it, pretty-printed', async () => {
    const node = userNodes(await root())[1]!;
    await vscode.commands.executeCommand('healthData.openUserAsJson', node);
    const editor = await waitFor(() => {
      const active = vscode.window.activeTextEditor;
      return active?.document.uri.scheme === JSON_DOCUMENT_SCHEME && active;
    }, 'the JSON editor');
    const text = editor.document.getText();
    assert.deepEqual(JSON.parse(text), node.user);
    assert.equal(text, `${JSON.stringify(node.user, null, 2)}\n`);
    assert.equal(editor.document.languageId, 'json');
    assert.equal(editor.document.isDirty, false);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  test('Open Last Response shows the last API response the shell received', async () => {
    await vscode.commands.executeCommand('healthData.refreshUsers');
    await waitFor(async () => userNodes(await root()).length > 0, 'the reloaded tree');
    await vscode.commands.executeCommand('healthData.openLastResponse');
    const editor = await waitFor(() => {
      const active = vscode.window.activeTextEditor;
      return active?.document.uri.scheme === JSON_DOCUMENT_SCHEME && active;
    }, 'the last response editor');
    assert.match(editor.document.uri.path, /GET v2 user offset=0&limit=10\.json$/);
    assert.deepEqual(JSON.parse(editor.document.getText()), await reference.listUsers({ offset: 0, limit: PAGE_SIZE }));
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  test('Copy user_id, client_user_id and cURL put the right text on the clipboard, never the key', async () => {
    const node = userNodes(await root())[0]!;
    const user: User = node.user;
    await vscode.commands.executeCommand('healthData.copyUserId', node);
    assert.equal(await vscode.env.clipboard.readText(), user.user_id);
    await vscode.commands.executeCommand('healthData.copyClientUserId', node);
    assert.equal(await vscode.env.clipboard.readText(), user.client_user_id);
    await vscode.commands.executeCommand('healthData.copyUserAsCurl', node);
    const curl = await vscode.env.clipboard.readText();
    assert.ok(curl.startsWith(`curl --request GET '${await testing.connection.baseUrl()}/v2/user/resolve/`), curl);
    assert.ok(curl.includes('$SERVICE_API_KEY'));
    assert.ok(!curl.includes(SANDBOX_KEY));
  });

  test('every request is logged with method, path, status, duration and attempt, and no key', () => {
    const lines = testing.requestLogLines();
    assert.ok(lines.some((line) => /^GET \/v2\/user\/\?offset=0&limit=10 · 200 · \d+ ms · attempt 1/.test(line)), lines.join('\n'));
    assert.ok(lines.some((line) => /^GET \/v2\/user\/\?offset=10&limit=10 · 200 /.test(line)), 'the Load more page');
    for (const line of lines) assert.ok(!line.includes(SANDBOX_KEY), line);
  });
});
