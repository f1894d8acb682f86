import type { HealthApiClient } from '../../api/client';
import { isHealthApiError } from '../../api/errors';
import { iterateUserPages } from '../../api/paging';
import type { User } from '../../api/schemas';
import { matchesUserFilter } from '../../domain/userTree';

/** The API has no search: a prefix filter pages through every user at the largest page size. */
const SEARCH_PAGE_SIZE = 500;
const SEARCH_CONCURRENCY = 2;

export type FilterSearchStatus = 'searching' | 'done' | 'stopped' | 'failed';

/** One run of the users filter: the matches found so far and how far it got. */
export class UserFilterSearch {
  readonly matches: User[] = [];
  scanned = 0;
  total: number | undefined;
  status: FilterSearchStatus = 'searching';
  error: unknown;

  constructor(readonly prefix: string) {}

  async run(client: HealthApiClient, signal: AbortSignal, onPage: () => void): Promise<void> {
    try {
      for await (const page of iterateUserPages(client, { pageSize: SEARCH_PAGE_SIZE, concurrency: SEARCH_CONCURRENCY, signal })) {
        this.total = page.total;
        this.scanned += page.users.length;
        for (const user of page.users) if (matchesUserFilter(user, this.prefix)) this.matches.push(user);
        onPage();
      }
      this.status = 'done';
    } catch (error) {
      this.fail(error);
    }
  }

  fail(error: unknown): void {
    this.status = isHealthApiError(error) && error.kind === 'cancelled' ? 'stopped' : 'failed';
    this.error = error;
  }
}

