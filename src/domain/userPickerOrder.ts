// The order of the users a user picker offers. Pure and in one place, so new sources of users
// (e.g. recently used ones) slot in without touching the picker itself.
import type { User } from '../api/schemas';

export type PickerUserOrigin = 'selected' | 'recent' | 'listed';

export interface PickerUserSources {
  /** The user selected in the Users view, if any: the likeliest target of a palette command. */
  selected?: User | undefined;
  /** Users picked recently, most recent first. */
  recent?: readonly User[];
  /** Users of the loaded list, in the API's order. */
  listed?: readonly User[];
}

export interface PickerUser {
  user: User;
  origin: PickerUserOrigin;
}

/** Selected first, then recent, then listed; each user once, at its first place. */
export function orderPickerUsers(sources: PickerUserSources): PickerUser[] {
  const ordered: PickerUser[] = [];
  const seen = new Set<string>();
  const add = (user: User, origin: PickerUserOrigin): void => {
    if (seen.has(user.user_id)) return;
    seen.add(user.user_id);
    ordered.push({ user, origin });
  };
  if (sources.selected) add(sources.selected, 'selected');
  for (const user of sources.recent ?? []) add(user, 'recent');
  for (const user of sources.listed ?? []) add(user, 'listed');
  return ordered;
}
