import type * as vscode from 'vscode';
import type { ShellApiConnection } from '../../connection/shellApiConnection';
import type { RequestRecords } from '../../domain/requests/requestRecords';
import { NOTEBOOK_TYPE } from '../../notebook/model';
import type { Panels } from '../../panels/panels';
import type { CommandRegistry, RequestInspection, ScrubDoors } from '../../services';
import type { RequestNode } from '../../views/requests/requestNodes';
import { AddToNotebookCommand } from './addToNotebookCommand';
import { NewNotebookCommand } from './newNotebookCommand';
import type { LiveRun } from '../../notebookEditor/notebookController';
import { RunInvestigationLiveCommand } from './runInvestigationLiveCommand';
import { SaveInvestigationCommand } from './saveInvestigationCommand';
import { SaveRequestsAsNotebookCommand } from './saveRequestsAsNotebookCommand';
import { SelectNotebookEnvironmentCommand } from './selectNotebookEnvironmentCommand';
import { UpdateDeviationBaselineCommand } from './updateDeviationBaselineCommand';

export interface NotebookCommandDeps {
  context: vscode.ExtensionContext;
  commands: CommandRegistry;
  connection: ShellApiConnection;
  records: RequestRecords;
  requestsSelection: () => readonly RequestNode[];
  panels: Panels;
  scrub: ScrubDoors;
  requests: Pick<RequestInspection, 'inLoad'>;
  /** A saved investigation's fixtures folder was written: the sandbox serving it reads it again. */
  forgetRecording: (fixturesDir: string) => void;
  /** The notebook controller's live run of a saved investigation. */
  runLive: (notebook: vscode.NotebookDocument, live: LiveRun) => Promise<void>;
}

export function registerNotebookCommands({ context, commands, connection, records, requestsSelection, panels, scrub, requests, forgetRecording, runLive }: NotebookCommandDeps): void {
  const addToNotebook = new AddToNotebookCommand(
    () => panels.activeQuery(),
    (notebook) => notebook.notebookType === NOTEBOOK_TYPE,
    scrub,
  );
  context.subscriptions.push(addToNotebook);
  for (const command of [
    new NewNotebookCommand(context.extensionPath),
    new SelectNotebookEnvironmentCommand(connection),
    new SaveRequestsAsNotebookCommand(records, requestsSelection, scrub),
    addToNotebook,
    new UpdateDeviationBaselineCommand(),
    new SaveInvestigationCommand({ context, connection, panels, records, selection: requestsSelection, scrub, requests, forgetRecording }),
    new RunInvestigationLiveCommand(context.secrets, runLive),
  ]) {
    commands.register(command);
  }
}
