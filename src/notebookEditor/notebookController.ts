// Runs request cells: one NotebookRunner (the core's, the same the command line uses) per run of the
// notebook, against the notebook's environment through the extension's own client of it, every
// request recorded in the Requests view as the notebook's. The shell only decides whether a run may
// start (trust, key, production) and turns results into outputs.
import * as vscode from 'vscode';
import type { HealthApiClient } from '../api/client';
import { NOTEBOOK_CONTROLLER_ID, NOTEBOOK_WALKTHROUGH_CONTEXT_KEY, SHELL_COMMANDS } from '../constants';
import { inRequestOrigin } from '../connection/requestOrigins';
import type { ShellApiConnection } from '../connection/shellApiConnection';
import { isProduction, type EnvironmentId } from '../domain/environments';
import { investigationStrings } from '../l10n/investigationStrings';
import { notebookStrings } from '../l10n/notebookStrings';
import { NOTEBOOK_TYPE, REQUEST_CELL_LANGUAGE } from '../notebook/model';
import { NotebookRunner } from '../notebook/notebookRunner';
import type { RequestInspection } from '../services';
import { markDone } from '../views/walkthroughProgress';
import { cellResultOf, cellResultOutput, cellSucceeded, notRunOutput } from './cellOutputs';
import { CellProgress } from './cellProgress';
import { baselineStateFor } from './deviationBaselineFile';
import { frontMatterOf, type NotebookFrontMatter } from './notebookMetadata';
import { OutputWrites } from './outputWrites';
import type { RecordingWorlds } from './recordingWorlds';

export interface NotebookControllerDeps {
  connection: ShellApiConnection;
  requests: Pick<RequestInspection, 'inLoad'>;
  /** The sandboxes serving saved investigations' fixtures folders. */
  recordings: Pick<RecordingWorlds, 'client'>;
}

/** A saved investigation run against the environment it came from, with the real values of its variables. */
export interface LiveRun {
  environment: EnvironmentId;
  variables: Record<string, string>;
}

/** Why a run did not start, and the next step offered beside the cells' message. */
interface Refusal {
  message: string;
  /** Say it in a notification only, leaving the cells' saved outputs as they are (untrusted, declined). */
  keepOutputs?: boolean;
  action?: { label: string; run: () => Thenable<unknown> };
}

export class HealthDataNotebookController implements vscode.Disposable {
  private readonly controller: vscode.NotebookController;
  /** One run at a time per notebook: a second Run All waits for the first (its cells stay queued). */
  private readonly runs = new Map<string, Promise<void>>();
  private readonly executionOrders = new Map<string, number>();
  /**
   * Asked once per run in a production environment; true sends. Replaceable (the integration tests
   * answer it; the host cannot click a modal).
   */
  confirmProduction: (environment: string) => Promise<boolean> = async (environment) => {
    const run = notebookStrings.runInProduction(environment);
    const choice = await vscode.window.showWarningMessage(
      notebookStrings.confirmProduction(environment),
      { modal: true, detail: notebookStrings.confirmProductionDetail() },
      run,
    );
    return choice === run;
  };

  constructor(private readonly deps: NotebookControllerDeps) {
    this.controller = vscode.notebooks.createNotebookController(NOTEBOOK_CONTROLLER_ID, NOTEBOOK_TYPE, notebookStrings.controllerLabel());
    this.controller.description = notebookStrings.controllerDescription();
    this.controller.supportedLanguages = [REQUEST_CELL_LANGUAGE];
    this.controller.supportsExecutionOrder = true;
    this.controller.executeHandler = (cells, notebook) => this.enqueue(cells, notebook);
  }

  /**
   * Runs every request cell of a saved investigation once against the environment it came from,
   * its variables given the real values kept in this VS Code (`live`) over the pseudonyms of its file.
   */
  runLive(notebook: vscode.NotebookDocument, live: LiveRun): Promise<void> {
    return this.enqueue(notebook.getCells(), notebook, live);
  }

