// A 2xx response's text → the operation's value: parsed, accepted by the tolerant reader (or refused
// as invalid_response with the body kept for Open Raw Response), and looked at by the contract lens.
import type { z } from 'zod';
import type { CallOptions } from './callOptions';
import type { FollowedRedirect } from './contract/inspect';
import { inspectResponse } from './contract/inspect';
import { isSpecExact } from './contract/specExact';
import type { ContractOperation } from './contract/specFacts';
import { parseJson, validate } from './decode';
import { HealthApiError } from './errors';
import { isGroupedBloodPressure, isMarkerPage, isUser, isUserList } from './fastChecks';
import type { RequestSpec } from './requests';
import { groupedBloodPressureSchema, markerPageSchema, userListSchema, userSchema } from './schemas';
import type { AttemptOutcome } from './transport';

/** Allocation-free acceptance of well-formed responses; zod still explains any other. */
const FAST_CHECKS = new Map<z.ZodType, (value: unknown) => boolean>([
  [userListSchema, isUserList],
  [userSchema, isUser],
  [groupedBloodPressureSchema, isGroupedBloodPressure],
  [markerPageSchema, isMarkerPage],
]);

/**
 * A 2xx body → the value, through the contract lens when it is on. A spec-exact body (the common
 * case) is taken as parsed without the reader's checks: it is one the reader accepts.
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
  const specExact = contractLens && isSpecExact(operation, parsed.value);
  const decoded = specExact ? { ok: true as const, value: parsed.value as T } : validate(parsed.value, schema, FAST_CHECKS.get(schema));
  if (!decoded.ok) throw refused(decoded.problem, spec, url, outcome);
  if (!contractLens) {
    outcome.log({});
    return decoded.value;
  }
  const deviations = inspectResponse(operation, decoded.value, { request: spec, tracker: opts.pageTracker, redirect, specExact });
  outcome.log({ deviations });
  opts.onDeviations?.(deviations);
  return decoded.value;
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
