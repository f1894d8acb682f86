import type * as vscode from 'vscode';
import { PINNED_USERS_STATE_KEY } from '../constants';
import type { EnvironmentId } from '../services';

/** At most this many pins are remembered per environment: each costs one resolve after a reload. */
const MAX_REMEMBERED = 10;

/**
 * The client_user_ids Resolve User pinned on top of the Users tree, per environment, so the pins
 * survive a window reload. Only ids are kept (never user records, never a key).
 */
export class PinnedUsersStore {
  constructor(private readonly state: vscode.Memento) {}

  get(environment: EnvironmentId): string[] {
    const saved = this.state.get<unknown>(PINNED_USERS_STATE_KEY);
    const ids = saved && typeof saved === 'object' ? (saved as Record<string, unknown>)[environment] : undefined;
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string').slice(0, MAX_REMEMBERED) : [];
  }

  async set(environment: EnvironmentId, clientUserIds: readonly string[]): Promise<void> {
    const saved = this.state.get<Record<string, unknown>>(PINNED_USERS_STATE_KEY) ?? {};
    await this.state.update(PINNED_USERS_STATE_KEY, { ...saved, [environment]: clientUserIds.slice(0, MAX_REMEMBERED) });
  }
}
