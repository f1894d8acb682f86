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
