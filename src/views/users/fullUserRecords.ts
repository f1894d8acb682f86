import type { User } from '../../api/schemas';

/** Each user's full record (a resolve result), fetched once per tree state; a failed fetch is tried again next time. */
export class FullUserRecords {
  private readonly records = new Map<string, Promise<User>>();

  /** The full record of `user`: the one fetched or known before, otherwise `fetch`'s. */
  get(user: User, fetch: () => Promise<User>): Promise<User> {
    const cached = this.records.get(user.user_id);
    if (cached) return cached;
    const pending = fetch();
    this.records.set(user.user_id, pending);
    pending.catch(() => this.records.delete(user.user_id));
    return pending;
  }

  /** `user` is a full record already (a resolve result). */
  remember(user: User): void {
    this.records.set(user.user_id, Promise.resolve(user));
  }

  clear(): void {
    this.records.clear();
  }
}
