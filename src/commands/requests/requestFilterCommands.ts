// The Requests view's filters: errors only (a toggle: two commands, two icons), one environment, none.
import * as vscode from 'vscode';
import { REQUEST_COMMANDS } from '../../constants';
import { requestStrings } from '../../l10n/requestStrings';
import type { RequestsView } from '../../views/requests/requestsView';
import type { Command } from '../../services';

export class ShowErrorsOnlyCommand implements Command {
  readonly id = REQUEST_COMMANDS.showErrorsOnly;
  constructor(private readonly view: RequestsView) {}
  execute(): void {
    this.view.setFilter({ ...this.view.filter, errorsOnly: true }, this.view.environmentFilterLabel);
  }
}

export class ShowAllRequestsCommand implements Command {
  readonly id = REQUEST_COMMANDS.showAll;
  constructor(private readonly view: RequestsView) {}
  execute(): void {
    this.view.setFilter({ ...this.view.filter, errorsOnly: false }, this.view.environmentFilterLabel);
  }
}

/** Offers the environments that have requests in the view, and "All environments". */
export class FilterRequestsByEnvironmentCommand implements Command {
  readonly id = REQUEST_COMMANDS.filterEnvironment;
  constructor(private readonly view: RequestsView) {}

  /**
   * `environmentId`: filter without asking (tests, code); null for all environments. Anything else
   * (the view's title button hands over the view or a row) shows the picker, as from F1.
   */
  async execute(environmentId?: unknown): Promise<void> {
    const labels = new Map(this.view.recorder.records.all().map((record) => [record.environmentId, record.environmentLabel]));
    let chosen: string | undefined;
    if (typeof environmentId === 'string' || environmentId === null) {
      chosen = environmentId ?? undefined;
    } else {
      const all = { label: requestStrings.allEnvironments(), id: undefined as string | undefined };
      const items = [all, ...[...labels].map(([id, label]) => ({ label, id: id as string | undefined }))];
      const picked = await vscode.window.showQuickPick(items, { title: requestStrings.pickEnvironmentFilter() });
      if (!picked) return;
      chosen = picked.id;
    }
    const { errorsOnly } = this.view.filter;
    this.view.setFilter({ ...(errorsOnly ? { errorsOnly } : {}), ...(chosen ? { environmentId: chosen } : {}) }, chosen ? labels.get(chosen) : undefined);
  }
}

export class ClearRequestsFilterCommand implements Command {
  readonly id = REQUEST_COMMANDS.clearFilter;
  constructor(private readonly view: RequestsView) {}
  execute(): void {
    this.view.setFilter({});
  }
}

/** Forgets every row (and the saved metadata). */
export class ClearRequestsCommand implements Command {
  readonly id = REQUEST_COMMANDS.clear;
  constructor(private readonly view: RequestsView) {}
  execute(): void {
    this.view.recorder.clear();
    vscode.window.setStatusBarMessage(requestStrings.cleared(), 3000);
  }
}