  /** Runs after the notebook's current run, if one is going on; resolves when this one ended. */
  private enqueue(cells: vscode.NotebookCell[], notebook: vscode.NotebookDocument, live?: LiveRun): Promise<void> {
    const key = notebook.uri.toString();
    const executions = this.createExecutions(cells);
    const run = (this.runs.get(key) ?? Promise.resolve()).then(() => this.run(executions, notebook, live));
    const settled = run.catch(() => undefined);
    this.runs.set(key, settled);
    void settled.then(() => {
      if (this.runs.get(key) === settled) this.runs.delete(key);
    });
    return run;
  }

  /** All at once, in the notebook's order: they show as queued and each can be cancelled. */
  private createExecutions(cells: readonly vscode.NotebookCell[]): vscode.NotebookCellExecution[] {
    const executions: vscode.NotebookCellExecution[] = [];
    for (const cell of [...cells].sort((a, b) => a.index - b.index)) {
      if (cell.kind !== vscode.NotebookCellKind.Code) continue;
      try {
        executions.push(this.controller.createNotebookCellExecution(cell));
      } catch {
        // Already queued or running in a run before this one: that run covers it.
      }
    }
    return executions;
  }

  private async run(executions: vscode.NotebookCellExecution[], notebook: vscode.NotebookDocument, live?: LiveRun): Promise<void> {
    if (executions.length === 0) return;
    const written = frontMatterOf(notebook.metadata);
    const frontMatter = live ? { ...written, fixtures: undefined, environment: live.environment, variables: { ...written.variables, ...live.variables } } : written;
    const target = await this.targetOf(notebook, frontMatter);
    if ('message' in target) return this.refuse(executions, target);
    const { client, environment } = target;
    const firstIndex = executions[0]!.cell.index;
    // Read once per run: `expect no new deviations` compares with the file as it is now.
    const baseline = await baselineStateFor(notebook);
    const runner = new NotebookRunner(
      { client, environment },
      {
        // Cells above the first one run now set variables earlier: their saved or last results say which.
        variables: { ...frontMatter.variables, ...variablesSetAbove(notebook, firstIndex) },
        ...(frontMatter.timeZone ? { timeZone: frontMatter.timeZone } : {}),
      },
      baseline ? { baseline } : {},
    );
    // Each cell's output edits go out without waiting on the workbench's acknowledgement (VS Code sends
    // an execution's edits in order, and end() flushes them); the run resolves once all are applied,
    // so a command awaiting it finds every output in the document.
    const writes = new OutputWrites();
    for (const execution of executions) await this.runCell(execution, runner, notebook, writes);
    await writes.applied();
    markDone(NOTEBOOK_WALKTHROUGH_CONTEXT_KEY);
  }

  private async runCell(execution: vscode.NotebookCellExecution, runner: NotebookRunner, notebook: vscode.NotebookDocument, writes: OutputWrites): Promise<void> {
    if (execution.token.isCancellationRequested) {
      execution.end(undefined);
      return;
    }
    const key = notebook.uri.toString();
    const order = (this.executionOrders.get(key) ?? 0) + 1;
    this.executionOrders.set(key, order);
    execution.executionOrder = order;
    execution.start(Date.now());
    const abort = new AbortController();
    const cancellation = execution.token.onCancellationRequested(() => abort.abort());
    const progress = new CellProgress(execution, writes);
    try {
      const source = execution.cell.document.getText();
      const options = {
        signal: abort.signal,
        // As the command line names it: its place among all the notebook's cells.
        cellName: notebookStrings.cellName(execution.cell.index + 1),
        onProgress: ({ pages }: { pages: number }) => progress.page(pages),
      };
      const result = await inRequestOrigin('notebook', () => this.deps.requests.inLoad(() => runner.runCell(source, options)));
      writes.add(execution.replaceOutput(cellResultOutput(result)));
      execution.end(cellSucceeded(result), Date.now());
    } catch (error) {
      // The runner never throws: something of the shell's own did (the notebook closed under it).
      writes.add(execution.replaceOutput(notRunOutput(notebookStrings.errorLine(error instanceof Error ? error.message : String(error)))));
      execution.end(false, Date.now());
    } finally {
      progress.stop();
      cancellation.dispose();
    }
  }

