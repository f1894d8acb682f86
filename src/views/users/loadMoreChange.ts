import type { AppendResult, ListedUsers } from './listedUsers';
import type { LoadMoreNode } from './loadMoreNode';
import type { TreeNode } from './treeNode';

/**
 * What a Load more makes VS Code re-read: the range still filling and the Load more row when the
 * page stayed in that range, so its cost does not grow with the list; otherwise (undefined) the root.
 */
export function changedByLoadMore(listed: ListedUsers, appended: AppendResult | undefined, loadMoreNode: LoadMoreNode | undefined): TreeNode[] | undefined {
  const lastRange = listed.lastRange();
  if (!loadMoreNode) return undefined;
  if (!appended) return [loadMoreNode];
  if (appended.change !== 'lastRange' || !lastRange || !listed.listing.hasMore) return undefined;
  loadMoreNode.loaded = listed.listing.count;
  loadMoreNode.total = listed.listing.total;
  return [lastRange, loadMoreNode];
}
