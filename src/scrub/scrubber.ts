// The scrubber's entry points (contract: scrubTypes.ts). A response of any of the five operations,
// spec- or vendor-shaped, becomes one that identifies no one and is still as useful for debugging:
// the same shape, the same values, the same deviations from the spec.
import type { RequestOperation, RequestOperationName } from '../api/requests';
import { BodyScrubber } from './bodyScrubber';
import { Pseudonyms } from './pseudonyms';
import type { ScrubbedBody, ScrubReport } from './scrubTypes';

export const SCRUB_OPERATIONS: readonly RequestOperationName[] = ['listUsers', 'resolveUser', 'getGroupedBloodPressure', 'listLabTestMarkers', 'listOrderSetMarkers'];

export function emptyReport(): ScrubReport {
  return { pseudonymised: 0, datesShifted: 0, textRemoved: 0 };
}

export function addReports(...reports: readonly ScrubReport[]): ScrubReport {
  const sum = emptyReport();
  for (const report of reports) {
    sum.pseudonymised += report.pseudonymised;
    sum.datesShifted += report.datesShifted;
    sum.textRemoved += report.textRemoved;
  }
  return sum;
}

const plural = (count: number, one: string, many: string): string => `${count} ${count === 1 ? one : many}`;

/** The one line said where a scrub happens, in plain English: "3 identifiers pseudonymised, 12 dates shifted". */
export function describeReport(report: ScrubReport): string {
  const parts: string[] = [];
  if (report.pseudonymised > 0) parts.push(`${plural(report.pseudonymised, 'identifier', 'identifiers')} pseudonymised`);
  if (report.datesShifted > 0) parts.push(`${plural(report.datesShifted, 'date', 'dates')} shifted`);
  if (report.textRemoved > 0) parts.push(`${plural(report.textRemoved, 'text value', 'text values')} removed`);
  return parts.length === 0 ? 'nothing to scrub' : parts.join(', ');
}

function isOperationName(value: unknown): value is RequestOperationName {
  return typeof value === 'string' && (SCRUB_OPERATIONS as readonly string[]).includes(value);
}

/** The user a blood-pressure body belongs to, when the caller passes the whole operation. */
function personOfOperation(operation: RequestOperationName | RequestOperation): string | undefined {
  if (typeof operation === 'string' || operation.name !== 'getGroupedBloodPressure') return undefined;
  const [userId] = operation.args;
  return typeof userId === 'string' ? userId : undefined;
}

/**
 * Scrubs one response body (never changing the one given). `operation` is the operation's name, or the
 * operation with its arguments: a blood-pressure body then moves its dates by its user's offset (the
 * same as that user's dates everywhere else); by name alone, by the secret's own offset.
 */
export function scrubBody<T = unknown>(operation: RequestOperationName | RequestOperation, body: T, secret: string): ScrubbedBody<T> {
  return scrubBodyWith(new Pseudonyms(secret), operation, body);
}

/** scrubBody with pseudonyms shared with other parts of one exchange (its arguments), so the report counts each id once. */
export function scrubBodyWith<T>(pseudonyms: Pseudonyms, operation: RequestOperationName | RequestOperation, body: T): ScrubbedBody<T> {
  const name = typeof operation === 'string' ? operation : operation.name;
  const scrubber = new BodyScrubber(pseudonyms, personOfOperation(operation));
  if (name === 'listUsers' || name === 'resolveUser') scrubber.learnIdsOf(body);
  const scrubbed = scrubber.value('', body, '') as T;
  return { body: scrubbed, report: scrubber.report() };
}

/**
 * JSON of any shape that is not one response (an agent tool's result, a notebook output, an export's
 * rows): the same rules by field name, with every user_id/team_id/client_user_id it holds, at any
 * depth, also caught where it recurs inside text. `person`: whose dates it holds when no object in it
 * says (a user's readings on their own).
 */
export function scrubJson<T = unknown>(value: T, secret: string, person?: string): ScrubbedBody<T> {
  const scrubber = new BodyScrubber(new Pseudonyms(secret), person);
  scrubber.learnIdsAnywhere(value);
  return { body: scrubber.value('', value, '') as T, report: scrubber.report() };
}

/**
 * The request's own ids and dates scrubbed the same way as bodies, so a scrubbed cURL, a scrubbed body
 * and a fixture agree: the client id and user id pseudonymised, a blood-pressure query's dates moved by
 * that user's offset, its cursor pseudonymised; lab test ids and paging kept.
 */
export function scrubOperation(operation: RequestOperation, secret: string): { operation: RequestOperation; report: ScrubReport } {
  return scrubOperationWith(new Pseudonyms(secret), operation);
}

export function scrubOperationWith(pseudonyms: Pseudonyms, operation: RequestOperation): { operation: RequestOperation; report: ScrubReport } {
  switch (operation.name) {
    case 'listUsers':
      return { operation: { name: 'listUsers', args: [{ ...operation.args[0] }] }, report: { ...emptyReport(), pseudonymised: pseudonyms.replaced.size } };
    case 'resolveUser': {
      const scrubber = new BodyScrubber(pseudonyms, undefined);
      const [clientUserId] = operation.args;
      return { operation: { name: 'resolveUser', args: [scrubber.string('client_user_id', clientUserId, '')] }, report: scrubber.report() };
    }
    case 'getGroupedBloodPressure': {
      const [userId, query] = operation.args;
      const scrubber = new BodyScrubber(pseudonyms, userId);
      const scrubbed: typeof query = { ...query, startDate: scrubber.date(query.startDate) };
      if (query.endDate !== undefined) scrubbed.endDate = scrubber.date(query.endDate);
      if (query.provider !== undefined) scrubbed.provider = scrubber.text(query.provider);
      if (query.nextCursor !== undefined) scrubbed.nextCursor = pseudonyms.cursor(query.nextCursor);
      return { operation: { name: 'getGroupedBloodPressure', args: [scrubber.string('user_id', userId, ''), scrubbed] }, report: scrubber.report() };
    }
    case 'listLabTestMarkers': {
      const [labTestId, query] = operation.args;
      const scrubber = new BodyScrubber(pseudonyms, undefined);
      const scrubbed = { ...query };
      if (query.labAccountId !== undefined) scrubbed.labAccountId = scrubber.text(query.labAccountId);
      return { operation: { name: 'listLabTestMarkers', args: [labTestId, scrubbed] }, report: scrubber.report() };
    }
    case 'listOrderSetMarkers': {
      const [body, query] = operation.args;
      const scrubber = new BodyScrubber(pseudonyms, undefined);
      const scrubbed = { ...body };
      if (body.labAccountId !== undefined) scrubbed.labAccountId = scrubber.text(body.labAccountId);
      return { operation: { name: 'listOrderSetMarkers', args: [scrubbed, { ...query }] }, report: scrubber.report() };
    }
  }
}

/**
 * Which operation a body answers, from its shape; undefined when it is none of them. The two marker
 * operations answer with the same shape (and are scrubbed alike): a marker page is named listLabTestMarkers.
 */
export function guessOperation(body: unknown): RequestOperationName | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const object = body as Record<string, unknown>;
  if (Array.isArray(object.users)) return 'listUsers';
  if (typeof object.groups === 'object' && object.groups !== null && !Array.isArray(object.groups)) return 'getGroupedBloodPressure';
  if (Array.isArray(object.markers)) return 'listLabTestMarkers';
  if ('user_id' in object || 'client_user_id' in object) return 'resolveUser';
  return undefined;
}

export { isOperationName };
