import * as vscode from 'vscode';
import type { RequestInspector } from '../../connection/requestInspector';
import { REQUEST_COMMANDS } from '../../constants';
import { isEnvironmentId } from '../../domain/environments';
import type { ReplayRefusal } from '../../domain/requests/replayPlan';
import { outcomeOf, rowText } from '../../domain/requests/requestPresentation';
import { isErrorRecord, type RequestRecord } from '../../domain/requests/requestRecords';
import type { RequestOperation } from '../../api/requests';
import type { EnvironmentId } from '../../domain/environments';
import { confirmProductionUse } from '../../ui/productionConfirm';
import { requestStrings, requestWords } from '../../l10n/requestStrings';
import type { ApiConnection, Command } from '../../services';
import { nextStepCommand } from '../../ui/nextStepCommand';
import type { RequestsView } from '../../views/requests/requestsView';
import { recordOf, requestArgument } from './requestArgument';

/**
 * The same call with the same arguments, in the environment it was sent in and to the base URL it
 * was sent to, as a new row (selected). When that is no longer possible, nothing is sent and the
 * message says why, with what to do instead.
 */
export class ReplayRequestCommand implements Command {
  readonly id = REQUEST_COMMANDS.replay;

  constructor(
    private readonly connection: ApiConnection,
    private readonly inspector: RequestInspector,
    private readonly view: RequestsView,
  ) {}

  /**
   * Resolves to the new record's id (tests), or undefined when nothing was sent. A load row (paged
   * load, scan, diagnosis) sends all its requests again as one new load; its id is the new load's first.
   */
  async execute(argument?: unknown): Promise<number | undefined> {
    const node = await requestArgument(argument, this.inspector.recorder.records);
    if (node?.kind === 'load' && node.pages.length > 1) return this.replayLoad(node.pages);
    const record = node && recordOf(node);
    if (!record) return undefined;
    const plan = await this.inspector.planReplay(record);
    if (!plan.ok || !isEnvironmentId(record.environmentId)) {
      this.explain(plan.ok ? { reason: 'environmentGone' } : plan.refusal, record);
      return undefined;
    }
    const environment = this.connection.forEnvironment(record.environmentId).environment().label;
    if (!(await confirmProductionUse(record.environmentId, environment, 'replay'))) return undefined;
    const label = rowText({ kind: 'request', record }, requestWords()).label;
    const result = await this.inspector.replay(record.environmentId, plan.operation, record.baseUrl, requestStrings.replaying(label, environment));
    if (result.record) await this.view.reveal(result.record.id);
    if (result.ok) {
      vscode.window.setStatusBarMessage(requestStrings.replayed(outcomeOf(result.record), environment), 5000);
    } else if (result.record?.failure !== 'cancelled') {
      const open = requestStrings.openReplay();
      const choices = result.record ? [open] : [];
      void vscode.window.showWarningMessage(requestStrings.replayFailed(result.message), ...choices).then((choice) => {
        if (choice === open && result.record) void vscode.commands.executeCommand(REQUEST_COMMANDS.open, result.record.id);
      });
    }
    return result.record?.id;
  }

  private async replayLoad(pages: readonly RequestRecord[]): Promise<number | undefined> {
    const first = pages[0];
    if (!first) return undefined;
    const operations: RequestOperation[] = [];
    for (const page of pages) {
      const plan = await this.inspector.planReplay(page);
      if (!plan.ok || !isEnvironmentId(page.environmentId)) {
        this.explain(plan.ok ? { reason: 'environmentGone' } : plan.refusal, page);
        return undefined;
      }
      operations.push(plan.operation);
    }
    const environmentId = first.environmentId as EnvironmentId;
    const environment = this.connection.forEnvironment(environmentId).environment().label;
    if (!(await confirmProductionUse(environmentId, environment, 'replay'))) return undefined;
    const label = rowText({ kind: 'load', loadId: '', pages: [...pages] }, requestWords()).label;
    const result = await this.inspector.replayLoad(environmentId, operations, first.baseUrl, requestStrings.replayingLoad(label, operations.length, environment));
    const newFirst = result.records[0];
    if (newFirst) await this.view.reveal(newFirst.id);
    if (result.message !== undefined && !result.cancelled) {
      void vscode.window.showWarningMessage(requestStrings.replayFailed(result.message));
    } else if (!result.cancelled) {
      const failed = result.records.filter(isErrorRecord).length;
      vscode.window.setStatusBarMessage(requestStrings.replayedLoad(result.records.length, failed, environment), 5000);
    }
    return newFirst?.id;
  }

  /** Why nothing was sent, with the step that makes a replay possible (or the request usable elsewhere). */
  private explain(refusal: ReplayRefusal, record: RequestRecord): void {
    const id = isEnvironmentId(record.environmentId) ? record.environmentId : undefined;
    const environment = id ? this.connection.forEnvironment(id).environment().label : record.environmentLabel;
    const copyAsCurl = { title: requestStrings.copyAsCurl(), command: REQUEST_COMMANDS.copyAsCurl, arguments: [record.id] };
    const open = { title: requestStrings.openReplay(), command: REQUEST_COMMANDS.open, arguments: [record.id] };
    let message: string;
    let steps: vscode.Command[];
    switch (refusal.reason) {
      case 'noOperation':
        message = requestStrings.noOperation();
        steps = [open, copyAsCurl];
        break;
      case 'environmentGone':
        message = requestStrings.environmentGone(record.environmentLabel);
        steps = [copyAsCurl];
        break;
      case 'misconfigured':
        message = requestStrings.environmentMisconfigured(environment);
        steps = id ? [nextStepCommand('checkBaseUrl', id)] : [];
        break;
      case 'baseUrlChanged':
        message = requestStrings.baseUrlChanged(environment, refusal.sentTo, refusal.now);
        steps = id ? [nextStepCommand('checkBaseUrl', id), copyAsCurl] : [copyAsCurl];
        break;
      case 'noKey':
        message = requestStrings.noKeyForReplay(environment);
        steps = id ? [nextStepCommand('setApiKey', id)] : [];
        break;
    }
    void vscode.window.showWarningMessage(message, ...steps.map((step) => step.title)).then((choice) => {
      const step = steps.find((candidate) => candidate.title === choice);
      if (step) void vscode.commands.executeCommand(step.command, ...(step.arguments ?? []));
    });
  }
}
