import type { HealthApiClient } from '../../api/client';
import { listUsersRequest, resolveUserRequest } from '../../api/requests';
import type { User, UserList } from '../../api/schemas';
import { USERS_VIEW_ID } from '../../constants';
import { inRequestOrigin } from '../../connection/requestOrigins';
import { progressTitles } from '../../l10n/shellStrings';
import { withCancellableProgress } from '../../ui/withCancellableProgress';
import { FullUserRecords } from './fullUserRecords';
import type { PinnedUsers } from './pinnedUsers';
import type { UsersTreeServices } from './usersTreeServices';

/**
 * The Users tree's requests: each shown in the view's progress, stopped when `signal` (the tree
 * state's lifetime) is aborted, and its response recorded for Open Last Response while that state lasts.
 */
export class UsersTreeRequests {
  private readonly fullRecords = new FullUserRecords();

  constructor(private readonly services: Pick<UsersTreeServices, 'connection' | 'lastResponse'>) {}

  async page(title: string, offset: number, limit: number, signal: AbortSignal): Promise<UserList> {
    const page = await this.withClient(title, signal, (client, cancelled) => client.listUsers({ offset, limit }, { signal: cancelled }));
    if (!signal.aborted) this.services.lastResponse.record(listUsersRequest({ offset, limit }), page);
    return page;
  }

  /** The user's full record via resolve (the list endpoint leaves fields out), once per tree state. */
  fullRecord(user: User, signal: AbortSignal): Promise<User> {
    return this.fullRecords.get(user, () =>
      this.withClient(progressTitles.loadingDetails(), signal, async (client, cancelled) => {
        const full = await client.resolveUser(user.client_user_id, { signal: cancelled });
        this.services.lastResponse.record(resolveUserRequest(user.client_user_id), full);
        return full;
      }),
    );
  }

  /** After a window reload: the users pinned in this environment, resolved again. */
  async restorePins(pinned: PinnedUsers, signal: AbortSignal): Promise<User[]> {
    const client = await this.services.connection.client();
    const restored = await inRequestOrigin('tree', () => pinned.restore(client, signal));
    for (const user of restored) this.fullRecords.remember(user);
    return restored;
  }

  /** `user` is a full record already (a resolve result). */
  remember(user: User): void {
    this.fullRecords.remember(user);
  }

  clear(): void {
    this.fullRecords.clear();
  }

  private withClient<T>(title: string, signal: AbortSignal, task: (client: HealthApiClient, signal: AbortSignal) => Promise<T>): Promise<T> {
    return withCancellableProgress({ title, viewId: USERS_VIEW_ID, signal }, (cancelled) =>
      inRequestOrigin('tree', async () => task(await this.services.connection.client(), cancelled)),
    );
  }
}
