// What the scrubber promises its callers (exports, cURL, raw responses, notebooks, fixtures, agent
// tools, `node dist/cli.js scrub`). Pure: no `vscode`.
import type { RequestOperation, RequestOperationName } from '../api/requests';

/** When data leaving the machine is scrubbed (setting `healthData.scrub.when`). */
export type ScrubPolicy = 'always' | 'productionOnly' | 'never';

/** What one scrub did, for the one line said where it happens ("3 identifiers pseudonymised, dates shifted"). */
export interface ScrubReport {
  /** Distinct identifiers replaced by pseudonyms (user_id, team_id, client_user_id). */
  pseudonymised: number;
  /** Date and date-time values shifted. */
  datesShifted: number;
  /** Free-text values removed because they looked like a name, e-mail, phone number or address. */
  textRemoved: number;
}

export interface ScrubbedBody<T = unknown> {
  body: T;
  report: ScrubReport;
}

/**
 * The scrubber's entry points (implemented in src/scrub/scrubber.ts):
 * - scrubBody(operation, body, secret): ScrubbedBody
 * - scrubOperation(operation: RequestOperation, secret): { operation: RequestOperation; report: ScrubReport }
 *   (the path's ids pseudonymised the same way as in bodies, a blood-pressure query's dates shifted by
 *   that user's offset), so a scrubbed cURL matches a scrubbed body and a fixture.
 * - guessOperation(body): RequestOperationName | undefined
 */
export type ScrubOperationName = RequestOperationName;
export type { RequestOperation };
