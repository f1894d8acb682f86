import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import { NOTEBOOK_COMMANDS } from '../../constants';
import { inExchangeCapture } from '../../connection/exchangeCapture';
import { inRequestOrigin } from '../../connection/requestOrigins';
import type { ShellApiConnection } from '../../connection/shellApiConnection';
import { isEnvironmentId, type EnvironmentId } from '../../domain/environments';
import type { RequestRecords } from '../../domain/requests/requestRecords';
import { investigationStrings } from '../../l10n/investigationStrings';
import type { CellResult } from '../../notebook/model';
import { runNotebookFile } from '../../notebook/notebookRunner';
import { investigationNotebook, savedInvestigation, type Investigation } from '../../notebook/recording/investigation';
import { markerPageSteps, requestRowSteps, userWindowSteps } from '../../notebook/recording/investigationSteps';
import type { Panels } from '../../panels/panels';
import { ExchangeRecorder } from '../../scrub/exchangeRecorder';
import type { Command, RequestInspection, ScrubDoors } from '../../services';
import { confirmProductionUse } from '../../ui/productionConfirm';
import type { RequestNode } from '../../views/requests/requestNodes';
import { investigationSecretKey, writeInvestigation } from './investigationFiles';
import { selectedRequestRows } from './saveRequestsAsNotebookCommand';

/** From code (tests, other commands): where to save, which Requests rows, and production already agreed to. */
export interface SaveInvestigationOptions {
  target?: vscode.Uri;
  records?: number[];
  productionConfirmed?: boolean;
}

export interface SaveInvestigationDeps {
  context: vscode.ExtensionContext;
  connection: ShellApiConnection;
  panels: Panels;
  records: RequestRecords;
  selection: () => readonly RequestNode[];
  scrub: ScrubDoors;
  requests: Pick<RequestInspection, 'inLoad'>;
  /** The notebook controller's sandbox serving this folder, if one runs, reads it again. */
  forgetRecording: (fixturesDir: string) => void;
}

/**
 * Save Investigation… from the blood-pressure, diagnosis or lab-markers panel in front, or selected Requests
 * rows: the requests behind the finding asked again (every page, recorded), then saved where the
 * user picks as a notebook stating the finding and its fixtures beside it, always scrubbed; the
 * real values of its variables go to this VS Code's secret storage, never to a file.
 * From the view: `(clickedNode, selectedNodes)`; from code: SaveInvestigationOptions.
 */
export class SaveInvestigationCommand implements Command {
  readonly id = NOTEBOOK_COMMANDS.saveInvestigation;

  constructor(private readonly deps: SaveInvestigationDeps) {}

