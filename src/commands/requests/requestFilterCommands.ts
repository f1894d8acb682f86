// The Requests view's filters: errors only and deviations only (toggles: two commands, two icons
// each), one environment and one origin (a picker), none.
import * as vscode from 'vscode';
import { REQUEST_COMMANDS } from '../../constants';
import { isRequestOrigin, REQUEST_ORIGINS, type RequestOrigin } from '../../domain/requests/requestOrigin';
import { originName, requestStrings } from '../../l10n/requestStrings';
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

export class ShowDeviationsOnlyCommand implements Command {
  readonly id = REQUEST_COMMANDS.showDeviationsOnly;
  constructor(private readonly view: RequestsView) {}
  execute(): void {
    this.view.setFilter({ ...this.view.filter, deviationsOnly: true }, this.view.environmentFilterLabel);
  }
}

export class ShowAllDeviationsCommand implements Command {
  readonly id = REQUEST_COMMANDS.showAllDeviations;
  constructor(private readonly view: RequestsView) {}
  execute(): void {
    this.view.setFilter({ ...this.view.filter, deviationsOnly: false }, this.view.environmentFilterLabel);
  }
}

type FilterChoice = { environmentId: string | undefined } | { origin: RequestOrigin | undefined };

/**
 * One picker for where and what from: the environments that have requests in the view, then the
 * origins that do ("Compare Environments", "coverage scan"…), each with an "all" entry. Choosing
 * one changes that part of the filter and keeps the rest.
 */
export class FilterRequestsByEnvironmentCommand implements Command {
  readonly id = REQUEST_COMMANDS.filterEnvironment;
  constructor(private readonly view: RequestsView) {}

  /**
   * `environmentId`: filter without asking (tests, code); null for all environments. `{ origin }`:
   * filter by origin without asking (null: every origin). Anything else (the view's title button
   * hands over the view or a row) shows the picker, as from F1.
   */
  async execute(argument?: unknown): Promise<void> {
    const records = this.view.recorder.records.all();
    const labels = new Map(records.map((record) => [record.environmentId, record.environmentLabel]));
    let choice: FilterChoice | undefined;
    if (typeof argument === 'string' || argument === null) {
      choice = { environmentId: argument ?? undefined };
    } else if (argument && typeof argument === 'object' && 'origin' in argument) {
      const origin = (argument as { origin: unknown }).origin;
      if (origin !== null && !isRequestOrigin(origin)) return;
      choice = { origin: origin ?? undefined };
    } else {
      choice = await this.pick(labels, new Set(records.map((record) => record.origin)));
    }
    if (!choice) return;
    const filter = { ...this.view.filter };
    if ('environmentId' in choice) {
      delete filter.environmentId;
      if (choice.environmentId) filter.environmentId = choice.environmentId;
    } else {
      delete filter.origin;
      if (choice.origin) filter.origin = choice.origin;
    }
    this.view.setFilter(filter, filter.environmentId ? (labels.get(filter.environmentId) ?? this.view.environmentFilterLabel) : undefined);
  }

  private async pick(labels: ReadonlyMap<string, string>, present: ReadonlySet<RequestOrigin | undefined>): Promise<FilterChoice | undefined> {
    const { environmentId, origin } = this.view.filter;
    const current = requestStrings.currentFilter();
    const separator = (label: string) => ({ label, kind: vscode.QuickPickItemKind.Separator, choice: undefined });
    const items: (vscode.QuickPickItem & { choice: FilterChoice | undefined })[] = [
      separator(requestStrings.environmentsSeparator()),
      { label: requestStrings.allEnvironments(), description: environmentId === undefined ? current : undefined, choice: { environmentId: undefined } },
      ...[...labels].map(([id, label]) => ({ label, description: id === environmentId ? current : undefined, choice: { environmentId: id } })),
      separator(requestStrings.originsSeparator()),
      { label: requestStrings.allOrigins(), description: origin === undefined ? current : undefined, choice: { origin: undefined } },
      ...REQUEST_ORIGINS.filter((candidate) => present.has(candidate)).map((candidate) => ({
        label: originName(candidate),
        description: candidate === origin ? current : undefined,
        choice: { origin: candidate },
      })),
    ];
    const picked = await vscode.window.showQuickPick(items, { title: requestStrings.pickEnvironmentFilter() });
    return picked?.choice;
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
