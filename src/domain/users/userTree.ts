// What each Users-tree node shows, computed from the API objects. Pure, so it is unit-tested; the
// node classes in src/views/users only add translated words and VS Code types around it.
import type { ConnectedSource, User } from '../../api/schemas';
import { providerOf } from '../../api/wireValues';

/** Shortens a uuid to its first block: enough to tell users apart at a glance. */
export function shortId(id: string): string {
  const firstBlock = id.split('-')[0] ?? id;
  return firstBlock.length < id.length ? `${firstBlock}…` : id;
}

/** `2024-03-01T14:22:05.123+00:00` → `2024-03-01 14:22 UTC`; anything unparsable is shown as sent. */
export function formatTimestamp(value: string): string;
/** undefined when the service sent no value. */
export function formatTimestamp(value: string | null | undefined): string | undefined;
export function formatTimestamp(value: string | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  const time = Date.parse(value);
  if (Number.isNaN(time)) return value;
  const iso = new Date(time).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** `2024-03-01T…` or `2024-03-01` → `2024-03-01`; anything else as sent. */
export function formatDate(value: string): string {
  const match = /^\d{4}-\d{2}-\d{2}/.exec(value);
  return match ? match[0] : value;
}

/** VS Code fetches an icon URL itself: only https addresses are handed over, never http or data:. */
export function safeIconUrl(value: string | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && !url.username && !url.password ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

export interface UserSummary {
  id: string;
  label: string;
  shortUserId: string;
  sourceCount: number;
  /** undefined: not sent. */
  createdOn: string | undefined;
}

export function summariseUser(user: User): UserSummary {
  return {
    id: `user:${user.user_id}`,
    label: user.client_user_id,
    shortUserId: shortId(user.user_id),
    sourceCount: user.connected_sources?.length ?? 0,
    createdOn: formatTimestamp(user.created_on),
  };
}

export interface SourceSummary {
  name: string;
  slug: string;
  /** undefined: not sent. */
  connectedSince: string | undefined;
  iconUrl: string | undefined;
  /** false: the provider's name was not sent, `name` shows the slug. */
  nameSent: boolean;
}

/** `provider` first (the vendor's field), else the spec's `source`; a missing name shows the slug. */
export function summariseSource(connected: ConnectedSource): SourceSummary {
  const provider = providerOf(connected);
  return {
    name: provider.name || provider.slug,
    nameSent: typeof provider.name === 'string' && provider.name !== '',
    slug: provider.slug,
    connectedSince: formatTimestamp(connected.created_on),
    iconUrl: safeIconUrl(provider.logo),
  };
}

export type DetailField =
  | 'user_id'
  | 'client_user_id'
  | 'team_id'
  | 'created_on'
  | 'fallback_time_zone'
  | 'fallback_birth_date'
  | 'ingestion_start'
  | 'ingestion_end';

export interface DetailRow {
  field: DetailField;
  /** undefined: the service holds no value (null or absent). */
  value: string | undefined;
  /** Where the value came from, for the fallback fields. */
  sourceSlug?: string;
  /** The exact wire value, for copying. */
  raw: string | undefined;
}

/** The Details group of a user, in a fixed order, every field present even when empty. */
export function userDetailRows(user: User): DetailRow[] {
  const row = (field: DetailField, raw: string | null | undefined, shown = raw): DetailRow => ({
    field,
    value: shown ?? undefined,
    raw: raw ?? undefined,
  });
  const timeZone = user.fallback_time_zone;
  const birthDate = user.fallback_birth_date;
  return [
    row('user_id', user.user_id),
    row('client_user_id', user.client_user_id),
    row('team_id', user.team_id),
    row('created_on', user.created_on, formatTimestamp(user.created_on)),
    { ...row('fallback_time_zone', timeZone?.id), ...(typeof timeZone?.source_slug === 'string' ? { sourceSlug: timeZone.source_slug } : {}) },
    { ...row('fallback_birth_date', birthDate?.value), ...(typeof birthDate?.source_slug === 'string' ? { sourceSlug: birthDate.source_slug } : {}) },
    row('ingestion_start', user.ingestion_start),
    row('ingestion_end', user.ingestion_end),
  ];
}

/**
 * The list endpoint does not carry the ingestion bounds (only resolve does): a user whose record
 * lacks both keys needs one resolve call before its Details are complete.
 */
export function needsFullRecord(user: User): boolean {
  return !('ingestion_start' in user) && !('ingestion_end' in user);
}

/** Filter semantics: a prefix of client_user_id or of user_id, in any case. */
export function matchesUserFilter(user: User, prefix: string): boolean {
  const wanted = prefix.trim().toLowerCase();
  if (!wanted) return true;
  return user.client_user_id.toLowerCase().startsWith(wanted) || user.user_id.toLowerCase().startsWith(wanted);
}
