import * as vscode from 'vscode';
import type { ShellApiConnection } from '../../connection/shellApiConnection';
import { NOTEBOOK_COMMANDS } from '../../constants';
import { ENVIRONMENT_IDS, isEnvironmentId, isProduction, type EnvironmentId } from '../../domain/environments';
import { notebookStrings } from '../../l10n/notebookStrings';
import { notebookEnvironment } from '../../notebookEditor/notebookMetadata';
import { setNotebookEnvironment, targetNotebook } from '../../notebookEditor/notebookDocuments';
import type { Command } from '../../services';

/** 'active': the notebook names none and follows the window's environment. */
type NotebookEnvironmentChoice = EnvironmentId | 'active';

interface ChoiceItem extends vscode.QuickPickItem {
  choice: NotebookEnvironmentChoice;
}

/**
 * The notebook's environment, from its toolbar, the status bar or the palette: written into the
 * notebook's front matter (the file changes). Production is asked about when the notebook runs.
 * From code: `(environment | 'active', notebookUri?)`.
 */
export class SelectNotebookEnvironmentCommand implements Command {
  readonly id = NOTEBOOK_COMMANDS.selectNotebookEnvironment;

  constructor(private readonly connection: ShellApiConnection) {}

  async execute(requested?: unknown, notebookArgument?: unknown): Promise<void> {
    const notebook = targetNotebook(notebookArgument ?? requested);
    if (!notebook) {
      void vscode.window.showInformationMessage(notebookStrings.noNotebook());
      return;
    }
    const choice = requested === 'active' || isEnvironmentId(requested) ? requested : await this.pick(notebookEnvironment(notebook));
    if (!choice) return;
    await setNotebookEnvironment(notebook, choice === 'active' ? undefined : choice);
  }

  private async pick(current: EnvironmentId | undefined): Promise<NotebookEnvironmentChoice | undefined> {
    const active = this.connection.environment();
    const items: ChoiceItem[] = [
      {
        choice: 'active',
        label: `$(arrow-both) ${notebookStrings.pickFollowActive()}`,
        description: withCurrent(current === undefined, notebookStrings.pickFollowActiveDescription(active.label)),
      },
      ...ENVIRONMENT_IDS.map((id): ChoiceItem => {
        const environment = this.connection.environment(id);
        const icon = id === 'local' ? '$(beaker)' : isProduction(id) ? '$(globe)' : '$(cloud)';
        return { choice: id, label: `${icon} ${environment.label}`, description: withCurrent(current === id, id) };
      }),
    ];
    const picked = await vscode.window.showQuickPick(items, { placeHolder: notebookStrings.pickPlaceholder(), matchOnDescription: true });
    return picked?.choice;
  }
}

function withCurrent(isCurrent: boolean, description: string): string {
  return isCurrent ? `${notebookStrings.pickCurrent()} · ${description}` : description;
}
