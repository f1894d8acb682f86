// GET /v2/timeseries/{user_id}/blood_pressure/grouped — cursor-paged, grouped by provider.
import { decodeCursor, encodeCursor } from '../data/cursor';
import type { CursorState } from '../data/cursor';
import { collectPage } from '../data/readingPages';
import { vendorGroups } from '../data/vendorShape';
import { readingsToGroups } from '../data/wireFormat';
import { DATE_FORMAT_ERROR, endBeforeStartWithoutZone, parseDateInput, toInstant } from '../http/dateParams';
import type { DateInput } from '../http/dateParams';
import { IssueList, ValidationFailure, notFound, valueError } from '../http/httpErrors';
import { readString, readUuid, requireString } from '../http/queryParams';
import type { Reply, RequestContext } from '../http/router';

const END_BEFORE_START = 'end_date must not be before start_date';

function readDate(query: URLSearchParams, name: string, required: boolean, issues: IssueList): DateInput | undefined {
  const raw = required ? requireString(query, name, issues) : readString(query, name);
  if (raw === undefined || (!required && raw === '')) return undefined;
  const parsed = parseDateInput(raw);
  if (!parsed) issues.add(valueError(['query', name], raw, DATE_FORMAT_ERROR));
  return parsed;
}

/** next_cursor, or the deprecated cursor; an empty value means "first page". */
function readCursor(context: RequestContext, issues: IssueList): { token: string; state: CursorState } | undefined {
  const current = readString(context.query, 'next_cursor') || undefined;
  const deprecated = readString(context.query, 'cursor') || undefined;
  if (current && deprecated && current !== deprecated) {
    issues.add(valueError(['query', 'cursor'], deprecated, 'cursor and next_cursor disagree; send only next_cursor'));
    return undefined;
  }
  const token = current ?? deprecated;
  if (!token) return undefined;
  const state = decodeCursor(context.state.cursorSecret, token);
  if (!state) {
    issues.add(valueError(['query', current ? 'next_cursor' : 'cursor'], token, 'invalid or expired cursor'));
    return undefined;
  }
  return { token, state };
}

export function groupedBloodPressure(context: RequestContext): Reply {
  const { state, query, params } = context;
  const issues = new IssueList();
  const userId = readUuid(params[0] ?? '', ['path', 'user_id'], issues);
  const start = readDate(query, 'start_date', true, issues);
  const end = readDate(query, 'end_date', false, issues);
  const provider = readString(query, 'provider') ?? '';
  const cursor = readCursor(context, issues);
  if (start && end && endBeforeStartWithoutZone(start, end)) {
    issues.add(valueError(['query', 'end_date'], readString(query, 'end_date'), END_BEFORE_START));
  }
  issues.throwIfAny();
  if (!userId || !start) throw new Error('unreachable: validation passed without user_id/start_date');

  const user = state.population.byUserId(userId);
  if (!user) throw notFound('User not found');
  const zone = user.timeZone?.value ?? null;
  const startMs = toInstant(start, zone, false);
  const endMs = end ? toInstant(end, zone, true) : null;
  if (endMs !== null && endMs < startMs) {
    throw new ValidationFailure([valueError(['query', 'end_date'], readString(query, 'end_date'), END_BEFORE_START)]);
  }
  const bound = cursor?.state;
  if (bound && (bound.userId !== user.userId || bound.start !== startMs || bound.end !== endMs || bound.provider !== provider)) {
    throw new ValidationFailure([
      valueError(['query', 'next_cursor'], cursor.token, 'the cursor belongs to a different user, date range or provider'),
    ]);
  }

  const page = collectPage({
    seed: state.seed,
    today: state.today,
    user,
    start: startMs,
    end: endMs,
    matchesProvider: (slug) => provider === '' || state.style.text(slug) === provider,
    from: bound ? { day: bound.day, index: bound.index } : null,
    pageSize: state.bloodPressurePageSize,
  });
  const next = page.next
    ? encodeCursor(state.cursorSecret, { userId: user.userId, start: startMs, end: endMs, provider, ...page.next })
    : null;
  const groups = readingsToGroups(page.readings, zone, state.style);
  return {
    status: 200,
    body: {
      groups: state.shape === 'vendor' ? vendorGroups(groups, state.seed, user.index, state.style) : groups,
      next_cursor: next,
      next,
    },
  };
}
