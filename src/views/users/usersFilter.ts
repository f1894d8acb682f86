// The Users view's filter: a prefix search through every user, reusing the last complete one
// while it is fresh.
import type { ShellApiConnection } from '../../connection/shellApiConnection';
import { inRequestOrigin } from '../../connection/requestOrigins';
import { USERS_VIEW_ID } from '../../constants';
import { isFresh } from '../../domain/coverage/freshness';
import { progressTitles } from '../../l10n/shellStrings';
import { withCancellableProgress } from '../../ui/withCancellableProgress';
import { UserFilterSearch, type UsersSnapshot } from './userFilterSearch';

export interface UsersFilterEvents {
  /** The root's children changed (and so did the summary). */
  rootChanged(): void;
  /** Only the summary changed (the search went further). */
  summaryChanged(): void;
}

export class UsersFilter {
  /** The filter on screen; undefined: none. */
  search: UserFilterSearch | undefined;
  private stopSearch: AbortController | undefined;
  /** Every user, from the last complete filter search: new filters reuse it while it is fresh. */
  private snapshot: UsersSnapshot | undefined;

  constructor(
    private readonly connection: ShellApiConnection,
    /** The tree's current lifetime: aborted whenever the tree starts over. */
    private readonly lifetime: () => AbortController,
    private readonly events: UsersFilterEvents,
  ) {}

  async set(prefix: string): Promise<void> {
    this.stopSearch?.abort();
    const stop = new AbortController();
    this.stopSearch = stop;
    const search = new UserFilterSearch(prefix);
    this.search = search;
    // Every user was downloaded a moment ago: the new filter searches that, without a request.
    const snapshot = this.snapshot;
    if (snapshot && isFresh(snapshot.fetchedAt, Date.now())) {
      search.runOn(snapshot);
      this.events.rootChanged();
      return;
    }
    this.events.rootChanged();
    try {
      await withCancellableProgress(
        { title: progressTitles.searchingUsers(prefix), viewId: USERS_VIEW_ID, signal: AbortSignal.any([this.lifetime().signal, stop.signal]) },
        (signal, report) =>
          inRequestOrigin('tree', async () => {
            const client = await this.connection.client();
            const lifetime = this.lifetime();
            const complete = await search.run(client, signal, () => {
              report(progressTitles.searchedSoFar(search.scanned, search.total ?? search.scanned));
              this.events.summaryChanged();
            });
            if (complete && !lifetime.signal.aborted) this.snapshot = complete;
          }),
      );
    } catch (error) {
      search.fail(error);
    }
    if (this.search === search) this.events.rootChanged();
  }

  clear(): void {
    this.stopSearch?.abort();
    this.search = undefined;
    this.events.rootChanged();
  }

  /** The tree starts over: the search stops, and what it downloaded is forgotten. */
  reset(): void {
    this.stopSearch?.abort();
    this.snapshot = undefined;
    this.search = undefined;
  }
}
