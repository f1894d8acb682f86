import * as vscode from 'vscode';
import type { User } from '../../api/schemas';
import { CONTEXT_KEYS, USERS_VIEW_ID } from '../../constants';
import { ageOf } from '../../domain/coverage/freshness';
import { ageLabel, tree } from '../../l10n/shellStrings';
import type { ApiConnection, ShellRegistrations } from '../../services';
import type { TreeNode } from './treeNode';
import { UserNode } from './userNode';
import type { UsersTreeProvider } from './usersTreeProvider';
import { markDone } from '../walkthroughProgress';

/** Longer than VS Code holds a tree refresh that follows another (200 ms). */
const REVEAL_RETRY_MS = 250;

/** The Users TreeView: its description (environment and total) and message (the active filter). */
export class UsersView implements vscode.Disposable {
  readonly treeView: vscode.TreeView<TreeNode>;
  private readonly subscriptions: vscode.Disposable[];
  private filterActive: boolean | undefined;
  private nextFocus: UserNode | undefined;
  private focusing: Promise<void> | undefined;
  /** A user selected while the view was hidden: selected when it is shown. */
  private pendingSelection: UserNode | undefined;

  constructor(
    readonly provider: UsersTreeProvider,
    private readonly connection: ApiConnection,
    registrations: Pick<ShellRegistrations, 'createTreeView'>,
  ) {
    this.treeView = registrations.createTreeView(USERS_VIEW_ID, provider);
    // The filter line says how old the searched users are: kept true while time passes.
    const ageTicker = setInterval(() => {
      if (this.provider.summary().filter) this.update();
    }, 30_000);
    this.subscriptions = [
      this.treeView,
      provider.onDidChangeSummary(() => this.update()),
      provider.onDidAppendPage((node) => void this.focusAppended(node)),
      // The walkthrough's first step is done when the view is open, however it was opened.
      this.treeView.onDidChangeVisibility(({ visible }) => {
        if (!visible) return;
        markDone(CONTEXT_KEYS.walkthroughUsersViewOpened);
        const pending = this.pendingSelection;
        this.pendingSelection = undefined;
        if (pending) void this.selectWhenShown(pending);
      }),
      { dispose: () => clearInterval(ageTicker) },
    ];
    this.update();
    if (this.treeView.visible) markDone(CONTEXT_KEYS.walkthroughUsersViewOpened);
  }

  /**
   * After Load more, keyboard focus goes to the first new row, so arrow keys continue from there.
   * Pages loaded in quick succession (Enter held on Load more) reveal one at a time, the newest
   * last: overlapping reveals finish in any order, and an older one finishing last would select a
   * row of a range that then folds, leaving nothing selected. VS Code can refuse a reveal while it
   * is still applying the refresh that added the row (its range may have just been created or
   * renamed): then it is tried once more when that has settled.
   */
  private focusAppended(node: UserNode): Promise<void> {
    this.nextFocus = node;
    this.focusing ??= this.revealAppended().finally(() => (this.focusing = undefined));
    return this.focusing;
  }

  private async revealAppended(): Promise<void> {
    for (let node = this.nextFocus; node; node = this.nextFocus) {
      this.nextFocus = undefined;
      for (let attempt = 1; attempt <= 2 && this.treeView.visible && !this.nextFocus; attempt++) {
        try {
          await this.treeView.reveal(node, { select: true, focus: true });
          break;
        } catch {
          // The list changed meanwhile (a refresh, another environment), or VS Code was not there yet.
          await new Promise((resolve) => setTimeout(resolve, REVEAL_RETRY_MS));
        }
      }
    }
  }

  /** Loads `user` into the tree if needed, then selects and focuses it (opening the view). */
  async reveal(user: User): Promise<void> {
    this.pendingSelection = undefined;
    const node = await this.provider.showUser(user);
    await this.treeView.reveal(node, { select: true, focus: true });
  }

  /**
   * Loads `user` into the tree if needed and selects it without opening the view or taking the
   * focus (a look-up from the debugger leaves the side bar on Run and Debug): selected now if the
   * view is visible, otherwise as soon as it is shown.
   */
  async selectQuietly(user: User): Promise<void> {
    const node = await this.provider.showUser(user);
    if (!this.treeView.visible) {
      this.pendingSelection = node;
      return;
    }
    await this.treeView.reveal(node, { select: true, focus: false }).then(undefined, () => undefined);
  }

  /**
   * Selects `node` in a view that was just shown. VS Code refuses a reveal that arrives while it is
   * still reading the view's rows ("already registered"): it is made once they are read, and tried
   * again once if refused.
   */
  private async selectWhenShown(node: UserNode): Promise<void> {
    await this.provider.getChildren();
    for (let attempt = 1; attempt <= 2; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, REVEAL_RETRY_MS));
      if (!this.treeView.visible) return;
      try {
        await this.treeView.reveal(node, { select: true, focus: false });
        return;
      } catch {
        // tried again below
      }
    }
  }

  /** The user of the selected row, if a user row is selected. */
  selectedUser(): User | undefined {
    const [node] = this.treeView.selection;
    return node instanceof UserNode ? node.user : undefined;
  }

  private update(): void {
    const environment = this.connection.environment();
    const { total, filter } = this.provider.summary();
    const where = environment.isLocalSandbox ? tree.descriptionSampleData() : environment.label;
    const description = total === undefined ? where : tree.descriptionUsers(where, total);
    // A single-view container hides the description, so the two things a user must not miss, sample
    // data and an active filter, are said in the message line at the top of the tree.
    const message = filter
      ? filter.status === 'searching'
        ? tree.filterSearching(filter.prefix, filter.scanned, filter.total ?? filter.scanned)
        : filter.fetchedAt !== undefined
          ? tree.filterFreshness(
              tree.filterMessage(filter.prefix, filter.matches.length, filter.scanned),
              ageLabel(ageOf(filter.fetchedAt, Date.now())),
            )
          : tree.filterMessage(filter.prefix, filter.matches.length, filter.scanned)
      : environment.isLocalSandbox
        ? tree.sampleDataMessage()
        : undefined;
    // Set only on change: VS Code sends a message change through the tree's refresh queue, where it
    // would hold the next refresh (a Load more) for 200 ms.
    if (this.treeView.description !== description) this.treeView.description = description;
    if (this.treeView.message !== message) this.treeView.message = message;
    if (this.filterActive !== (filter !== undefined)) {
      this.filterActive = filter !== undefined;
      void vscode.commands.executeCommand('setContext', CONTEXT_KEYS.usersFilterActive, this.filterActive);
    }
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}
