// The Users tree of a team of 150,000 in the real extension host: 100,000 users paged in, what each
// Load more makes VS Code re-read, and look-ups on any page, loaded or not.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { User } from '../../src/api/schemas';
import type { TreeNode } from '../../src/views/users/treeNode';
import type { UserNode } from '../../src/views/users/userNode';
import { waitFor } from './helpers';
import { openPanelsFixture, type PanelsFixture } from './panelsSupport';

const TEAM = 150_000;
const LOADED = 100_000;
const PAGE_SIZE = 500;
const PER_RANGE = 1_000;

const label = (node: TreeNode): string => {
  const itemLabel = node.getTreeItem().label;
  return typeof itemLabel === 'string' ? itemLabel : (itemLabel?.label ?? '');
};
const kindOf = (node: TreeNode | undefined): string | undefined => node?.getTreeItem().contextValue;
const isUser = (node: TreeNode | undefined): node is UserNode => kindOf(node) === 'user';
const number = (value: number): string => value.toLocaleString(vscode.env.language);

/** How many rows VS Code re-reads for one change event of the tree: the nodes and their children. */
async function rowsToReRead(change: TreeNode | TreeNode[] | undefined | null | void, root: TreeNode[]): Promise<number> {
  if (!change) {
    // The root: its rows, and the rows of every range VS Code shows open (only the last one is).
    let rows = root.length;
    for (const node of root) {
      if (node.getTreeItem().collapsibleState === vscode.TreeItemCollapsibleState.Expanded) rows += (await node.getChildren()).length;
    }
    return rows;
  }
  let rows = 0;
  for (const node of Array.isArray(change) ? change : [change]) rows += 1 + (await node.getChildren()).length;
  return rows;
}

