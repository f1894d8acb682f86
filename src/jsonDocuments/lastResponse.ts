import * as vscode from 'vscode';
import type { RequestOperation, RequestSpec } from '../api/requests';
import { requestTitle } from '../domain/requests/jsonDocument';

export interface RecordedResponse {
  title: string;
  value: unknown;
  /** Which operation answered it: what a saved copy is scrubbed as. */
  operation: RequestOperation;
}

/** The most recent API response the shell received, for "Open Last Response as JSON". */
export class LastResponse implements vscode.Disposable {
  private last: RecordedResponse | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  record(spec: RequestSpec, value: unknown): void {
    this.last = { title: requestTitle(spec), value, operation: spec.operation };
    this.changed.fire();
  }

  get(): RecordedResponse | undefined {
    return this.last;
  }

  clear(): void {
    this.last = undefined;
    this.changed.fire();
  }

  dispose(): void {
    this.changed.dispose();
  }
}
