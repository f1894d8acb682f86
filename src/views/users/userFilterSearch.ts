import type { HealthApiClient } from '../../api/client';
import { isHealthApiError } from '../../api/errors';
import { iterateUserPages } from '../../api/paging';
import { inRequestLoad } from '../../connection/requestLoads';
import type { User } from '../../api/schemas';
import { matchesUserFilter } from '../../domain/users/userTree';

/** The API has no search: a prefix filter pages through every user at the largest page size. */
const SEARCH_PAGE_SIZE = 500;
const SEARCH_CONCURRENCY = 2;

export type FilterSearchStatus = 'searching' | 'done' | 'stopped' | 'failed';

/** Every user of the team as one complete search downloaded them, and when. */
export interface UsersSnapshot {
  readonly users: readonly User[];
  readonly fetchedAt: number;
}

/** One run of the users filter: the matches found so far and how far it got. */
export class UserFilterSearch {
  readonly matches: User[] = [];
  scanned = 0;
  total: number | undefined;
  status: FilterSearchStatus = 'searching';
  error: unknown;
  /** When the users searched were downloaded; set once the search is done. */
  fetchedAt: number | undefined;

  constructor(readonly prefix: string) {}

  /** Pages through every user; on success returns them all, for the next filters to reuse. */
  async run(client: HealthApiClient, signal: AbortSignal, onPage: () => void): Promise<UsersSnapshot | undefined> {
    const all: User[] = [];
    try {
      // The pages of the search are one row in the Requests view.
      await inRequestLoad(async () => {
        for await (const page of iterateUserPages(client, { pageSize: SEARCH_PAGE_SIZE, concurrency: SEARCH_CONCURRENCY, signal })) {
          this.total = page.total;
          this.scanned += page.users.length;
          all.push(...page.users);
          for (const user of page.users) if (matchesUserFilter(user, this.prefix)) this.matches.push(user);
          onPage();
        }
      });
      this.status = 'done';
      this.fetchedAt = Date.now();
      return { users: all, fetchedAt: this.fetchedAt };
    } catch (error) {
      this.fail(error);
      return undefined;
    }
  }

  /** The same search over users downloaded earlier: no request at all. */
  runOn(snapshot: UsersSnapshot): void {
    for (const user of snapshot.users) if (matchesUserFilter(user, this.prefix)) this.matches.push(user);
    this.scanned = snapshot.users.length;
    this.total = snapshot.users.length;
    this.fetchedAt = snapshot.fetchedAt;
    this.status = 'done';
  }

  fail(error: unknown): void {
    this.status = isHealthApiError(error) && error.kind === 'cancelled' ? 'stopped' : 'failed';
    this.error = error;
  }
}

