// CellResults of every operation, made the way a notebook cell makes them: the real client against
// the real sandbox, every page of a paged load merged into one body of the operation's own shape,
// the contract lens's deviations over every page. The notebook's runner (nbcore) is not used here:
// the renderer's test needs results, not the runner, and stays independent of it.
import { HealthApiError } from '../../src/api/errors';
import type { Deviation } from '../../src/api/contract/deviations';
import { PageTracker } from '../../src/api/contract/pageChecks';
import type { HealthApiClient } from '../../src/api/client';
import type { GroupedBloodPressure, UserList } from '../../src/api/schemas';
import { groupedBloodPressureRequest, labTestMarkersRequest, listUsersRequest, orderSetMarkersRequest, resolveUserRequest, type RequestSpec } from '../../src/api/requests';
import type { AssertionResult, CellResult } from '../../src/notebook/model';

const ENVIRONMENT = { id: 'local', label: 'Local sandbox' } as const;

function pathOf(spec: RequestSpec): string {
  const query = Object.entries(spec.query)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`)
    .join('&');
  return query ? `${spec.path}?${query}` : spec.path;
}

/** Runs one cell's call(s): `load` gets a deviation sink and returns the body and page count. */
async function cell(
  spec: RequestSpec,
  load: (onDeviations: (found: Deviation[]) => void, tracker: PageTracker) => Promise<{ body: unknown; pages: number }>,
  assertions: (body: unknown, deviations: Deviation[]) => AssertionResult[] = () => [],
): Promise<CellResult> {
  const deviations: Deviation[] = [];
  const started = performance.now();
  const base = {
    version: 1 as const,
    request: { method: spec.method, path: pathOf(spec), ...(spec.body !== undefined ? { body: spec.body } : {}) },
    operation: spec.operation.name,
    call: spec.operation,
    environment: ENVIRONMENT,
    timeZone: 'UTC',
    variablesSet: {},
    ranAt: new Date().toISOString(),
  };
  try {
    const { body, pages } = await load((found) => deviations.push(...found), new PageTracker());
    return { ...base, status: 200, ms: performance.now() - started, pages, outcome: 'ok', body, deviations, assertions: assertions(body, deviations) };
  } catch (error) {
    if (!(error instanceof HealthApiError)) throw error;
    return {
      ...base,
      ...(error.status !== undefined ? { status: error.status } : {}),
      ms: performance.now() - started,
      pages: 0,
      outcome: error.kind === 'cancelled' ? 'cancelled' : 'error',
      error: { kind: error.kind, message: error.message, nextStep: 'Check the client_user_id with "GET /v2/user/", then run the cell again.' },
      deviations,
      assertions: [],
    };
  }
}

/** `expect status 200` and `expect no deviations`, judged on what came back. */
export function statusAndDeviationAssertions(deviations: Deviation[]): AssertionResult[] {
  const first = deviations[0];
  return [
    { line: 3, text: 'expect status 200', passed: true, message: 'status 200' },
    first
      ? {
          line: 4,
          text: 'expect no deviations',
          passed: false,
          message: `${deviations.length} deviations: ${first.pattern || first.path} ${first.kind} (spec ${first.section})`,
          section: first.section,
        }
      : { line: 4, text: 'expect no deviations', passed: true, message: 'no deviations' },
  ];
}

export function listUsersResult(client: HealthApiClient): Promise<CellResult> {
  return cell(
    listUsersRequest({}),
    async (onDeviations, pageTracker) => {
      const users: UserList['users'] = [];
      let pages = 0;
      let total = 0;
      for (let offset = 0; pages === 0 || offset < total; pages++) {
        const page = await client.listUsers({ offset, limit: 50 }, { onDeviations, pageTracker });
        users.push(...page.users);
        total = page.total;
        offset += page.users.length;
        if (page.users.length === 0) break;
      }
      return { body: { users, total, offset: 0, limit: users.length }, pages };
    },
    (body, deviations) => {
      const count = (body as UserList).users.length;
      return [
        ...statusAndDeviationAssertions(deviations),
        // A failing count assertion, as a person who guessed wrong would write it.
        { line: 5, text: 'expect count users == 10', passed: count === 10, message: `expected 10, got ${count}` },
      ];
    },
  );
}

export function resolveUserResult(client: HealthApiClient, clientUserId: string): Promise<CellResult> {
  return cell(resolveUserRequest(clientUserId), async (onDeviations) => ({ body: await client.resolveUser(clientUserId, { onDeviations }), pages: 1 }), (_body, deviations) =>
    statusAndDeviationAssertions(deviations),
  );
}

/** Every cursor page of the window, its groups merged per source key (the runner's `pages all`). */
export function bloodPressureResult(client: HealthApiClient, userId: string, startDate: string, endDate: string): Promise<CellResult> {
  return cell(groupedBloodPressureRequest(userId, { startDate, endDate }), async (onDeviations, pageTracker) => {
    const groups: GroupedBloodPressure['groups'] = {};
    const bySource = new Map<string, GroupedBloodPressure['groups'][string][number]>();
    let nextCursor: string | undefined;
    let pages = 0;
    do {
      const page = await client.getGroupedBloodPressure(userId, { startDate, endDate, ...(nextCursor ? { nextCursor } : {}) }, { onDeviations, pageTracker });
      pages++;
      for (const [key, list] of Object.entries(page.groups)) {
        for (const group of list) {
          const source = `${key}\u0000${JSON.stringify(group.source)}`;
          const known = bySource.get(source);
          if (known) known.data.push(...group.data);
          else {
            const copy = { ...group, data: [...group.data] };
            bySource.set(source, copy);
            (groups[key] ??= []).push(copy);
          }
        }
      }
      nextCursor = page.next_cursor ?? undefined;
    } while (nextCursor);
    return { body: { groups, next_cursor: null }, pages };
  }, (_body, deviations) => statusAndDeviationAssertions(deviations));
}

export function labTestMarkersResult(client: HealthApiClient, labTestId: string): Promise<CellResult> {
  return cell(labTestMarkersRequest(labTestId, { size: 100 }), async (onDeviations) => ({ body: await client.listLabTestMarkers(labTestId, { size: 100 }, { onDeviations }), pages: 1 }), (_body, deviations) =>
    statusAndDeviationAssertions(deviations),
  );
}

export function orderSetMarkersResult(client: HealthApiClient, labTestIds: string[]): Promise<CellResult> {
  const body = { labTestIds };
  return cell(orderSetMarkersRequest(body, { size: 100 }), async (onDeviations) => ({ body: await client.listOrderSetMarkers(body, { size: 100 }, { onDeviations }), pages: 1 }), (_body, deviations) =>
    statusAndDeviationAssertions(deviations),
  );
}
