import type { HealthApiClient } from '../../api/client';
import type { User } from '../../api/schemas';
import type { EnvironmentId } from '../../services';
import type { PinnedUsersStore } from '../../storage/pinnedUsersStore';

/**
 * The users Resolve User pinned on top of the Users tree, newest first, remembered per environment
 * when a store is given (otherwise for the session).
 */
export class PinnedUsers {
  private users: User[] = [];
  private ids = new Set<string>();
  private restored = false;

  constructor(
    private readonly store: PinnedUsersStore | undefined,
    private readonly environment: () => EnvironmentId,
  ) {}

  all(): readonly User[] {
    return this.users;
  }

  has(userId: string): boolean {
    return this.ids.has(userId);
  }

  /** Puts `user` on top (once). */
  pin(user: User): void {
    this.set([user, ...this.users.filter((pinned) => pinned.user_id !== user.user_id)]);
    this.save();
  }

  /** Drops every pin; `forget` also drops the remembered ones (Refresh), not just this tree's. */
  clear({ forget }: { forget: boolean }): void {
    this.set([]);
    if (forget) this.save();
    // Pins are remembered per environment: the next environment's come back with its first page.
    else this.restored = false;
  }

  /**
   * After a window reload or an environment switch: the users remembered for this environment are
   * resolved and pinned again, once. Returns them (empty when there was nothing to restore).
   */
  async restore(client: HealthApiClient, signal: AbortSignal): Promise<User[]> {
    if (this.restored || !this.store) return [];
    this.restored = true;
    const restored: User[] = [];
    for (const id of this.store.get(this.environment())) {
      try {
        restored.push(await client.resolveUser(id, { signal }));
      } catch {
        // A pinned user that is gone (or unreachable now) is simply not pinned again.
      }
    }
    if (signal.aborted) return [];
    this.set([...this.users, ...restored.filter((user) => !this.ids.has(user.user_id))]);
    return restored;
  }

  private set(users: User[]): void {
    this.users = users;
    this.ids = new Set(users.map((user) => user.user_id));
  }

  private save(): void {
    void this.store?.set(
      this.environment(),
      this.users.map((user) => user.client_user_id),
    );
  }
}
