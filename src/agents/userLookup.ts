// The user a tool is asked about, from whatever id the model has: a client_user_id (one resolve) or
// a user_id found in a log (the API cannot fetch by user_id: it is tried as a client_user_id first,
// then the team is paged through with the users filter's prefix search). The look-up classifier
// of "Look up in Health Data" decides which it is, so both read ids the same way.
import type { HealthApiClient } from '../api/client';
import { isHealthApiError } from '../api/errors';
import type { User } from '../api/schemas';
import { providerOf } from '../api/wireValues';
import { classifyLookupText } from '../domain/users/lookupClassifier';
import { listScopeUsers } from '../domain/coverage/scanUsers';
import type { AgentToolContext, AgentToolResult } from './agentTool';
import { quoted } from './dataText';
import { errorResult } from './failures';
import { failureResult } from './resultBuilder';

/** Longest id accepted; a client_user_id is the team's own string, kept as sent up to this length. */
export const MAX_USER_ARGUMENT = 256;

export type UserLookup =
  | { ok: true; user: User; foundBy: 'client_user_id' | 'user_id'; usersSearched: number }
  | { ok: false; result: AgentToolResult };

export type UserId = { kind: 'uuid'; value: string } | { kind: 'clientUserId'; value: string } | { kind: 'invalid'; problem: string };

/** What the text given as `user` is. Anything that is not a UUID is a client_user_id, as sent. */
export function classifyUserArgument(text: string): UserId {
  const plan = classifyLookupText(text);
  if (plan.kind === 'id') return plan.tries.includes('userId') ? { kind: 'uuid', value: plan.value } : { kind: 'clientUserId', value: plan.value };
  if (plan.reason === 'empty') return { kind: 'invalid', problem: 'the user id is empty' };
  const raw = text.trim();
  if (raw.length > MAX_USER_ARGUMENT) return { kind: 'invalid', problem: `the user id is ${raw.length} characters long (at most ${MAX_USER_ARGUMENT})` };
  // Not shaped like an id the classifier knows, but client_user_ids are the team's own strings.
  return { kind: 'clientUserId', value: raw };
}

const notFoundNextStep = 'Check the id: list_users with a prefix of it searches client_user_ids and user_ids.';

export async function lookUpUser(tool: string, text: string, context: AgentToolContext, client: HealthApiClient): Promise<UserLookup> {
  const id = classifyUserArgument(text);
  const { environment, signal } = context;
  if (id.kind === 'invalid') return { ok: false, result: failureResult(tool, environment, `${id.problem}.`, 'Pass a client_user_id or a user_id (UUID).') };
  try {
    return { ok: true, user: await client.resolveUser(id.value, { signal }), foundBy: 'client_user_id', usersSearched: 0 };
  } catch (error) {
    if (!isHealthApiError(error) || error.kind !== 'not_found') return { ok: false, result: errorResult(tool, environment, error) };
    if (id.kind === 'clientUserId') {
      return { ok: false, result: failureResult(tool, environment, `no user has client_user_id ${quoted(id.value)} in ${environment.label}.`, notFoundNextStep) };
    }
  }
  // A UUID that is no client_user_id: a user_id. Every page of users is read (one request per 500).
  try {
    context.onProgress?.({ message: `Searching the users of ${environment.label} for user_id ${id.value}` });
    let listed = 0;
    const matches = await listScopeUsers(client, { kind: 'filtered', prefix: id.value }, { signal, onPage: (count) => (listed = count) });
    const match = matches.find((user) => user.user_id.toLowerCase() === id.value);
    if (!match) {
      return {
        ok: false,
        result: failureResult(tool, environment, `no user has user_id or client_user_id ${quoted(id.value)} in ${environment.label} (${listed} users searched).`, `${notFoundNextStep} A UUID can also be a lab test id: try lab_test_markers.`),
      };
    }
    // The list does not carry the ingestion bounds: resolve gives the full record.
    const user = await client.resolveUser(match.client_user_id, { signal });
    return { ok: true, user, foundBy: 'user_id', usersSearched: listed };
  } catch (error) {
    return { ok: false, result: errorResult(tool, environment, error) };
  }
}

/** The user's record as a tool returns it: ids, sources, time zone and ingestion bounds. Nothing else about the person. */
export function userFacts(user: User): Record<string, unknown> {
  return {
    client_user_id: user.client_user_id,
    user_id: user.user_id,
    created_on: user.created_on,
    // `provider` first (the service's field), else the spec's deprecated `source`.
    connected_sources: (user.connected_sources ?? []).map((connected) => ({
      provider: providerOf(connected).slug,
      name: providerOf(connected).name ?? null,
      connected_on: connected.created_on ?? null,
    })),
    fallback_time_zone: user.fallback_time_zone ? { id: user.fallback_time_zone.id, source: user.fallback_time_zone.source_slug, updated_at: user.fallback_time_zone.updated_at } : null,
    ingestion_start: user.ingestion_start ?? null,
    ingestion_end: user.ingestion_end ?? null,
  };
}
