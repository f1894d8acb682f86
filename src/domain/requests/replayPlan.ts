// Whether a recorded request can be sent again exactly as it was: the same call with the same
// arguments, in the environment it went to, to the base URL it went to. Pure: the shell says where
// that environment stands now, this decides, and the shell sends or says why not.
import type { RequestOperation } from '../../api/requests';

/** Where the record's environment stands now. */
export type ReplayEnvironment =
  /** The record names an environment this version does not have. */
  | { kind: 'gone' }
  /** Its base URL setting is not usable now. */
  | { kind: 'misconfigured' }
  /** The embedded sample server: its address changes with every start, its data does not. */
  | { kind: 'localSandbox' }
  | { kind: 'remote'; baseUrl: string; hasKey: boolean };

export type ReplayRefusal =
  /** Recorded by a version that did not keep the operation (or its argument held the key). */
  | { reason: 'noOperation' }
  | { reason: 'environmentGone' }
  | { reason: 'misconfigured' }
  | { reason: 'baseUrlChanged'; sentTo: string; now: string }
  | { reason: 'noKey' };

export type ReplayPlan = { ok: true; operation: RequestOperation } | { ok: false; refusal: ReplayRefusal };

export function planReplay(record: { operation?: RequestOperation; baseUrl: string }, environment: ReplayEnvironment): ReplayPlan {
  const refuse = (refusal: ReplayRefusal): ReplayPlan => ({ ok: false, refusal });
  if (!record.operation) return refuse({ reason: 'noOperation' });
  switch (environment.kind) {
    case 'gone':
      return refuse({ reason: 'environmentGone' });
    case 'misconfigured':
      return refuse({ reason: 'misconfigured' });
    case 'localSandbox':
      return { ok: true, operation: record.operation };
    case 'remote':
      if (!sameBaseUrl(record.baseUrl, environment.baseUrl)) {
        return refuse({ reason: 'baseUrlChanged', sentTo: record.baseUrl, now: environment.baseUrl });
      }
      if (!environment.hasKey) return refuse({ reason: 'noKey' });
      return { ok: true, operation: record.operation };
  }
}

/** Two base URLs name the same place: scheme and host case, default ports and trailing slashes aside. */
export function sameBaseUrl(first: string, second: string): boolean {
  return normalised(first) === normalised(second);
}

function normalised(baseUrl: string): string {
  try {
    return new URL(baseUrl.trim()).href.replace(/\/+$/, '');
  } catch {
    return baseUrl.trim().replace(/\/+$/, '');
  }
}
