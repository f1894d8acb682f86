import type { User } from '../../api/schemas';
import { UserListing, type UserPage } from '../../domain/users/userListing';
import { changeOfAppend, isGrouped, rangeIndexOf, rangesOf } from '../../domain/users/userRanges';
import type { TreeNode } from './treeNode';
import type { UserNode } from './userNode';
import { UserNodeSlots } from './userNodeSlots';
import { UserRangeNode, type UserRangeSource } from './userRangeNode';
import type { UserTreeContext } from './userTreeContext';

export interface AppendResult {
  /** 'lastRange': only the last range's rows changed; 'ranges': the root's children changed. */
  change: 'lastRange' | 'ranges';
  /** The first user the page added that the list shows (not pinned on top), if any. */
  firstNew: User | undefined;
}

/**
 * The paged-in users as the tree shows them: flat while they fit in one range, then in ranges
 * ("Users 1–1,000", …) of which only the last, still filling, is open and re-read on Load more.
 * Each user row is one node, kept where it is shown, so TreeView.reveal finds the node VS Code was
 * given; a range's nodes go with the range.
 */
export class ListedUsers implements UserRangeSource {
  readonly listing = new UserListing();
  private ranges: UserRangeNode[] = [];
  /** The nodes of a flat list, by position. */
  private flatNodes: UserNodeSlots;

  constructor(
    private readonly perRange: number,
    readonly context: UserTreeContext,
    private readonly pinned: (userId: string) => boolean,
  ) {
    this.flatNodes = new UserNodeSlots(context, undefined);
  }

  append(page: UserPage): AppendResult {
    const before = this.listing.count;
    const first = this.listing.append(page);
    const after = this.listing.count;
    const change = changeOfAppend(before, after, this.perRange);
    if (change === 'ranges') this.rebuildRanges();
    else if (this.ranges.length > 0) this.ranges[this.ranges.length - 1]!.end = after;
    return { change, firstNew: this.firstShown(first, after) };
  }

  /** A user Resolve User pinned on top is not in the list: focus goes to the first new row shown. */
  private firstShown(from: number, to: number): User | undefined {
    for (let position = from; position < to; position++) {
      const user = this.listing.at(position);
      if (user && !this.pinned(user.user_id)) return user;
    }
    return undefined;
  }

  /** The root's share of the tree: every listed user, or the ranges once the list is long. */
  rootNodes(): TreeNode[] {
    if (this.ranges.length > 0) return this.ranges;
    const nodes: TreeNode[] = [];
    for (let position = 0; position < this.listing.count; position++) {
      const node = this.nodeAt(position);
      if (node) nodes.push(node);
    }
    return nodes;
  }

  /** The range still filling, which Load more grows; none while the list is flat. */
  lastRange(): UserRangeNode | undefined {
    return this.ranges.at(-1);
  }

  /** The node of a listed user (by user_id) where the tree shows it; none if no loaded page holds it. */
  nodeOf(userId: string): UserNode | undefined {
    const position = this.listing.positionOf(userId);
    return position === undefined ? undefined : this.nodeAt(position);
  }

  userAt(position: number): User | undefined {
    return this.listing.at(position);
  }

  isPinned(userId: string): boolean {
    return this.pinned(userId);
  }

  private nodeAt(position: number): UserNode | undefined {
    if (this.ranges.length > 0) return this.ranges[rangeIndexOf(position, this.perRange)]?.nodeAt(position);
    const user = this.listing.at(position);
    // A pinned user stays on top (Load more, reloads) until Refresh drops the pins: never twice.
    if (!user || this.pinned(user.user_id)) return undefined;
    return this.flatNodes.at(position, user);
  }

  /** Full ranges keep their node (and so their id and whether they are open); the last is new. */
  private rebuildRanges(): void {
    const count = this.listing.count;
    if (!isGrouped(count, this.perRange)) {
      this.ranges = [];
      return;
    }
    this.flatNodes = new UserNodeSlots(this.context, undefined);
    const kept = new Map(this.ranges.filter((range) => !range.filling).map((range) => [range.start, range]));
    const spans = rangesOf(count, this.perRange);
    this.ranges = spans.map((span, index) => {
      const filling = index === spans.length - 1;
      const existing = kept.get(span.start);
      return !filling && existing && existing.end === span.end ? existing : new UserRangeNode(this, span.start, span.end, filling);
    });
  }
}
