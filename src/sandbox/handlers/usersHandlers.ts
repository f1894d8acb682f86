// GET /v2/user/ (also /v2/user) and GET /v2/user/resolve/{client_user_id}.
import type { SampleUser } from '../data/sampleUserShape';
import { vendorUser } from '../data/vendorShape';
import { userToWire } from '../data/wireFormat';
import type { SandboxState } from '../http/router';
import { IssueList, notFound } from '../http/httpErrors';
import { readInt } from '../http/queryParams';
import type { Reply, RequestContext } from '../http/router';

export const MAX_USER_PAGE = 500;

/** A user in the sandbox's shape: the spec's list shows no ingestion bounds (2.1.1); the vendor's sends them with nulls. */
function wireUser(user: SampleUser, state: SandboxState, resolved: boolean): Record<string, unknown> {
  if (state.shape === 'spec') return userToWire(user, state.style, resolved);
  return vendorUser(userToWire(user, state.style, true), state.seed, user.index);
}

export function listUsers({ state, query }: RequestContext): Reply {
  const issues = new IssueList();
  const offset = readInt(query, 'offset', { fallback: 0, ge: 0 }, issues);
  const limit = readInt(query, 'limit', { fallback: 100, ge: 1, le: MAX_USER_PAGE }, issues);
  issues.throwIfAny();
  const { population } = state;
  const users: unknown[] = [];
  const end = Math.min(population.total, offset + limit);
  for (let position = offset; position < end; position++) {
    const user = population.atPosition(position);
    if (user) users.push(wireUser(user, state, false));
  }
  return { status: 200, body: { users, total: population.total, offset, limit } };
}

export function resolveUser({ state, params }: RequestContext): Reply {
  const [decorated = ''] = params;
  const clientUserId = state.style.plain(decorated);
  const user = clientUserId === undefined ? undefined : state.population.byClientUserId(clientUserId);
  if (!user) throw notFound('User not found');
  return { status: 200, body: wireUser(user, state, true) };
}
