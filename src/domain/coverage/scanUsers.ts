// The users a coverage scan covers: every user, the first N, or those matching a prefix filter,
// listed page by page (the API has no search) with the count reported as pages arrive.
import type { HealthApiClient } from '../../api/client';
import { iterateUserPages } from '../../api/paging';
import type { User } from '../../api/schemas';
import { matchesUserFilter } from '../users/userTree';

const PAGE_SIZE = 500;
const CONCURRENCY = 2;

export type UserScope = { kind: 'all' } | { kind: 'filtered'; prefix: string } | { kind: 'first'; count: number };

export async function listScopeUsers(
  client: HealthApiClient,
  scope: UserScope,
  options: { signal?: AbortSignal; onPage?: (listed: number) => void } = {},
): Promise<User[]> {
  const users: User[] = [];
  const limit = scope.kind === 'first' ? scope.count : Number.POSITIVE_INFINITY;
  const pageSize = Math.min(PAGE_SIZE, limit);
  let listed = 0;
  for await (const page of iterateUserPages(client, { pageSize, concurrency: CONCURRENCY, signal: options.signal })) {
    for (const user of page.users) {
      if (listed >= limit) break;
      listed++;
      if (scope.kind !== 'filtered' || matchesUserFilter(user, scope.prefix)) users.push(user);
    }
    options.onPage?.(listed);
    if (listed >= limit) break;
  }
  return users;
}
