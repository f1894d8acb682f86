import * as vscode from 'vscode';
import type { User, UserList } from '../../api/schemas';
import { usersPerRange } from '../../domain/users/userRanges';
import { progressTitles, tree } from '../../l10n/shellStrings';
import type { EnvironmentInfo } from '../../services';
import { showFailure } from '../../ui/showFailure';
import { failureNodes } from './failureNodes';
import { filterChildren } from './filterChildren';
import { ListedUsers, type AppendResult } from './listedUsers';
import { ListingRecovery } from './listingRecovery';
import { changedByLoadMore } from './loadMoreChange';
import { LoadMoreNode } from './loadMoreNode';
import { MessageNode } from './messageNode';
import { PinnedUsers } from './pinnedUsers';
import { switchEnvironmentBanner } from './switchEnvironmentBanner';
import type { TreeNode } from './treeNode';
import type { UserFilterSearch } from './userFilterSearch';
import { UsersFilter } from './usersFilter';
import type { UserNode } from './userNode';
import type { UserTreeContext } from './userTreeContext';
import { UsersTreeRequests } from './usersTreeRequests';
import { RootUserNodes } from './rootUserNodes';
import type { UsersTreeServices, UsersTreeSummary } from './usersTreeServices';

/**
 * Load more shows its spinner only when the page is slow: VS Code holds a tree refresh that follows
 * another within 200 ms, so an early spinner would delay every fast page by that much.
 */
const LOAD_MORE_SPINNER_DELAY_MS = 300;

type Listing = { kind: 'idle' } | { kind: 'loaded'; users: ListedUsers } | { kind: 'failed'; error: unknown };

/**
 * The team's users, page by page, with the filter and the users Resolve User pinned on top. State
 * changes fire only the part of the tree they touch; an environment change starts over.
 */
export class UsersTreeProvider implements vscode.TreeDataProvider<TreeNode>, UserTreeContext, vscode.Disposable {
  private readonly treeChanged = new vscode.EventEmitter<TreeNode | TreeNode[] | undefined>();
  readonly onDidChangeTreeData = this.treeChanged.event;
  private readonly summaryChanged = new vscode.EventEmitter<void>();
  readonly onDidChangeSummary = this.summaryChanged.event;
  /** Fires with the first row of a page Load more appended: the view moves keyboard focus there. */
  private readonly pageAppended = new vscode.EventEmitter<UserNode>();
  readonly onDidAppendPage = this.pageAppended.event;
  private readonly subscriptions: vscode.Disposable[];

  private listing: Listing = { kind: 'idle' };
  private firstPage: Promise<void> | undefined;
  private readonly pinned: PinnedUsers;
  private readonly recovery = new ListingRecovery();
  private readonly usersFilter: UsersFilter;
  private loadMoreNode: LoadMoreNode | undefined;
  private loadingMore = false;
  private readonly rootNodes = new RootUserNodes(this);
  private readonly requests: UsersTreeRequests;
  /** Aborted whenever the tree starts over: requests of the old state stop and their results are dropped. */
  private lifetime = new AbortController();

