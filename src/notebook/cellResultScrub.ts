// A cell's result as it may leave in a saved notebook: the body, the request and every text that can
// repeat an id (assertion messages, variables set by `let`, notes, deviations) scrubbed with one
// secret, so a pseudonym in a message is the one in the body. A result already scrubbed is kept as it
// is: scrubbing twice would move dates twice.
import { requestOfOperation } from '../api/requests';
import { DateShifter } from '../scrub/dateShift';
import { Pseudonyms } from '../scrub/pseudonyms';
import type { ScrubReport } from '../scrub/scrubTypes';
import { addReports, describeReport, emptyReport, scrubBody, scrubJson, scrubOperation } from '../scrub/scrubber';
import { requestTarget } from './cellFromOperation';
import type { CellResult } from './model';

export function scrubCellResult(result: CellResult, secret: string): { result: CellResult; report: ScrubReport } {
  if (result.scrubbed !== undefined) return { result, report: emptyReport() };
  const { body, call, request, ...rest } = result;
  const person = call?.name === 'getGroupedBloodPressure' ? call.args[0] : undefined;
  const scrubbedBody = body === undefined ? undefined : call ? scrubBody(call, body, secret) : result.operation ? scrubBody(result.operation, body, secret) : scrubJson(body, secret, person);
  const scrubbedCall = call ? scrubOperation(call, secret) : undefined;
  const scrubbedRequest = scrubbedCall ? requestOf(scrubbedCall.operation, request.method) : scrubJson(request, secret, person).body;
  // The ids this result held, as named fields, so scrubJson learns them and replaces them where they
  // recur inside text (`let userId = user_id` set a variable to one; a failed assertion may quote one).
  const ids = { user_id: person, client_user_id: call?.name === 'resolveUser' ? call.args[0] : undefined };
  const scrubbedRest = scrubJson({ ids, body, rest }, secret, person);
  // The body's count says what was scrubbed; the request and the texts repeat its ids (counted there once).
  const report = scrubbedBody?.report ?? addReports(scrubbedCall?.report ?? emptyReport(), scrubbedRest.report);
  const texts = person === undefined ? scrubbedRest.body.rest : { ...scrubbedRest.body.rest, assertions: assertionsWithDaysMoved(scrubbedRest.body.rest.assertions, person, secret) };
  const scrubbed: CellResult = {
    ...texts,
    request: scrubbedRequest,
    ...(scrubbedCall ? { call: scrubbedCall.operation } : {}),
    ...(scrubbedBody ? { body: scrubbedBody.body } : {}),
    scrubbed: describeReport(report),
  };
  return { result: scrubbed, report };
}

function requestOf(operation: NonNullable<CellResult['call']>, method: CellResult['request']['method']): CellResult['request'] {
  const spec = requestOfOperation(operation);
  return { method, path: requestTarget(spec), ...(spec.body !== undefined ? { body: spec.body } : {}) };
}

/** A calendar day inside an assertion's words ("… without a reading: 2026-03-02, 2026-03-05"). */
const DAY_INSIDE = /(?<![\d-])\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])(?!\d)/g;

/**
 * The days a person's assertion names (`readings every day` lists the missing ones), moved by that
 * person's offset like the request's window: free text elsewhere keeps its dates (catalogue text).
 */
function assertionsWithDaysMoved(assertions: CellResult['assertions'], person: string, secret: string): CellResult['assertions'] {
  const shifter = new DateShifter(new Pseudonyms(secret).dayOffset(person));
  return assertions.map((assertion) => (assertion.message ? { ...assertion, message: assertion.message.replace(DAY_INSIDE, (day) => shifter.shift(day)) } : assertion));
}
