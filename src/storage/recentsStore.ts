import type * as vscode from 'vscode';
import { RECENTS_STATE_KEY_PREFIX } from '../constants';
import { parseRecents, rememberLabTest, rememberUser, type RecentLabTest, type RecentUser, type Recents } from '../domain/users/recents';
import type { EnvironmentId, RecentItems } from '../services';

/**
 * Recent users and lab tests per environment, in workspace state: ids and names only, never data
 * or keys. A project's recents stay with the project.
 */
export class RecentsStore implements RecentItems {
  constructor(private readonly state: vscode.Memento) {}

  get(environment: EnvironmentId): Recents {
    return parseRecents(this.state.get<unknown>(this.key(environment)));
  }

  rememberUser(environment: EnvironmentId, user: RecentUser): Thenable<void> {
    return this.state.update(this.key(environment), rememberUser(this.get(environment), user));
  }

  rememberLabTest(environment: EnvironmentId, labTest: RecentLabTest): Thenable<void> {
    return this.state.update(this.key(environment), rememberLabTest(this.get(environment), labTest));
  }

  private key(environment: EnvironmentId): string {
    return `${RECENTS_STATE_KEY_PREFIX}${environment}`;
  }
}
