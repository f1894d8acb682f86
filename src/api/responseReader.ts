// A 2xx response's text → the operation's value: parsed, accepted by the tolerant reader (or refused
// as invalid_response with the body kept for Open Raw Response), and looked at by the contract lens.
import type { z } from 'zod';
import type { CallOptions } from './callOptions';
import type { FollowedRedirect } from './contract/inspect';
import { inspectAndRead, inspectResponse } from './contract/inspect';
import type { ContractOperation } from './contract/specFacts';
import { parseJson, validate } from './decode';
import { HealthApiError } from './errors';
import { isGroupedBloodPressure, isMarkerPage, isUser, isUserList } from './fastChecks';
import type { RequestSpec } from './requests';
import { groupedBloodPressureSchema, markerPageSchema, userListSchema, userSchema } from './schemas';
import type { ShapedCheck } from './shapedChecks';
import type { AttemptOutcome } from './transport';

/** Allocation-free acceptance of well-formed responses; zod still explains any other. */
const FAST_CHECKS = new Map<z.ZodType, ShapedCheck>([
  [userListSchema, isUserList],
  [userSchema, isUser],
  [groupedBloodPressureSchema, isGroupedBloodPressure],
  [markerPageSchema, isMarkerPage],
]);

/**
 * A 2xx body → the value, through the contract lens when it is on. A spec-exact body (the common
 * case) is taken as parsed without the reader's checks: it is one the reader accepts. Any other body
 * is walked once by the lens with the reader's checks on the way; zod judges only what they refuse.
 */
export function readResponse<T>(
  operation: ContractOperation,
  spec: RequestSpec,
  url: string,
  schema: z.ZodType<T>,
  outcome: Extract<AttemptOutcome, { kind: 'ok' }>,
  opts: CallOptions,
  redirect: FollowedRedirect | undefined,
  contractLens: boolean,
): T {
  const parsed = parseJson(outcome.text);
  if (!parsed.ok) throw refused(parsed.problem, spec, url, outcome);
  opts.onParsed?.(parsed.value);
  const fastCheck = FAST_CHECKS.get(schema);
  if (!contractLens) {
    const decoded = validate(parsed.value, schema, fastCheck);
    if (!decoded.ok) throw refused(decoded.problem, spec, url, outcome);
    outcome.log({});
    return decoded.value;
  }
  const context = { request: spec, tracker: opts.pageTracker, redirect };
  const read = fastCheck ? inspectAndRead(operation, parsed.value, fastCheck, context) : { accepted: false, deviations: [] };
  let value = parsed.value as T;
  let deviations = read.deviations;
  if (!read.accepted) {
    const decoded = validate(parsed.value, schema);
    if (!decoded.ok) throw refused(decoded.problem, spec, url, outcome);
    value = decoded.value;
    deviations = inspectResponse(operation, value, context);
  }
  outcome.log({ deviations });
  opts.onDeviations?.(deviations);
  return value;
}

/** A 2xx body the reader cannot take: logged as it came, refused with the body kept. */
function refused(problem: string, spec: RequestSpec, url: string, outcome: Extract<AttemptOutcome, { kind: 'ok' }>): HealthApiError {
  outcome.log({});
  return new HealthApiError({
    kind: 'invalid_response',
    message: `Unexpected response from ${spec.method} ${url}: ${problem}`,
    method: spec.method,
    url,
    status: outcome.status,
    responseBody: outcome.text,
  });
}
