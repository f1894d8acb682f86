// Keeps every request of the window for the Requests view: the records (bodies capped, key redacted),
// which paged load each request belongs to, and the metadata saved across a window reload.
import * as vscode from 'vscode';
import type { RequestLogEntry } from '../api/client';
import { currentAgentTool } from './agentCalls';
import { currentRequestOrigin } from './requestOrigins';
import { currentRequestLoad, inRequestLoad, newRequestLoadId } from './requestLoads';
import { requestRecordInput, type RecordedEnvironment } from '../domain/requests/requestRecordInput';
import { parseSavedRecords, RequestRecords, type RequestRecord, type RequestStoreLimits } from '../domain/requests/requestRecords';

const SAVED_STATE_KEY = 'healthData.requests';
const SAVE_DELAY_MS = 1_000;
const CHANGE_DELAY_MS = 100;

export class RequestRecorder implements vscode.Disposable {
  readonly records: RequestRecords;
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires at most every 100 ms while requests arrive: a 50-page load redraws the view a few times, not 50. */
  readonly onDidChange = this.changed.event;
  private changeTimer: ReturnType<typeof setTimeout> | undefined;
  private saveTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly state: vscode.Memento,
    limits: RequestStoreLimits = {},
  ) {
    this.records = new RequestRecords(limits);
    this.records.restore(parseSavedRecords(state.get(SAVED_STATE_KEY)));
  }

  /**
   * Every request `work` makes (its pages, its retries) shows as one expandable row. With `signal`,
   * a load that ends with it aborted is marked cancelled, however the cancel fell.
   */
  async inLoad<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const loadId = newRequestLoadId();
    try {
      return await inRequestLoad(work, loadId);
    } finally {
      if (signal?.aborted) {
        this.records.markLoadCancelled(loadId);
        this.scheduleChange();
        this.scheduleSave();
      }
    }
  }

  /** How many requests the load this runs in has sent so far (its row's count); 0 outside a load. */
  requestsInCurrentLoad(): number {
    const loadId = currentRequestLoad();
    return loadId === undefined ? 0 : this.records.requestsOfLoad(loadId);
  }

  /** Runs `work` as one load and hands back what it returned or threw, with the records it made. */
  async capture<T>(work: () => Promise<T>): Promise<{ outcome: { ok: true; value: T } | { ok: false; error: unknown }; records: RequestRecord[] }> {
    const loadId = newRequestLoadId();
    let outcome: { ok: true; value: T } | { ok: false; error: unknown };
    try {
      outcome = { ok: true, value: await inRequestLoad(work, loadId) };
    } catch (error) {
      outcome = { ok: false, error };
    }
    this.fireChange();
    return { outcome, records: this.records.all().filter((record) => record.loadId === loadId) };
  }

  record(entry: RequestLogEntry, environment: RecordedEnvironment, keyHeader: string, secret: string): void {
    const input = requestRecordInput(entry, environment, Date.now(), currentRequestLoad());
    const agentTool = currentAgentTool();
    if (agentTool !== undefined) input.agentTool = agentTool;
    const origin = currentRequestOrigin() ?? (agentTool !== undefined ? 'agentTool' : undefined);
    if (origin !== undefined) input.origin = origin;
    this.records.addAttempt(input, entry.attempt, keyHeader, secret);
    this.scheduleChange();
    this.scheduleSave();
  }

  clear(): void {
    this.records.clear();
    this.fireChange();
    void this.save();
  }

  /** Resolves once the saved state holds every row recorded so far (tests, window close). */
  async save(): Promise<void> {
    clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    await this.state.update(SAVED_STATE_KEY, this.records.snapshot());
  }

  /** What a reloaded window would restore (tests check it holds neither bodies nor the key). */
  savedState(): unknown {
    return this.state.get(SAVED_STATE_KEY);
  }

  private scheduleChange(): void {
    this.changeTimer ??= setTimeout(() => this.fireChange(), CHANGE_DELAY_MS);
  }

  private fireChange(): void {
    clearTimeout(this.changeTimer);
    this.changeTimer = undefined;
    this.changed.fire();
  }

  private scheduleSave(): void {
    this.saveTimer ??= setTimeout(() => void this.save(), SAVE_DELAY_MS);
  }

  dispose(): void {
    clearTimeout(this.changeTimer);
    if (this.saveTimer) void this.save();
    this.changed.dispose();
  }
}
