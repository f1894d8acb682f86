// When data leaving VS Code is scrubbed. Pure.
import type { ScrubPolicy } from '../scrub/scrubTypes';

/** `always` scrubs everywhere, `never` nowhere, `productionOnly` (the default) only what came from production. */
export function scrubApplies(policy: ScrubPolicy, production: boolean): boolean {
  switch (policy) {
    case 'always':
      return true;
    case 'never':
      return false;
    case 'productionOnly':
      return production;
  }
}

export const SCRUB_POLICIES: readonly ScrubPolicy[] = ['always', 'productionOnly', 'never'];

/** A policy as a person writes it (a flag, an environment variable); undefined when it is none. */
export function parseScrubPolicy(value: string | undefined): ScrubPolicy | undefined {
  const trimmed = value?.trim();
  return (SCRUB_POLICIES as readonly (string | undefined)[]).includes(trimmed) ? (trimmed as ScrubPolicy) : undefined;
}
