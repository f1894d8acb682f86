// The Users tree in the real extension host against a sandbox shaped like the vendor's service
// (`--shape vendor`): connected sources named from `provider`, and every value not sent (a null
// birth date, ingestion bounds, a time zone) a quiet "—" whose tooltip says "not sent" — never
// "undefined", "null" or "NaN", in a label, a description or a tooltip.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { providerOf } from '../../src/api/wireValues';
import type { DetailNode } from '../../src/views/users/detailNode';
import type { TreeNode } from '../../src/views/users/treeNode';
import type { UserNode } from '../../src/views/users/userNode';
import { waitFor } from './helpers';
import { openPanelsFixture, type PanelsFixture } from './panelsSupport';

const BAD = /\b(undefined|null|NaN)\b/;
const kindOf = (node: TreeNode | undefined): string | undefined => node?.getTreeItem().contextValue;
const textOf = (value: string | vscode.TreeItemLabel | vscode.MarkdownString | boolean | undefined): string =>
  typeof value === 'string' ? value : value instanceof vscode.MarkdownString ? value.value : typeof value === 'object' ? value.label : String(value ?? '');

suite('Shell: Users tree from a service shaped like the vendor\'s', () => {
  let fixture: PanelsFixture & { close(): Promise<void> };

  suiteSetup(async () => {
    fixture = await openPanelsFixture({ users: 8, seed: 5, shape: 'vendor' });
  });

  suiteTeardown(async () => {
    await fixture?.close();
  });

  test('sources by provider, and "—" with "not sent" for every detail the service left null', async () => {
    const { users } = await fixture.client.listUsers({ limit: 100 });
    const provider = fixture.testing.usersView.provider;
    const nodes = await waitFor(async () => {
      const found = (await provider.getChildren()).filter((node): node is UserNode => kindOf(node) === 'user');
      return found.length === users.length && found.every((node) => users.some((u) => u.user_id === node.user.user_id)) ? found : undefined;
    }, 'the vendor-shaped users in the tree');
    let notSent = 0;
    for (const node of nodes) {
      const item = node.getTreeItem();
      const tooltip = textOf(provider.resolveTreeItem(item, node).tooltip);
      for (const text of [textOf(item.label), textOf(item.description), tooltip]) assert.doesNotMatch(text, BAD);
      const [sources, details] = await node.getChildren();
      assert.ok(sources && details);
      const sourceNodes = await sources.getChildren();
      const sent = node.user.connected_sources ?? [];
      assert.deepEqual(sourceNodes.map((s) => textOf(s.getTreeItem().description).split(' · ')[0]), sent.map((c) => c.provider?.slug ?? providerOf(c).slug), 'the provider\'s slug first');
      for (const source of sourceNodes) {
        const sourceItem = source.getTreeItem();
        for (const text of [textOf(sourceItem.label), textOf(sourceItem.description), textOf(sourceItem.tooltip)]) assert.doesNotMatch(text, BAD);
      }
      const rows = (await details.getChildren()).filter((child): child is DetailNode => kindOf(child)?.startsWith('detail') === true);
      for (const row of rows) {
        const rowItem = row.getTreeItem();
        assert.doesNotMatch(textOf(rowItem.description), BAD, row.row.field);
        assert.notEqual(textOf(rowItem.description).trim(), '', `${row.row.field} is never blank`);
        if (row.row.raw === undefined) {
          notSent++;
          assert.match(textOf(rowItem.description), /^—/, row.row.field);
          assert.equal(textOf(rowItem.tooltip), `${row.row.field}: not sent`);
        }
      }
    }
    assert.ok(notSent > 0, 'the vendor shape leaves some details null');
  });
});
