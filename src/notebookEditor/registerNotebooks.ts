import * as vscode from 'vscode';
import type { ShellApiConnection } from '../connection/shellApiConnection';
import { NOTEBOOK_TYPE } from '../notebook/model';
import type { RequestInspection } from '../services';
import { HealthDataNotebookController } from './notebookController';
import { NotebookEnvironmentStatusBar } from './notebookEnvironmentStatusBar';
import { HealthDataNotebookSerializer } from './notebookSerializer';
import { registerNotebookRendererStrings } from './rendererStrings';

export interface RegisteredNotebooks {
  controller: HealthDataNotebookController;
  statusBar: NotebookEnvironmentStatusBar;
}

/** The notebook type's serializer, its controller and its status bar item; the commands register above. */
export function registerNotebooks(
  context: vscode.ExtensionContext,
  deps: { connection: ShellApiConnection; requests: Pick<RequestInspection, 'inLoad'> },
): RegisteredNotebooks {
  const controller = new HealthDataNotebookController(deps);
  const statusBar = new NotebookEnvironmentStatusBar(deps.connection);
  context.subscriptions.push(
    // Outputs are part of the file (a saved result is the investigation's record); metadata is the front matter.
    vscode.workspace.registerNotebookSerializer(NOTEBOOK_TYPE, new HealthDataNotebookSerializer()),
    controller,
    statusBar,
    // The renderer draws in English at once and asks for the display language's words.
    registerNotebookRendererStrings(),
  );
  return { controller, statusBar };
}
