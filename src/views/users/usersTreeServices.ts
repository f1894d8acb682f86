import type { ShellApiConnection } from '../../connection/shellApiConnection';
import type { KnownUsers } from '../../domain/users/knownUsers';
import type { LastResponse } from '../../jsonDocuments/lastResponse';
import type { PinnedUsersStore } from '../../storage/pinnedUsersStore';
import type { ShellSettings } from '../../storage/shellSettings';
import type { UserFilterSearch } from './userFilterSearch';

/** What the Users tree reads and feeds. */
export interface UsersTreeServices {
  connection: ShellApiConnection;
  settings: ShellSettings;
  lastResponse: LastResponse;
  /** Fed with every user the tree receives, so hovers and look-ups can name them without a request. */
  knownUsers?: KnownUsers;
  /** Where the pins of Resolve User are kept across window reloads; none: pins last a session. */
  pinnedUsers?: PinnedUsersStore;
}

export interface UsersTreeSummary {
  total: number | undefined;
  filter: UserFilterSearch | undefined;
}
