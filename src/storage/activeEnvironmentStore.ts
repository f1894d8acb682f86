import type * as vscode from 'vscode';
import { ACTIVE_ENVIRONMENT_STATE_KEY } from '../constants';
import { parseEnvironmentId } from '../domain/environments';
import type { EnvironmentId } from '../services';

/** The environment this machine last chose; the local sandbox until the user picks another. */
export class ActiveEnvironmentStore {
  constructor(private readonly state: vscode.Memento) {}

  get(): EnvironmentId {
    return parseEnvironmentId(this.state.get<unknown>(ACTIVE_ENVIRONMENT_STATE_KEY));
  }

  set(id: EnvironmentId): Thenable<void> {
    return this.state.update(ACTIVE_ENVIRONMENT_STATE_KEY, id);
  }
}
