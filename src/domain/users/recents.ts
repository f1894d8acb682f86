// Recently used users and lab tests, per environment: ids and names only, newest first. Pure list
// operations; the shell keeps the lists in workspace state.

export interface RecentUser {
  userId: string;
  clientUserId: string;
}

export interface RecentLabTest {
  id: string;
  /** The lab test's name when it was known (the local sandbox's samples). */
  name?: string;
}

export interface Recents {
  users: RecentUser[];
  labTests: RecentLabTest[];
}

export const MAX_RECENTS = 10;
const MAX_TEXT = 256;

export function emptyRecents(): Recents {
  return { users: [], labTests: [] };
}

/** `user` first, an older entry of the same user dropped, at most MAX_RECENTS kept. */
export function rememberUser(recents: Recents, user: RecentUser): Recents {
  const users = [user, ...recents.users.filter((known) => known.userId !== user.userId)].slice(0, MAX_RECENTS);
  return { ...recents, users };
}

/** `labTest` first; a name learnt earlier is kept when this time none is known. */
export function rememberLabTest(recents: Recents, labTest: RecentLabTest): Recents {
  const earlier = recents.labTests.find((known) => known.id === labTest.id);
  const name = labTest.name ?? earlier?.name;
  const entry: RecentLabTest = name === undefined ? { id: labTest.id } : { id: labTest.id, name };
  const labTests = [entry, ...recents.labTests.filter((known) => known.id !== labTest.id)].slice(0, MAX_RECENTS);
  return { ...recents, labTests };
}

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '' && value.length <= MAX_TEXT;

/** Reads stored recents defensively: state from an older version or edited by hand yields what is usable. */
export function parseRecents(value: unknown): Recents {
  if (!value || typeof value !== 'object') return emptyRecents();
  const { users, labTests } = value as Record<string, unknown>;
  const parsedUsers = (Array.isArray(users) ? users : []).flatMap((entry: unknown): RecentUser[] => {
    const { userId, clientUserId } = (entry ?? {}) as Record<string, unknown>;
    return isText(userId) && isText(clientUserId) ? [{ userId, clientUserId }] : [];
  });
  const parsedLabTests = (Array.isArray(labTests) ? labTests : []).flatMap((entry: unknown): RecentLabTest[] => {
    const { id, name } = (entry ?? {}) as Record<string, unknown>;
    if (!isText(id)) return [];
    return [isText(name) ? { id, name } : { id }];
  });
  return { users: parsedUsers.slice(0, MAX_RECENTS), labTests: parsedLabTests.slice(0, MAX_RECENTS) };
}
