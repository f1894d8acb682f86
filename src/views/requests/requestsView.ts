import * as vscode from 'vscode';
import { CONTEXT_KEYS, REQUESTS_VIEW_ID } from '../../constants';
import { isFiltered, type RequestFilter } from '../../domain/requests/requestRecords';
import { requestStrings } from '../../l10n/requestStrings';
import type { RequestRecorder } from '../../connection/requestRecorder';
import type { ShellRegistrations } from '../../services';
import type { RequestNode } from './requestNodes';
import { markDone } from '../walkthroughProgress';
import { RequestsTreeProvider } from './requestsTreeProvider';

/** The Requests TreeView: rows from the recorder, the filter in its description and context keys. */
export class RequestsView implements vscode.Disposable {
  readonly provider: RequestsTreeProvider;
  readonly treeView: vscode.TreeView<RequestNode>;
  private readonly subscriptions: vscode.Disposable[];
  private environmentLabel: string | undefined;

  constructor(
    readonly recorder: RequestRecorder,
    registrations: Pick<ShellRegistrations, 'createTreeView'>,
  ) {
    this.provider = new RequestsTreeProvider(recorder.records);
    this.treeView = registrations.createTreeView(REQUESTS_VIEW_ID, this.provider);
    this.subscriptions = [
      this.provider,
      this.treeView,
      recorder.onDidChange(() => this.provider.refresh()),
      // The walkthrough's "Read the request log" step is done by using this view too: opening it
      // (expanding or focusing it) here, opening a row in the Open command.
      this.treeView.onDidChangeVisibility(({ visible }) => visible && markDone(CONTEXT_KEYS.walkthroughRequestsRead)),
    ];
    this.setFilter({});
    // Built when the view first asked for its rows (the bootstrap's stand-in), so it may already be open.
    if (this.treeView.visible) markDone(CONTEXT_KEYS.walkthroughRequestsRead);
  }

  get filter(): RequestFilter {
    return this.provider.filter;
  }

  get environmentFilterLabel(): string | undefined {
    return this.environmentLabel;
  }

  /** `environmentLabel`: how the description names the filtered environment. */
  setFilter(filter: RequestFilter, environmentLabel?: string): void {
    this.environmentLabel = filter.environmentId === undefined ? undefined : (environmentLabel ?? filter.environmentId);
    this.provider.setFilter(filter);
    this.treeView.description = requestStrings.filterDescription(filter, this.environmentLabel) || undefined;
    void vscode.commands.executeCommand('setContext', CONTEXT_KEYS.requestsErrorsOnly, filter.errorsOnly === true);
    void vscode.commands.executeCommand('setContext', CONTEXT_KEYS.requestsDeviationsOnly, filter.deviationsOnly === true);
    void vscode.commands.executeCommand('setContext', CONTEXT_KEYS.requestsFiltered, isFiltered(filter));
  }

  /** Selects the row of record `id` (a replay's new row), if it is shown. */
  async reveal(id: number): Promise<void> {
    const node = this.provider.rootOf(id);
    if (!node) return;
    try {
      await this.treeView.reveal(node, { select: true, focus: false });
    } catch {
      // The view is not visible or the rows moved on: nothing to select.
    }
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}
