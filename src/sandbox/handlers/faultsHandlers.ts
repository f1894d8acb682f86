// POST /_sandbox/faults (a JSON array of faults) and DELETE /_sandbox/faults, so tests running
// in another process (the real VS Code host, a browser) can inject faults too.
import type { Fault } from '../faults';
import { faultIssues } from '../faults';
import { ValidationFailure, typeError } from '../http/httpErrors';
import { parseJsonBody, readBody } from '../http/jsonBody';
import type { Reply, RequestContext } from '../http/router';

export async function addFaults({ state, request }: RequestContext): Promise<Reply> {
  const body = parseJsonBody(await readBody(request));
  if (!Array.isArray(body)) {
    throw new ValidationFailure([typeError('list_type', ['body'], body, 'Input should be a valid list')]);
  }
  const issues = body.flatMap((fault: unknown, i) => faultIssues(fault, ['body', i]));
  if (issues.length > 0) throw new ValidationFailure(issues);
  state.faults.add(body as Fault[]);
  return { status: 200, body: { queued: state.faults.size } };
}

export function clearFaults({ state }: RequestContext): Reply {
  return { status: 200, body: { cleared: state.faults.clear() } };
}
