import type { User } from '../api/schemas';
import type { ExtensionServices } from '../services';
import { pickUser } from './userPicker';

/**
 * The user a command acts on: the clicked tree node (`{ user }`) or a User passed by code; from the
 * palette (no argument), a picker that offers the user selected in the Users view first.
 */
export async function userArgument(argument: unknown, services: ExtensionServices, pickerTitle: string): Promise<User | undefined> {
  return userOf(argument) ?? (await pickUser(services, { title: pickerTitle }));
}

/**
 * A user named by its client_user_id, to be resolved in the active environment: a string, or
 * `{ clientUserId, seenIn }` from a panel bound to another environment (`seenIn`: that one's label).
 */
export function clientUserIdReference(value: unknown): { clientUserId: string; seenIn?: string } | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : { clientUserId: value.trim() };
  if (!value || typeof value !== 'object') return undefined;
  const { clientUserId, seenIn } = value as { clientUserId?: unknown; seenIn?: unknown };
  if (typeof clientUserId !== 'string' || clientUserId.trim() === '') return undefined;
  return { clientUserId: clientUserId.trim(), ...(typeof seenIn === 'string' ? { seenIn } : {}) };
}

/** The user of a tree node (`{ user }`) or a plain User. */
export function userOf(value: unknown): User | undefined {
  if (isUser(value)) return value;
  if (value && typeof value === 'object' && isUser((value as { user?: unknown }).user)) return (value as { user: User }).user;
  return undefined;
}

function isUser(value: unknown): value is User {
  if (!value || typeof value !== 'object') return false;
  const user = value as Record<string, unknown>;
  return typeof user.user_id === 'string' && typeof user.client_user_id === 'string' && Array.isArray(user.connected_sources);
}
