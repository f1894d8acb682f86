import * as vscode from 'vscode';
import { EXTENSION_ID, NOTEBOOK_COMMANDS, NOTEBOOK_CONTROLLER_ID } from '../../constants';
import { isEnvironmentId } from '../../domain/environments';
import { investigationStrings } from '../../l10n/investigationStrings';
import type { LiveRun } from '../../notebookEditor/notebookController';
import { targetNotebook } from '../../notebookEditor/notebookDocuments';
import { frontMatterOf } from '../../notebookEditor/notebookMetadata';
import type { Command } from '../../services';
import { investigationSecretKey } from './investigationFiles';

/**
 * Run Investigation Against Its Environment: a notebook Save Investigation wrote in this VS Code,
 * run once against the environment it came from with the real values kept in secret storage (the
 * file keeps its pseudonyms and goes on replaying its fixtures). Anyone else passes --var.
 * Argument: the notebook's uri (the toolbar's), else the notebook in front.
 */
export class RunInvestigationLiveCommand implements Command {
  readonly id = NOTEBOOK_COMMANDS.runInvestigationLive;

  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly runLive: (notebook: vscode.NotebookDocument, live: LiveRun) => Promise<void>,
  ) {}

  async execute(argument?: unknown): Promise<boolean> {
    const notebook = targetNotebook(argument);
    if (!notebook) return false;
    const id = frontMatterOf(notebook.metadata).investigation;
    const live = id === undefined ? undefined : parseLiveRun(await this.secrets.get(investigationSecretKey(id)));
    if (!live) {
      void vscode.window.showInformationMessage(investigationStrings.notSavedHere());
      return false;
    }
    await vscode.window.showNotebookDocument(notebook);
    await vscode.commands.executeCommand('notebook.selectKernel', { id: NOTEBOOK_CONTROLLER_ID, extension: EXTENSION_ID });
    await this.runLive(notebook, live);
    return true;
  }
}

function parseLiveRun(text: string | undefined): LiveRun | undefined {
  if (text === undefined) return undefined;
  try {
    const parsed = JSON.parse(text) as { environment?: unknown; variables?: unknown };
    if (!isEnvironmentId(parsed.environment) || typeof parsed.variables !== 'object' || parsed.variables === null) return undefined;
    const variables = Object.fromEntries(Object.entries(parsed.variables).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    return { environment: parsed.environment, variables };
  } catch {
    return undefined;
  }
}
