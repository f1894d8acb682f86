import * as vscode from 'vscode';
import type { ShellApiConnection } from '../connection/shellApiConnection';
import { NOTEBOOK_TYPE } from '../notebook/model';
import { scrubCellResult } from '../notebook/cellResultScrub';
import type { CellResult } from '../notebook/model';
import type { JsonDocuments, RequestInspection, ScrubDoors, ShellRegistrations } from '../services';
import { scrubStrings } from '../l10n/scrubStrings';
import { BaselineCellStatus } from './baselineCellStatus';
import { startRecordingSandbox } from '../connection/embeddedSandbox';
import { HealthDataNotebookController } from './notebookController';
import { RecordingWorlds } from './recordingWorlds';
import { NotebookEnvironmentStatusBar } from './notebookEnvironmentStatusBar';
import { HealthDataNotebookSerializer } from './notebookSerializer';
import { registerNotebookRendererMessaging } from './rendererMessaging';
import { TrustCellStatus } from './trustCellStatus';

export interface RegisteredNotebooks {
  controller: HealthDataNotebookController;
  statusBar: NotebookEnvironmentStatusBar;
  /** In Restricted Mode: each request cell says it runs once the folder is trusted. */
  trustStatus: TrustCellStatus;
  /** A failed `expect no new deviations` cell's offer to update the baseline. */
  baselineStatus: BaselineCellStatus;
  /** The sandboxes serving saved investigations' fixtures folders. */
  recordings: RecordingWorlds;
}

/** The notebook type's serializer, its controller, its status bar item and its cells' trust line; the commands register above. */
export function registerNotebooks(
  context: vscode.ExtensionContext,
  deps: {
    connection: ShellApiConnection;
    requests: Pick<RequestInspection, 'inLoad'>;
    scrub: Pick<ScrubDoors, 'secretFor'>;
    registrations: Pick<ShellRegistrations, 'registerNotebookSerializer'>;
    documents: Pick<JsonDocuments, 'open'>;
  },
): RegisteredNotebooks {
  const recordings = new RecordingWorlds({
    startSandbox: (fixturesDir) => startRecordingSandbox(context.extensionPath, fixturesDir),
    clientFor: (baseUrl, apiKey) => deps.connection.clientFor('local', baseUrl, apiKey),
  });
  const controller = new HealthDataNotebookController({ ...deps, recordings });
  const statusBar = new NotebookEnvironmentStatusBar(deps.connection);
  const trustStatus = new TrustCellStatus();
  const baselineStatus = new BaselineCellStatus();
  context.subscriptions.push(
    // Outputs are part of the file (a saved result is the investigation's record); metadata is the front matter.
    // A saved output is a way out: scrubbed as healthData.scrub.when says, and the status bar says what was.
    deps.registrations.registerNotebookSerializer(NOTEBOOK_TYPE, new HealthDataNotebookSerializer((result, investigation) => resultForFile(result, investigation, deps.scrub))),
    controller,
    recordings,
    statusBar,
    trustStatus,
    baselineStatus,
    // The renderer draws in English at once and asks for the display language's words; Open as JSON.
    registerNotebookRendererMessaging(deps.documents),
  );
  return { controller, statusBar, trustStatus, baselineStatus, recordings };
}

async function resultForFile(result: CellResult, investigation: boolean, scrub: Pick<ScrubDoors, 'secretFor'>): Promise<CellResult | undefined> {
  // A saved investigation keeps only its replays' outputs (the local sandbox serving its fixtures:
  // pseudonyms already); a run against the environment it came from is not written to the file.
  if (investigation && result.environment.id !== 'local') return undefined;
  const secret = await scrub.secretFor(result.environment.id);
  if (secret === undefined) return result;
  const scrubbed = scrubCellResult(result, secret);
  if (scrubbed.result !== result) vscode.window.setStatusBarMessage(scrubStrings.notebookOutputSaved(scrubStrings.note(scrubbed.report)), 8_000);
  return scrubbed.result;
}
