// What the Requests view's commands and the panels do with recorded requests: send one again in an
// environment (recorded like any other), and show two responses side by side.
import * as vscode from 'vscode';
import { sendOperation } from '../api/replay';
import type { RequestOperation, RequestSpec } from '../api/requests';
import { isEnvironmentId } from '../domain/environments';
import { planReplay, sameBaseUrl, type ReplayEnvironment, type ReplayPlan } from '../domain/requests/replayPlan';
import { compareSideLabel, loadResponseText, requestDocumentName, responseBodyText } from '../domain/requests/requestPresentation';
import type { RequestRecord } from '../domain/requests/requestRecords';
import type { JsonDocumentProvider } from '../jsonDocuments/jsonDocumentProvider';
import { requestStrings, requestWords } from '../l10n/requestStrings';
import type { ApiConnection, EnvironmentId, RequestInspection, SendAgainResult } from '../services';
import { currentRequestOrigin, inRequestOrigin } from './requestOrigins';
import type { RequestRecorder } from './requestRecorder';

export class RequestInspector implements RequestInspection {
  constructor(
    private readonly connection: ApiConnection,
    readonly recorder: RequestRecorder,
    private readonly documents: JsonDocumentProvider,
  ) {}

  inLoad<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    return this.recorder.inLoad(work, signal);
  }

  requestsInCurrentLoad(): number {
    return this.recorder.requestsInCurrentLoad();
  }

  recorded(): readonly RequestRecord[] {
    return this.recorder.records.all();
  }

  sendAgain(environment: EnvironmentId, spec: RequestSpec, progressTitle: string): Promise<SendAgainResult> {
    return this.replay(environment, spec.operation, undefined, progressTitle);
  }

  async planReplay(record: RequestRecord): Promise<ReplayPlan> {
    return planReplay(record, await this.environmentOf(record.environmentId));
  }

  /**
   * Sends `operation` through `environment`'s client (its key, its retries, its log) under a
   * cancellable progress notification, and hands back the record it produced. With `baseUrl`, only
   * a client of that base URL may send it.
   */
  async replay(environment: EnvironmentId, operation: RequestOperation, baseUrl: string | undefined, progressTitle: string): Promise<SendAgainResult> {
    // Compare Environments sends through here too, and says so; anything else is a replay.
    const origin = currentRequestOrigin() ?? 'replay';
    return vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: progressTitle, cancellable: true },
      async (_progress, token) => {
        const controller = new AbortController();
        const subscription = token.onCancellationRequested(() => controller.abort());
        try {
          const connection = this.connection.forEnvironment(environment);
          const { outcome, records } = await this.recorder.capture(() => inRequestOrigin(origin, async () => {
            const client = await connection.client();
            // The setting may have changed since the check: the request goes where it went, or nowhere.
            if (baseUrl !== undefined && !connection.environment().isLocalSandbox && !sameBaseUrl(client.baseUrl, baseUrl)) {
              throw new Error(requestStrings.baseUrlChanged(connection.environment().label, baseUrl, client.baseUrl));
            }
            return sendOperation(client, operation, { signal: controller.signal });
          }));
          const record = records[records.length - 1];
          if (outcome.ok && record) return { ok: true, record };
          const message = outcome.ok ? '' : outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
          return { ok: false, message, record };
        } finally {
          subscription.dispose();
        }
      },
    );
  }

  /**
   * Sends every operation of a load again, in order, as one new load (one row), in `environment`
   * and only to `baseUrl`. A failed request does not stop the rest; Cancel does. Resolves with the
   * new records (none when the base URL moved or nothing was sent).
   */
  async replayLoad(
    environment: EnvironmentId,
    operations: readonly RequestOperation[],
    baseUrl: string,
    progressTitle: string,
  ): Promise<{ records: RequestRecord[]; cancelled: boolean; message?: string }> {
    return vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: progressTitle, cancellable: true },
      async (progress, token) => {
        const controller = new AbortController();
        const subscription = token.onCancellationRequested(() => controller.abort());
        try {
          const connection = this.connection.forEnvironment(environment);
          const { outcome, records } = await this.recorder.capture(() =>
            inRequestOrigin('replay', async () => {
              const client = await connection.client();
              if (!connection.environment().isLocalSandbox && !sameBaseUrl(client.baseUrl, baseUrl)) {
                throw new Error(requestStrings.baseUrlChanged(connection.environment().label, baseUrl, client.baseUrl));
              }
              for (const [index, operation] of operations.entries()) {
                if (controller.signal.aborted) return;
                progress.report({ message: `${index + 1}/${operations.length}`, increment: 100 / operations.length });
                // One failed request is part of what the replay shows, not the end of it.
                await sendOperation(client, operation, { signal: controller.signal }).catch(() => undefined);
              }
            }),
          );
          const message = outcome.ok ? undefined : outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
          return { records, cancelled: controller.signal.aborted, ...(message !== undefined ? { message } : {}) };
        } finally {
          subscription.dispose();
        }
      },
    );
  }

  /** VS Code's diff editor between two recorded responses, bodies pretty-printed so fields line up. */
  async compareResponses(left: RequestRecord, right: RequestRecord): Promise<void> {
    const words = requestWords();
    const leftUri = this.documents.storeText(requestDocumentName(left, 'json', words), responseBodyText(left, words));
    const rightUri = this.documents.storeText(requestDocumentName(right, 'json', words), responseBodyText(right, words));
    const title = requestStrings.compareTitle(compareSideLabel(left, words), compareSideLabel(right, words));
    await vscode.commands.executeCommand('vscode.diff', leftUri, rightUri, title, { preview: false });
  }

  /** The diff editor between two loads' responses, request by request. */
  async compareLoads(left: readonly RequestRecord[], right: readonly RequestRecord[]): Promise<void> {
    const [leftFirst, rightFirst] = [left[0], right[0]];
    if (!leftFirst || !rightFirst) return;
    const words = requestWords();
    const leftUri = this.documents.storeText(requestDocumentName(leftFirst, 'json', words).replace(/\.json$/, '.txt'), loadResponseText(left, words));
    const rightUri = this.documents.storeText(requestDocumentName(rightFirst, 'json', words).replace(/\.json$/, '.txt'), loadResponseText(right, words));
    const title = requestStrings.compareTitle(compareSideLabel(leftFirst, words), compareSideLabel(rightFirst, words));
    await vscode.commands.executeCommand('vscode.diff', leftUri, rightUri, title, { preview: false });
  }

  /** Where the record's environment stands now. */
  private async environmentOf(id: string): Promise<ReplayEnvironment> {
    if (!isEnvironmentId(id)) return { kind: 'gone' };
    const connection = this.connection.forEnvironment(id);
    const state = await connection.apiKeyState();
    if (state === 'misconfigured') return { kind: 'misconfigured' };
    if (state === 'notNeeded') return { kind: 'localSandbox' };
    const baseUrl = connection.environment().baseUrl;
    return baseUrl === undefined ? { kind: 'misconfigured' } : { kind: 'remote', baseUrl, hasKey: state === 'set' };
  }
}