suite('Shell: Users tree at 100,000 users', function () {
  this.timeout(300_000);
  let fixture: PanelsFixture & { close(): Promise<void> };
  const provider = () => fixture.testing.usersView.provider;
  const root = (): Promise<TreeNode[]> => provider().getChildren();
  const userAt = async (position: number): Promise<User> => (await fixture.client.listUsers({ offset: position, limit: 1 })).users[0]!;

  suiteSetup(async () => {
    await vscode.workspace.getConfiguration('healthData').update('usersPageSize', PAGE_SIZE, vscode.ConfigurationTarget.Global);
    fixture = await openPanelsFixture({ users: TEAM, seed: 21 });
    await vscode.commands.executeCommand('healthData.users.focus');
    await waitFor(async () => (await root()).filter(isUser).length === PAGE_SIZE, 'the first page');
  });

  suiteTeardown(async () => {
    await fixture.close();
    await vscode.workspace.getConfiguration('healthData').update('usersPageSize', undefined, vscode.ConfigurationTarget.Global);
  });

  test('Load more up to 100,000 users: ranges of 1,000, and what VS Code re-reads does not grow with the list', async () => {
    const reReadByLoaded = new Map<number, number>();
    let changes: Array<TreeNode | TreeNode[] | undefined | null | void> = [];
    const listening = provider().onDidChangeTreeData((change) => changes.push(change));
    try {
      for (let loaded = PAGE_SIZE; loaded < LOADED; loaded += PAGE_SIZE) {
        changes = [];
        const more = (await root()).at(-1);
        assert.equal(kindOf(more), 'loadMore', `a Load more row at ${loaded}`);
        await vscode.commands.executeCommand('healthData.loadMoreUsers', more);
        const nodes = await root();
        let rows = 0;
        for (const change of changes) rows += await rowsToReRead(change, nodes);
        reReadByLoaded.set(loaded + PAGE_SIZE, rows);
      }
    } finally {
      listening.dispose();
    }

    const nodes = await root();
    const ranges = nodes.filter((node) => kindOf(node) === 'usersRange');
    assert.equal(ranges.length, LOADED / PER_RANGE);
    assert.equal(nodes.length, ranges.length + 1, 'the ranges, then Load more: no user row at the root');
    assert.deepEqual(
      ranges.slice(0, 2).map(label).concat(label(ranges.at(-1)!)),
      [`Users 1–${number(1_000)}`, `Users ${number(1_001)}–${number(2_000)}`, `Users ${number(99_001)}–${number(100_000)}`],
    );
    const states = ranges.map((range) => range.getTreeItem().collapsibleState);
    assert.ok(states.slice(0, -1).every((state) => state === vscode.TreeItemCollapsibleState.Collapsed), 'full ranges are folded');
    assert.equal(states.at(-1), vscode.TreeItemCollapsibleState.Expanded, 'the range still filling is open');
    assert.equal(new Set(ranges.map((range) => range.id)).size, ranges.length, 'every range has its own id');
    assert.equal(label(nodes.at(-1)!), `Load more (${number(LOADED)} of ${number(TEAM)})`);
    assert.ok(fixture.testing.usersView.treeView.description?.endsWith(`${number(TEAM)} users`), 'the view counts the whole team');

    const lastRangeUsers = (await ranges.at(-1)!.getChildren()).filter(isUser);
    const expected = await fixture.client.listUsers({ offset: LOADED - PER_RANGE, limit: 500 });
    assert.deepEqual(lastRangeUsers.slice(0, 500).map((node) => node.user.user_id), expected.users.map((user) => user.user_id));
    assert.equal(lastRangeUsers.length, PER_RANGE);
    assert.ok(lastRangeUsers.every((node) => provider().getParent(node) === ranges.at(-1)), 'a user row knows its range');

    const newest = await userAt(LOADED - PAGE_SIZE);
    // The last page's reveal runs after the one still in flight; at 100,000 rows each takes seconds
    // on a loaded 2-core machine (measured up to 14 s in VS Code 1.139 and 10 s in 1.100).
    const selected = await waitFor(
      () => {
        const [node] = fixture.testing.usersView.treeView.selection;
        return isUser(node) && node.user.user_id === newest.user_id && node;
      },
      'the first row of the last page to be selected',
      60_000,
    );
    assert.equal(provider().getParent(selected), ranges.at(-1));

    const early = Math.max(...[...reReadByLoaded].filter(([loaded]) => loaded > 2 * PER_RANGE && loaded <= 12 * PER_RANGE).map(([, rows]) => rows));
    const late = Math.max(...[...reReadByLoaded].filter(([loaded]) => loaded > LOADED - 10 * PER_RANGE).map(([, rows]) => rows));
    // Within a range: the range, its rows and Load more; into a new range: the root's ~100 rows and
    // the new range's first page. Neither counts the 100,000 loaded users.
    const bound = PER_RANGE + 2;
    assert.ok(early <= bound, `at 2,000–12,000 users a Load more re-reads at most ${bound} rows, not ${early}`);
    assert.ok(late <= bound, `at 90,000–100,000 users a Load more re-reads at most ${bound} rows, not ${late}`);
    assert.ok(reReadByLoaded.get(LOADED)! < 2 * PER_RANGE, 'the last Load more re-read one range, not the list');
  });

  test('Resolve User on a folded range opens that range and selects the listed row', async () => {
    const user = await userAt(73_456);
    await vscode.commands.executeCommand('healthData.resolveUser', user.client_user_id);
    const selected = await waitFor(() => {
      const [node] = fixture.testing.usersView.treeView.selection;
      return isUser(node) && node.user.user_id === user.user_id && node;
    }, 'the user at 73,457 to be selected');
    const range = provider().getParent(selected);
    assert.ok(range);
    assert.equal(label(range), `Users ${number(73_001)}–${number(74_000)}`);
    assert.doesNotMatch(String(selected.getTreeItem().description), /resolved/, 'the listed row, not a pin');
    assert.ok((await range.getChildren()).includes(selected), 'the same node VS Code was given for that range');
  });

  test('Resolve User for a user beyond the loaded 100,000 pins it on top; Load more keeps it there', async () => {
    const far = await userAt(120_000);
    await vscode.commands.executeCommand('healthData.resolveUser', far.client_user_id);
    await waitFor(() => {
      const [node] = fixture.testing.usersView.treeView.selection;
      return isUser(node) && node.user.user_id === far.user_id;
    }, 'the far user to be selected');
    const [first] = await root();
    assert.ok(isUser(first) && first.user.user_id === far.user_id, 'pinned above the ranges');
    assert.match(String(first.getTreeItem().description), /resolved/);
    assert.equal(provider().getParent(first), undefined);
    await vscode.commands.executeCommand('healthData.loadMoreUsers', (await root()).at(-1));
    const after = await root();
    assert.ok(isUser(after[0]) && after[0].user.user_id === far.user_id, 'still on top after Load more');
    assert.equal(label(after.at(-1)!), `Load more (${number(LOADED + PAGE_SIZE)} of ${number(TEAM)})`);
  });

  test('the filter searches all 150,000 users; clearing it brings the ranges back', async () => {
    const wanted = await userAt(140_321);
    const prefix = wanted.user_id.slice(0, 6);
    await vscode.commands.executeCommand('healthData.filterUsers', prefix);
    const shown = await waitFor(async () => {
      const users = (await root()).filter(isUser);
      return users.some((node) => node.user.user_id === wanted.user_id) && users;
    }, 'the match from position 140,321');
    assert.ok(shown.every((node) => node.user.user_id.startsWith(prefix) || node.user.client_user_id.startsWith(prefix)));
    await vscode.commands.executeCommand('healthData.clearUsersFilter');
    const nodes = await root();
    assert.equal(nodes.filter((node) => kindOf(node) === 'usersRange').length, Math.ceil((LOADED + PAGE_SIZE) / PER_RANGE));
  });
});