  async execute(clicked?: unknown, selected?: unknown): Promise<vscode.Uri | undefined> {
    const options = isOptions(clicked) ? clicked : {};
    const investigation = this.investigationOf(options.records ?? (isOptions(clicked) ? undefined : clicked), selected);
    if (!investigation) {
      void vscode.window.showInformationMessage(investigationStrings.nothingToSave());
      return undefined;
    }
    const environment = this.deps.connection.environment(investigation.environment);
    if (!options.productionConfirmed && !(await confirmProductionUse(investigation.environment, environment.label, 'saveInvestigation'))) return undefined;
    const target = options.target ?? (await this.pickTarget());
    if (!target) return undefined;

    const notebook = investigationNotebook(investigation);
    const recorder = new ExchangeRecorder();
    const results = new Map<number, CellResult>();
    let cancelled = false;
    try {
      const client = await this.deps.connection.client(investigation.environment);
      await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: investigationStrings.running(environment.label), cancellable: true }, async (_progress, token) => {
        const stop = new AbortController();
        const subscription = token.onCancellationRequested(() => stop.abort());
        try {
          await inExchangeCapture(recorder.onRequest, () =>
            inRequestOrigin('notebook', () =>
              this.deps.requests.inLoad(() =>
                runNotebookFile(notebook, { client, environment: { id: investigation.environment, label: environment.label } }, { signal: stop.signal, onCell: (index, _cell, result) => results.set(index, result) }),
              ),
            ),
          );
        } finally {
          cancelled = stop.signal.aborted;
          subscription.dispose();
        }
      });
    } catch (error) {
      void vscode.window.showErrorMessage(investigationStrings.couldNotRun(environment.label, error instanceof Error ? error.message : String(error)));
      return undefined;
    }
    if (cancelled || [...results.values()].some((result) => result.outcome === 'cancelled')) {
      void vscode.window.showInformationMessage(investigationStrings.cancelled());
      return undefined;
    }
    const unreachable = [...results.values()].find((result) => result.outcome === 'error' && result.status === undefined);
    if (unreachable) {
      void vscode.window.showErrorMessage(investigationStrings.couldNotRun(environment.label, unreachable.error?.message ?? ''));
      return undefined;
    }

    const name = nameOf(target);
    const id = randomUUID();
    const saved = savedInvestigation({ name, id, run: { notebook, results }, exchanges: recorder.exchanges(), secret: await this.deps.scrub.alwaysSecret(), recordedFrom: environment.label });
    const written = await writeInvestigation(target, saved);
    await this.deps.context.secrets.store(investigationSecretKey(id), JSON.stringify({ environment: investigation.environment, variables: saved.realVariables }));
    this.deps.forgetRecording(vscode.Uri.joinPath(written, '..', saved.fixturesFolder).fsPath);
    await vscode.window.showNotebookDocument(await vscode.workspace.openNotebookDocument(written));
    const where = written.scheme === 'file' ? written.fsPath : written.toString();
    void vscode.window.showInformationMessage(investigationStrings.saved(where, saved.fixtures.length, saved.fixturesFolder, saved.scrubbed));
    return written;
  }

  /** The Requests rows given (one environment's), else the panel in front. */
  private investigationOf(clicked: unknown, selected: unknown): Investigation | undefined {
    const rows = clicked === undefined && selected === undefined ? [] : selectedRequestRows(this.deps.records, this.deps.selection, clicked, selected);
    const withCall = rows.filter((row) => row.first.operation !== undefined).sort((a, b) => a.first.id - b.first.id);
    const first = withCall[0]?.first;
    if (first) {
      const environment: EnvironmentId = isEnvironmentId(first.environmentId) ? first.environmentId : 'custom';
      const same = withCall.filter((row) => row.first.environmentId === first.environmentId);
      const summary = same.length < withCall.length ? [investigationStrings.mixedEnvironments(first.environmentLabel)] : [];
      const steps = requestRowSteps(same.map((row) => ({ operation: row.first.operation!, paged: row.paged })));
      return { title: investigationStrings.requestsTitle(steps.length), summary, environment, steps };
    }
    const panel = this.deps.panels.activeInvestigation();
    if (!panel) return undefined;
    if (panel.from === 'labMarkers') {
      const found = panel.found;
      return { title: investigationStrings.labMarkersTitle(), summary: [investigationStrings.markersOnPage(found.page.markers.length)], environment: panel.environmentId, steps: markerPageSteps(found) };
    }
    const { steps, missing } = userWindowSteps(panel.found);
    const days = Math.round((Date.parse(panel.found.window.lastDay) - Date.parse(panel.found.window.firstDay)) / 86_400_000) + 1;
    return {
      title: panel.from === 'diagnosis' ? investigationStrings.diagnosisTitle() : investigationStrings.bloodPressureTitle(),
      summary: [missing.length > 0 ? investigationStrings.missingDays(missing.length, days) : investigationStrings.everyDay(days)],
      environment: panel.environmentId,
      timeZone: panel.found.zone.zone,
      steps,
    };
  }

  private async pickTarget(): Promise<vscode.Uri | undefined> {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    return vscode.window.showSaveDialog({
      ...(folder ? { defaultUri: vscode.Uri.joinPath(folder, 'investigation.hdnb.md') } : {}),
      filters: { [investigationStrings.saveLabel()]: ['md'] },
      saveLabel: investigationStrings.saveLabel(),
    });
  }
}

function isOptions(value: unknown): value is SaveInvestigationOptions {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const options = value as Record<string, unknown>;
  return !('kind' in options) && (options.target instanceof vscode.Uri || Array.isArray(options.records) || options.productionConfirmed === true);
}

/** `finding.hdnb.md` → `finding`: the notebook's name, and its fixtures folder's (`finding.fixtures`). */
function nameOf(target: vscode.Uri): string {
  const base = target.path.slice(target.path.lastIndexOf('/') + 1);
  return base.replace(/\.hdnb\.md$/i, '').replace(/\.md$/i, '') || 'investigation';
}
