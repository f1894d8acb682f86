import type { HealthApiClient } from '../api/client';
import { isHealthApiError } from '../api/errors';
import { iterateUserPages } from '../api/paging';
import type { User } from '../api/schemas';
import type { KnownUsers } from '../domain/users/knownUsers';
import { inRequestLoad } from '../connection/requestLoads';

/** The API cannot fetch a user by user_id: a user not fetched yet is searched at the largest page size. */
const SEARCH_PAGE_SIZE = 500;
const SEARCH_CONCURRENCY = 2;

export interface UserSearchResult {
  user: User | undefined;
  /** Users scanned page by page; 0 when the user was already known. */
  scanned: number;
}

/**
 * The user with `userId`: a user this window already fetched is resolved by its client_user_id
 * (one request, the full record); otherwise every page is scanned until it turns up. Pages seen
 * feed `known`, so the next hover or look-up needs no request.
 */
export async function findUserById(
  client: HealthApiClient,
  known: KnownUsers,
  userId: string,
  signal: AbortSignal,
  onProgress: (scanned: number, total: number) => void,
): Promise<UserSearchResult> {
  const wanted = userId.toLowerCase();
  const hit = known.find(wanted);
  if (hit && hit.user_id.toLowerCase() === wanted) {
    try {
      return { user: await client.resolveUser(hit.client_user_id, { signal }), scanned: 0 };
    } catch (error) {
      if (!isHealthApiError(error) || error.kind !== 'not_found') throw error;
    }
  }
  let scanned = 0;
  // The pages of the search are one row in the Requests view.
  return inRequestLoad(async () => {
    for await (const page of iterateUserPages(client, { pageSize: SEARCH_PAGE_SIZE, concurrency: SEARCH_CONCURRENCY, signal })) {
      known.add(page.users);
      scanned += page.users.length;
      onProgress(scanned, page.total);
      const user = page.users.find((candidate) => candidate.user_id.toLowerCase() === wanted);
      if (user) return { user, scanned };
    }
    return { user: undefined, scanned };
  });
}
