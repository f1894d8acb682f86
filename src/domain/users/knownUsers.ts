// Users this window has already fetched (tree pages, resolves, searches), indexed by both ids, so
// a hover can name a user without a request. Bounded: the oldest entries go first.
export interface KnownUser {
  user_id: string;
  client_user_id: string;
}

export const MAX_KNOWN_USERS = 50_000;

export class KnownUsers {
  private readonly byUserId = new Map<string, KnownUser>();
  private readonly byClientUserId = new Map<string, KnownUser>();

  constructor(private readonly capacity = MAX_KNOWN_USERS) {}

  add(users: Iterable<KnownUser>): void {
    // The entry is the object given (a user the tree already holds), not a copy of its two ids.
    for (const entry of users) {
      const { user_id, client_user_id } = entry;
      this.forget(user_id);
      this.byUserId.set(user_id.toLowerCase(), entry);
      this.byClientUserId.set(client_user_id, entry);
      if (this.byUserId.size > this.capacity) {
        const oldest = this.byUserId.keys().next().value;
        if (oldest !== undefined) this.forget(oldest);
      }
    }
  }

  /** The user a user_id (any case) or a client_user_id names, if fetched. */
  find(id: string): KnownUser | undefined {
    return this.byUserId.get(id.toLowerCase()) ?? this.byClientUserId.get(id);
  }

  clear(): void {
    this.byUserId.clear();
    this.byClientUserId.clear();
  }

  get size(): number {
    return this.byUserId.size;
  }

  private forget(userId: string): void {
    const entry = this.byUserId.get(userId.toLowerCase());
    if (!entry) return;
    this.byUserId.delete(userId.toLowerCase());
    if (this.byClientUserId.get(entry.client_user_id) === entry) this.byClientUserId.delete(entry.client_user_id);
  }
}