  constructor(private readonly services: UsersTreeServices) {
    this.pinned = new PinnedUsers(services.pinnedUsers, () => this.environment().id);
    this.requests = new UsersTreeRequests(services);
    this.usersFilter = new UsersFilter(services.connection, () => this.lifetime, {
      rootChanged: () => this.changedRoot(),
      summaryChanged: () => this.summaryChanged.fire(),
    });
    this.subscriptions = [
      services.connection.onDidChange(() => this.reset(false)),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (services.settings.affectsUsersPageSize(event)) this.reset(true);
      }),
    ];
  }

  getTreeItem(node: TreeNode): vscode.TreeItem {
    return node.getTreeItem();
  }

  /**
   * VS Code asks on hover. A user's Markdown tooltip is built here rather than in getTreeItem:
   * the extension host converts every Markdown tooltip of a refresh, which made up about 40 % of
   * a Load more at 10,000 users.
   */
  resolveTreeItem(item: vscode.TreeItem, node: TreeNode): vscode.TreeItem {
    item.tooltip ??= node.tooltip();
    return item;
  }

  getParent(node: TreeNode): TreeNode | undefined {
    return node.parent;
  }

  async getChildren(node?: TreeNode): Promise<TreeNode[]> {
    return node ? node.getChildren() : this.rootChildren();
  }

  environment(): EnvironmentInfo {
    return this.services.connection.environment();
  }

  summary(): UsersTreeSummary {
    return { total: this.listing.kind === 'loaded' ? this.listing.users.listing.total : undefined, filter: this.filter };
  }

  fetchFullRecord(user: User): Promise<User> {
    return this.requests.fullRecord(user, this.lifetime.signal);
  }

  /** Starts over from the first page, pins dropped; an active filter downloads every user again. */
  refresh(): void {
    this.pinned.clear({ forget: true });
    const prefix = this.filter?.prefix;
    this.reset(false);
    if (prefix) void this.setFilter(prefix);
  }

  async loadMore(): Promise<void> {
    if (this.listing.kind !== 'loaded' || this.loadingMore || !this.listing.users.listing.hasMore) return;
    const listed = this.listing.users;
    const lifetime = this.lifetime;
    const offset = listed.listing.nextOffset;
    const limit = this.services.settings.usersPageSize();
    let appended: AppendResult | undefined;
    this.setLoadingMore(true);
    const spinner = setTimeout(() => this.loadMoreNode && this.treeChanged.fire(this.loadMoreNode), LOAD_MORE_SPINNER_DELAY_MS);
    try {
      const page = await this.requests.page(progressTitles.loadingMoreUsers(), offset, limit, lifetime.signal);
      if (lifetime.signal.aborted) return;
      appended = listed.append(page);
      this.services.knownUsers?.add(page.users);
    } catch (error) {
      if (!lifetime.signal.aborted) showFailure(error, this.services.connection);
    } finally {
      clearTimeout(spinner);
      this.setLoadingMore(false);
      if (!lifetime.signal.aborted) this.changed(changedByLoadMore(listed, appended, this.loadMoreNode));
    }
    const firstNew = appended?.firstNew && listed.nodeOf(appended.firstNew.user_id);
    if (firstNew && !lifetime.signal.aborted) this.pageAppended.fire(firstNew);
  }

  private setLoadingMore(loading: boolean): void {
    this.loadingMore = loading;
    if (this.loadMoreNode) this.loadMoreNode.loading = loading;
  }

  async setFilter(prefix: string): Promise<void> {
    return this.usersFilter.set(prefix);
  }

  clearFilter(): void {
    this.usersFilter.clear();
  }

  private get filter(): UserFilterSearch | undefined {
    return this.usersFilter.search;
  }

  /**
   * Makes `user` (a resolve result) a node of the tree and returns it, for TreeView.reveal: the
   * node of a loaded page when there is one, otherwise the user is pinned above the pages.
   */
  async showUser(user: User): Promise<UserNode> {
    if (this.filter && !this.filter.matches.some((match) => match.user_id === user.user_id)) this.clearFilter();
    if (this.listing.kind === 'idle' && !this.filter) await this.loadFirstPage();
    this.requests.remember(user);
    this.services.knownUsers?.add([user]);
    const shown = this.shownNodeOf(user.user_id);
    if (shown) return shown;
    this.pinned.pin(user);
    this.changedRoot();
    return this.rootNodes.nodeFor(user, true);
  }

  /** The node of a filter match or of a loaded page that shows the user now, if any. */
  shownNodeOf(userId: string): UserNode | undefined {
    const filtered = this.filter?.matches.find((match) => match.user_id === userId);
    if (filtered) return this.rootNodes.nodeFor(filtered, false);
    return !this.filter && this.listing.kind === 'loaded' ? this.listing.users.nodeOf(userId) : undefined;
  }

  private async rootChildren(): Promise<TreeNode[]> {
    const keyState = this.services.connection.apiKeyState();
    // The first page's client (its key read from secret storage, the HTTP client's bundle loaded)
    // is made while the key's state is read, not after: on a first open they were two waits in a row.
    if (this.listing.kind === 'idle' && !this.filter) void this.services.connection.client().catch(() => undefined);
    // No key: an empty root lets the view show its welcome content (Set API key / Use the local sandbox).
    if ((await keyState) === 'missing') return [];
    if (this.filter) return filterChildren(this.filter, (user) => this.rootNodes.nodeFor(user, false), this.environment());
    if (this.listing.kind === 'idle') await this.loadFirstPage();
    const banner = this.environment().isLocalSandbox ? [switchEnvironmentBanner()] : [];
    const pinned = this.pinned.all().map((user) => this.rootNodes.nodeFor(user, true));
    switch (this.listing.kind) {
      case 'idle':
        return [...banner, ...pinned];
      case 'failed':
        return [...banner, ...pinned, ...failureNodes(undefined, 'users/failure', this.listing.error, this.environment())];
      case 'loaded': {
        const { listing } = this.listing.users;
        const listed = this.listing.users.rootNodes();
        const nodes: TreeNode[] = [...banner, ...pinned, ...listed];
        if (pinned.length + listed.length === 0) return [...banner, new MessageNode(undefined, 'users/empty', tree.noUsers(), { icon: 'info' })];
        this.loadMoreNode = listing.hasMore ? new LoadMoreNode(undefined, listing.count, listing.total, this.loadingMore) : undefined;
        if (this.loadMoreNode) nodes.push(this.loadMoreNode);
        return nodes;
      }
    }
  }

  private loadFirstPage(): Promise<void> {
    if (!this.firstPage) {
      const loading = this.fetchFirstPage().finally(() => {
        if (this.firstPage === loading) this.firstPage = undefined;
      });
      this.firstPage = loading;
    }
    return this.firstPage;
  }

  private async fetchFirstPage(): Promise<void> {
    const lifetime = this.lifetime;
    const limit = this.services.settings.usersPageSize();
    try {
      const page = await this.requests.page(progressTitles.loadingUsers(), 0, limit, lifetime.signal);
      if (lifetime.signal.aborted) return;
      this.acceptFirstPage(page);
      this.recovery.succeeded();
      await this.restorePins(lifetime.signal);
    } catch (error) {
      if (!lifetime.signal.aborted) {
        this.listing = { kind: 'failed', error };
        this.recovery.schedule(error, () => {
          if (lifetime.signal.aborted || this.listing.kind !== 'failed') return;
          this.listing = { kind: 'idle' };
          this.changedRoot();
          // Loaded now rather than when the view asks: a hidden view recovers too.
          void this.loadFirstPage().then(() => this.changedRoot());
        });
      }
    }
    this.summaryChanged.fire();
  }

  /** After a window reload: the users pinned in this environment are resolved and pinned again. */
  private async restorePins(signal: AbortSignal): Promise<void> {
    const restored = await this.requests.restorePins(this.pinned, signal);
    if (restored.length === 0 || signal.aborted) return;
    this.changedRoot();
  }

  private acceptFirstPage(page: UserList): void {
    const listed = new ListedUsers(usersPerRange(this.services.settings.usersPageSize()), this, (userId) => this.pinned.has(userId));
    listed.append(page);
    this.listing = { kind: 'loaded', users: listed };
    this.services.knownUsers?.add(page.users);
  }

  /** Starts over: `keepFilter` when only the page size changed, not the team. */
  private reset(keepFilter: boolean): void {
    const prefix = keepFilter ? this.filter?.prefix : undefined;
    this.lifetime.abort();
    this.lifetime = new AbortController();
    this.usersFilter.reset();
    this.recovery.cancel();
    this.listing = { kind: 'idle' };
    this.firstPage = undefined;
    this.pinned.clear({ forget: false });
    this.loadMoreNode = undefined;
    this.rootNodes.clear();
    this.requests.clear();
    this.services.knownUsers?.clear();
    this.changedRoot();
    if (prefix) void this.setFilter(prefix);
  }

  private changedRoot(): void {
    this.changed(undefined);
  }

  /** `nodes` changed, or the root (undefined). */
  private changed(nodes: TreeNode[] | undefined): void {
    this.treeChanged.fire(nodes);
    this.summaryChanged.fire();
  }

  dispose(): void {
    this.lifetime.abort();
    this.recovery.cancel();
    this.pageAppended.dispose();
    for (const subscription of this.subscriptions) subscription.dispose();
    this.treeChanged.dispose();
    this.summaryChanged.dispose();
  }
}
