// Links that open the extension on a view: vscode://<publisher>.<name>/<view>?<params>. Pure: the
// URI handler hands in the path and query, and gets back a checked target or why it is refused.
// A link is data from anyone (a chat, an issue): every value is checked before it is used.
import type { EnvironmentId } from '../environments';
import { isEnvironmentId, isProduction } from '../environments';
import { isApiDate, isUuid } from '../inputValidation';
import { MAX_ID_LENGTH } from './lookupClassifier';

export type LinkTarget =
  | { view: 'user'; env: EnvironmentId; clientUserId: string }
  | { view: 'bloodPressure'; env: EnvironmentId; userId: string; startDate: string; endDate: string; provider: string }
  | { view: 'labTest'; env: EnvironmentId; labTestId: string };

export type LinkProblem =
  | { kind: 'unknownView'; view: string }
  | { kind: 'missingParameter'; name: string }
  | { kind: 'unexpectedParameter'; name: string }
  | { kind: 'repeatedParameter'; name: string }
  | { kind: 'invalidParameter'; name: string }
  | { kind: 'carriesKey' }
  | { kind: 'unknownEnvironment' };

export type ParsedLink = { ok: true; target: LinkTarget; needsConfirmation: boolean } | { ok: false; problem: LinkProblem };

const PARAMETERS: Record<LinkTarget['view'], { required: string[]; optional: string[] }> = {
  user: { required: ['client_user_id', 'env'], optional: [] },
  bloodPressure: { required: ['user_id', 'start_date', 'env'], optional: ['end_date', 'provider'] },
  labTest: { required: ['id', 'env'], optional: [] },
};

/** Names that say a key travels in the link; such a link is refused outright, never used. */
const KEY_PARAMETER = /key|token|secret|password|auth/i;
const CLIENT_USER_ID = /^[A-Za-z0-9][A-Za-z0-9._:@+|~-]*$/;
const PROVIDER_SLUG = /^[a-z0-9_]{1,64}$/;
const LAB_TEST_ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

function isView(value: string): value is LinkTarget['view'] {
  return Object.prototype.hasOwnProperty.call(PARAMETERS, value);
}

/** `path` as VS Code's Uri gives it ("/user"), `query` without its "?". */
export function parseLink(path: string, query: string): ParsedLink {
  const view = path.replace(/^\/+/, '').replace(/\/+$/, '');
  if (!isView(view)) return { ok: false, problem: { kind: 'unknownView', view: view.slice(0, 40) } };
  const params = new URLSearchParams(query);
  const names = [...params.keys()];
  if (names.some((name) => KEY_PARAMETER.test(name))) return { ok: false, problem: { kind: 'carriesKey' } };
  const allowed = PARAMETERS[view];
  const seen = new Set<string>();
  for (const name of names) {
    if (![...allowed.required, ...allowed.optional].includes(name)) {
      return { ok: false, problem: { kind: 'unexpectedParameter', name: name.slice(0, 40) } };
    }
    if (seen.has(name)) return { ok: false, problem: { kind: 'repeatedParameter', name } };
    seen.add(name);
  }
  for (const name of allowed.required) {
    if ((params.get(name) ?? '').trim() === '') return { ok: false, problem: { kind: 'missingParameter', name } };
  }
  const value = (name: string): string => (params.get(name) ?? '').trim();
  const env = value('env');
  if (!isEnvironmentId(env)) return { ok: false, problem: { kind: 'unknownEnvironment' } };
  const invalid = (name: string): ParsedLink => ({ ok: false, problem: { kind: 'invalidParameter', name } });

  let target: LinkTarget;
  switch (view) {
    case 'user': {
      const clientUserId = value('client_user_id');
      if (clientUserId.length > MAX_ID_LENGTH || !CLIENT_USER_ID.test(clientUserId)) return invalid('client_user_id');
      target = { view, env, clientUserId };
      break;
    }
    case 'bloodPressure': {
      const [userId, startDate, endDate, provider] = [value('user_id'), value('start_date'), value('end_date'), value('provider')];
      if (!isUuid(userId)) return invalid('user_id');
      if (!isApiDate(startDate)) return invalid('start_date');
      if (endDate !== '' && !isApiDate(endDate)) return invalid('end_date');
      if (provider !== '' && !PROVIDER_SLUG.test(provider)) return invalid('provider');
      target = { view, env, userId: userId.toLowerCase(), startDate, endDate, provider };
      break;
    }
    case 'labTest': {
      const labTestId = value('id');
      if (labTestId.length > MAX_ID_LENGTH || !LAB_TEST_ID.test(labTestId)) return invalid('id');
      target = { view, env, labTestId };
      break;
    }
  }
  return { ok: true, target, needsConfirmation: isProduction(env) };
}

/** The path and query of a link to `target`; `parseLink` reads it back to the same target. */
export function linkPathAndQuery(target: LinkTarget): { path: string; query: string } {
  const params = new URLSearchParams();
  switch (target.view) {
    case 'user':
      params.set('client_user_id', target.clientUserId);
      break;
    case 'bloodPressure':
      params.set('user_id', target.userId);
      params.set('start_date', target.startDate);
      if (target.endDate !== '') params.set('end_date', target.endDate);
      if (target.provider !== '') params.set('provider', target.provider);
      break;
    case 'labTest':
      params.set('id', target.labTestId);
      break;
  }
  params.set('env', target.env);
  return { path: `/${target.view}`, query: params.toString() };
}

/** `scheme://extension.id/view?query`; the scheme is the editor's own (vscode, vscode-insiders, code-oss…). */
export function buildLink(scheme: string, extensionId: string, target: LinkTarget): string {
  const { path, query } = linkPathAndQuery(target);
  return `${scheme}://${extensionId}${path}?${query}`;
}
