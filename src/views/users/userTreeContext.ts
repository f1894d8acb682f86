import type { User } from '../../api/schemas';
import type { EnvironmentInfo } from '../../services';

/** What the nodes below a user need from the tree: no node talks to the connection itself. */
export interface UserTreeContext {
  environment(): EnvironmentInfo;
  /** The user's full record via resolve, for the fields the list endpoint leaves out. */
  fetchFullRecord(user: User): Promise<User>;
}
