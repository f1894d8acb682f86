// The order of the users a user picker offers. Pure and in one place, so every source of users
// (the tree's selection, recently used ones, the listed page) slots in without touching the picker.
import type { User } from '../../api/schemas';
import type { RecentUser } from './recents';

export type PickerUserOrigin = 'selected' | 'recent' | 'listed';

export interface PickerUserSources {
  /** The user selected in the Users view, if any: the likeliest target of a palette command. */
  selected?: User | undefined;
  /** Users picked recently, most recent first (ids only: they may be on no loaded page). */
  recent?: readonly RecentUser[];
  /** Users of the loaded list, in the API's order. */
  listed?: readonly User[];
}

/** A user to offer; a recent one that is on no loaded page carries only its ids (resolved when picked). */
export type PickerUser = { user: User; origin: PickerUserOrigin } | { recentOnly: RecentUser; origin: 'recent' };

/** Selected first, then recent, then listed; each user once, at its first place. */
export function orderPickerUsers(sources: PickerUserSources): PickerUser[] {
  const ordered: PickerUser[] = [];
  const seen = new Set<string>();
  const known = new Map<string, User>();
  for (const user of sources.listed ?? []) known.set(user.user_id, user);
  if (sources.selected) known.set(sources.selected.user_id, sources.selected);
  const add = (entry: PickerUser): void => {
    const userId = 'user' in entry ? entry.user.user_id : entry.recentOnly.userId;
    if (seen.has(userId)) return;
    seen.add(userId);
    ordered.push(entry);
  };
  if (sources.selected) add({ user: sources.selected, origin: 'selected' });
  for (const recent of sources.recent ?? []) {
    const user = known.get(recent.userId);
    add(user ? { user, origin: 'recent' } : { recentOnly: recent, origin: 'recent' });
  }
  for (const user of sources.listed ?? []) add({ user, origin: 'listed' });
  return ordered;
}