  /**
   * Where the run's requests go: a saved investigation (front matter `fixtures:`) to the sandbox
   * serving its folder, beside the notebook; any other notebook to its environment (or the active one).
   */
  private async targetOf(notebook: vscode.NotebookDocument, frontMatter: NotebookFrontMatter): Promise<{ client: HealthApiClient; environment: { id: EnvironmentId; label: string } } | Refusal> {
    if (frontMatter.fixtures !== undefined) {
      if (!vscode.workspace.isTrusted) return this.untrusted();
      // Its folder is named relative to the notebook's file: an untitled notebook has no place yet.
      if (notebook.isUntitled) {
        return { message: notebookStrings.fixturesBesideUnsaved(frontMatter.fixtures), action: { label: notebookStrings.saveAs(), run: () => vscode.commands.executeCommand('workbench.action.files.saveAs') } };
      }
      const folder = vscode.Uri.joinPath(notebook.uri, '..', frontMatter.fixtures);
      const environment = { id: 'local' as const, label: investigationStrings.recordingLabel(frontMatter.fixtures) };
      try {
        return { client: await this.deps.recordings.client(folder.fsPath), environment };
      } catch (error) {
        return { message: notebookStrings.connectionFailed(environment.label, error instanceof Error ? error.message : String(error)) };
      }
    }
    const environmentId = frontMatter.environment ?? this.deps.connection.environment().id;
    const refusal = await this.refusal(environmentId);
    if (refusal) return refusal;
    const label = this.deps.connection.environment(environmentId).label;
    try {
      return { client: await this.deps.connection.client(environmentId), environment: { id: environmentId, label } };
    } catch (error) {
      return { message: notebookStrings.connectionFailed(label, error instanceof Error ? error.message : String(error)) };
    }
  }

  private untrusted(): Refusal {
    return { message: notebookStrings.untrusted(), keepOutputs: true, action: { label: notebookStrings.manageTrust(), run: () => vscode.commands.executeCommand('workbench.trust.manage') } };
  }

  /** Why a run in `environment` cannot start; undefined: it may. Production asks here, once per run. */
  private async refusal(environment: EnvironmentId): Promise<Refusal | undefined> {
    if (!vscode.workspace.isTrusted) return this.untrusted();
    const label = this.deps.connection.environment(environment).label;
    const keyState = await this.deps.connection.apiKeyState(environment);
    if (keyState === 'missing') {
      return { message: notebookStrings.noKey(label), action: { label: notebookStrings.setApiKey(), run: () => vscode.commands.executeCommand(SHELL_COMMANDS.setApiKey, environment) } };
    }
    if (keyState === 'misconfigured') {
      return {
        message: notebookStrings.misconfigured(label),
        action: { label: notebookStrings.openSettings(), run: () => vscode.commands.executeCommand('workbench.action.openSettings', 'healthData.baseUrl') },
      };
    }
    if (isProduction(environment) && !(await this.confirmProduction(label))) return { message: notebookStrings.productionDeclined(label), keepOutputs: true };
    return undefined;
  }

  /** Every cell of the run says why it did not run (or keeps its output); the next step is offered beside. */
  private async refuse(executions: vscode.NotebookCellExecution[], refusal: Refusal): Promise<void> {
    const writes = new OutputWrites();
    for (const execution of executions) {
      if (refusal.keepOutputs) {
        execution.end(undefined);
        continue;
      }
      execution.start(Date.now());
      writes.add(execution.replaceOutput(notRunOutput(refusal.message)));
      execution.end(false, Date.now());
    }
    await writes.applied();
    const action = refusal.action;
    if (action) {
      void vscode.window.showWarningMessage(refusal.message, action.label).then((choice) => (choice === action.label ? action.run() : undefined));
    } else if (refusal.keepOutputs) {
      void vscode.window.showInformationMessage(refusal.message);
    }
  }

  dispose(): void {
    this.controller.dispose();
  }
}

/** The variables the request cells above `index` set when they last ran (in order: later wins). */
function variablesSetAbove(notebook: vscode.NotebookDocument, index: number): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const cell of notebook.getCells(new vscode.NotebookRange(0, index))) {
    if (cell.kind !== vscode.NotebookCellKind.Code) continue;
    Object.assign(variables, cellResultOf(cell.outputs)?.variablesSet ?? {});
  }
  return variables;
}
