// Load more moves the selection (and keyboard focus) to the first new row, past 1,000 users too
// (issue 22, item 4), at the default page size of 100: inside a range, into a new range (the one
// before it renamed and folded), and when the first user of the page is one Resolve User pinned on top.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { User } from '../../src/api/schemas';
import type { TreeNode } from '../../src/views/users/treeNode';
import type { UserNode } from '../../src/views/users/userNode';
import { waitFor } from './helpers';
import { openPanelsFixture, type PanelsFixture } from './panelsSupport';

const PAGE_SIZE = 100;
const kindOf = (node: TreeNode | undefined): string | undefined => node?.getTreeItem().contextValue;

suite('Shell: Load more focuses the first new row past 1,000 users', function () {
  this.timeout(300_000);
  let fixture: PanelsFixture & { close(): Promise<void> };
  const provider = () => fixture.testing.usersView.provider;
  const root = (): Promise<TreeNode[]> => provider().getChildren();
  const userAt = async (position: number): Promise<User> => (await fixture.client.listUsers({ offset: position, limit: 1 })).users[0]!;
  const selected = (): User | undefined => {
    const [node] = fixture.testing.usersView.treeView.selection;
    return kindOf(node) === 'user' ? (node as UserNode).user : undefined;
  };

  async function loadMoreAndExpect(expected: User, loaded: number): Promise<void> {
    const more = (await root()).at(-1);
    assert.equal(kindOf(more), 'loadMore', `a Load more row at ${loaded}`);
    await vscode.commands.executeCommand('healthData.loadMoreUsers', more);
    await waitFor(() => selected()?.user_id === expected.user_id, `${expected.client_user_id} (the first new row after ${loaded}) selected`);
  }

  suiteSetup(async () => {
    await vscode.workspace.getConfiguration('healthData').update('usersPageSize', PAGE_SIZE, vscode.ConfigurationTarget.Global);
    fixture = await openPanelsFixture({ users: 2_600, seed: 23 });
    await vscode.commands.executeCommand('healthData.users.focus');
    await waitFor(async () => kindOf((await root()).at(-1)) === 'loadMore', 'the first page');
  });

  suiteTeardown(async () => {
    // The user pinned on top below stays pinned in this environment (by client_user_id) until a
    // refresh: the next suite's team has one of that name too.
    await vscode.commands.executeCommand('healthData.refreshUsers');
    await fixture.close();
    await vscode.workspace.getConfiguration('healthData').update('usersPageSize', undefined, vscode.ConfigurationTarget.Global);
  });

  test('every page up to 2,100 users: inside a range, and into a new range as the last one fills', async () => {
    for (let loaded = PAGE_SIZE; loaded < 2_100; loaded += PAGE_SIZE) {
      await loadMoreAndExpect(await userAt(loaded), loaded);
      if (loaded + PAGE_SIZE > 1_000) {
        const [node] = fixture.testing.usersView.treeView.selection;
        assert.equal(kindOf(provider().getParent(node!)), 'usersRange', `past 1,000 the row sits in its range (${loaded + PAGE_SIZE})`);
      }
    }
  });

  test('when the first user of the next page is pinned on top, focus goes to the next one the list shows', async () => {
    const loaded = 2_100;
    const pinned = await userAt(loaded);
    await vscode.commands.executeCommand('healthData.resolveUser', pinned.client_user_id);
    await waitFor(() => selected()?.user_id === pinned.user_id, 'the pinned user selected');
    await loadMoreAndExpect(await userAt(loaded + 1), loaded);
  });
});
