// The users the tree has paged in so far. Appending a page costs the page, not the list: the users
// are kept in one array (the parsed API objects, never copied) and indexed by user_id once.
import type { User } from '../../api/schemas';

export interface UserPage {
  users: User[];
  total: number;
  offset: number;
}

export class UserListing {
  private readonly loaded: User[] = [];
  private readonly positions = new Map<string, number>();
  private serverTotal = 0;
  private offsetOfNextPage = 0;
  /** The last page came back empty: the list shrank while paging, there is nothing more to load. */
  private exhausted = false;

  /**
   * Adds a page, skipping users already listed (the list may shift between requests). Returns the
   * position of the first user it added; `count` when it added none.
   */
  append(page: UserPage): number {
    const first = this.loaded.length;
    for (const user of page.users) {
      if (this.positions.has(user.user_id)) continue;
      this.positions.set(user.user_id, this.loaded.length);
      this.loaded.push(user);
    }
    this.serverTotal = page.total;
    this.offsetOfNextPage = page.offset + page.users.length;
    this.exhausted = page.users.length === 0;
    return first;
  }

  get count(): number {
    return this.loaded.length;
  }

  get total(): number {
    return this.serverTotal;
  }

  get nextOffset(): number {
    return this.offsetOfNextPage;
  }

  /** "Load more" is offered while the server says more users exist and the last page was not empty. */
  get hasMore(): boolean {
    return !this.exhausted && this.offsetOfNextPage < this.serverTotal;
  }

  at(position: number): User | undefined {
    return this.loaded[position];
  }

  /** Where the user with this user_id sits in the list, if a loaded page holds it. */
  positionOf(userId: string): number | undefined {
    return this.positions.get(userId);
  }

  all(): readonly User[] {
    return this.loaded;
  }
}
