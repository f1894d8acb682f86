import * as vscode from 'vscode';

/** How long a renewed view may take to be shown again before a reveal goes ahead anyway. */
const SHOWN_AGAIN_WITHIN_MS = 2_000;

type RevealOptions = Parameters<vscode.TreeView<unknown>['reveal']>[1];

/**
 * A TreeView that can be swapped for a new one with the same id (`renew`) while its users keep
 * this object, its events and its description and message. VS Code's extension host keeps a little
 * bookkeeping for every row a TreeView was ever sent, until the TreeView is disposed.
 */
export class RenewableTreeView<T> implements vscode.TreeView<T> {
  private readonly expanded = new vscode.EventEmitter<vscode.TreeViewExpansionEvent<T>>();
  readonly onDidExpandElement = this.expanded.event;
  private readonly collapsed = new vscode.EventEmitter<vscode.TreeViewExpansionEvent<T>>();
  readonly onDidCollapseElement = this.collapsed.event;
  private readonly selected = new vscode.EventEmitter<vscode.TreeViewSelectionChangeEvent<T>>();
  readonly onDidChangeSelection = this.selected.event;
  private readonly shown = new vscode.EventEmitter<vscode.TreeViewVisibilityChangeEvent>();
  readonly onDidChangeVisibility = this.shown.event;
  private readonly checked = new vscode.EventEmitter<vscode.TreeCheckboxChangeEvent<T>>();
  readonly onDidChangeCheckboxState = this.checked.event;

  private view: vscode.TreeView<T>;
  private forwarding: vscode.Disposable[] = [];
  private renewing: Promise<void> | undefined;
  /** Set while a renewed view has not said yet that it is shown, though the view it replaced was. */
  private awaitingShown: Promise<void> | undefined;
  private wasVisible: boolean;
  private disposed = false;
  private state: Pick<vscode.TreeView<T>, 'message' | 'title' | 'description' | 'badge'>;
  /** How many times the view was replaced. */
  renewals = 0;

  constructor(
    view: vscode.TreeView<T>,
    private readonly makeNew: () => Promise<vscode.TreeView<T>>,
  ) {
    this.view = view;
    this.wasVisible = view.visible;
    this.state = { message: view.message, title: view.title, description: view.description, badge: view.badge };
    this.forward();
  }

  get selection(): readonly T[] {
    return this.view.selection;
  }

  get visible(): boolean {
    return this.view.visible || this.awaitingShown !== undefined;
  }

  get message(): string | undefined {
    return this.state.message;
  }

  set message(message: string | undefined) {
    this.state.message = message;
    this.view.message = message;
  }

  get title(): string | undefined {
    return this.state.title;
  }

  set title(title: string | undefined) {
    this.state.title = title;
    this.view.title = title;
  }

  get description(): string | undefined {
    return this.state.description;
  }

  set description(description: string | undefined) {
    this.state.description = description;
    this.view.description = description;
  }

  get badge(): vscode.ViewBadge | undefined {
    return this.state.badge;
  }

  set badge(badge: vscode.ViewBadge | undefined) {
    this.state.badge = badge;
    this.view.badge = badge;
  }

  /** Waits for a renewal under way and for the new view to be shown, as the old one was. */
  async reveal(element: T, options?: RevealOptions): Promise<void> {
    await this.renewing;
    await this.awaitingShown;
    return this.view.reveal(element, options);
  }

  /** Disposes the view and makes a new one, which reads its rows again from the provider. */
  renew(): Promise<void> {
    this.renewing ??= this.swap().finally(() => (this.renewing = undefined));
    return this.renewing;
  }

  private async swap(): Promise<void> {
    const wasVisible = this.view.visible;
    for (const forwarding of this.forwarding) forwarding.dispose();
    this.view = await this.makeNew();
    this.renewals++;
    if (this.disposed) return void this.view.dispose();
    const { message, title, description, badge } = this.state;
    if (message !== undefined) this.view.message = message;
    if (title !== undefined) this.view.title = title;
    if (description !== undefined) this.view.description = description;
    if (badge !== undefined) this.view.badge = badge;
    this.forward();
    if (wasVisible && !this.view.visible) this.awaitShown();
  }

  /** VS Code says a new view is shown a moment after it registers: until then it counts as shown. */
  private awaitShown(): void {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let listener: vscode.Disposable | undefined;
    const waiting: Promise<void> = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, SHOWN_AGAIN_WITHIN_MS);
      listener = this.view.onDidChangeVisibility(() => resolve());
    }).then(() => {
      clearTimeout(timer);
      listener?.dispose();
      if (this.awaitingShown === waiting) this.awaitingShown = undefined;
      this.changedVisibility();
    });
    this.awaitingShown = waiting;
  }

  private forward(): void {
    const view = this.view;
    this.forwarding = [
      view.onDidExpandElement((event) => this.expanded.fire(event)),
      view.onDidCollapseElement((event) => this.collapsed.fire(event)),
      view.onDidChangeSelection((event) => this.selected.fire(event)),
      view.onDidChangeCheckboxState((event) => this.checked.fire(event)),
      view.onDidChangeVisibility(() => this.changedVisibility()),
    ];
  }

  /** Fired when the view as its users see it changes, not for the renewed view's first "shown". */
  private changedVisibility(): void {
    const visible = this.visible;
    if (visible === this.wasVisible) return;
    this.wasVisible = visible;
    this.shown.fire({ visible });
  }

  dispose(): void {
    this.disposed = true;
    for (const forwarding of this.forwarding) forwarding.dispose();
    this.view.dispose();
    for (const emitter of [this.expanded, this.collapsed, this.selected, this.shown, this.checked]) emitter.dispose();
  }
}
