// Reading the tolerant wire types where a field has a fallback or may be missing. Kept apart from
// src/api/schemas.ts (zod): the extension bundle imports these and must not pull in zod.
import type { ConnectedSource, User } from './schemas';

/**
 * The provider of a connected source, field by field: `provider` first (the vendor's field), else
 * the spec's `source`. The reader guarantees a slug in one of them.
 */
export function providerOf(connected: ConnectedSource): { slug: string; name: string | undefined; logo: string | undefined } {
  const { provider, source } = connected;
  return {
    slug: (provider?.slug ?? source?.slug) as string,
    name: provider?.name ?? source?.name ?? undefined,
    logo: provider?.logo ?? source?.logo ?? undefined,
  };
}

/** The IANA id of the user's fallback time zone; undefined when none was sent (absent, null, or without an id). */
export function timeZoneIdOf(user: User): string | undefined {
  return user.fallback_time_zone?.id ?? undefined;
}
