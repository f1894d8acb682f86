// The one redirect the client follows. The spec lists users at /v2/user/ while the service (FastAPI)
// declares /v2/user and answers the other spelling with a 307 to it. Following that is safe: the
// key goes back to the very address it was sent to, spelled with or without a trailing slash.
// Every other redirect is refused, so the key never follows one to another host, port or path.

const METHOD_KEEPING = new Set([307, 308]);
const ANY_REDIRECT = new Set([301, 302, 303, 307, 308]);

/**
 * The absolute URL to send the request to again, or undefined when the redirect must not be
 * followed: it has to keep the method (any redirect of a GET; only 307/308 of a POST, which keep
 * the body), stay on the same origin (scheme, host, port), carry no credentials, keep the query
 * exactly, and change the path by nothing but a trailing slash.
 */
export function trailingSlashRedirect(method: string, from: string, status: number, location: string | undefined): string | undefined {
  if (location === undefined || location === '') return undefined;
  if (!(method === 'GET' ? ANY_REDIRECT : METHOD_KEEPING).has(status)) return undefined;
  let source: URL;
  let target: URL;
  try {
    source = new URL(from);
    target = new URL(location, source);
  } catch {
    return undefined;
  }
  if (target.origin !== source.origin || target.username !== '' || target.password !== '') return undefined;
  if (target.search !== source.search) return undefined;
  const [shorter, longer] = source.pathname.length < target.pathname.length ? [source.pathname, target.pathname] : [target.pathname, source.pathname];
  const slashOnly = longer === `${shorter}/` && !shorter.endsWith('/');
  if (!slashOnly) return undefined;
  target.hash = '';
  return target.toString();
}

/** Path and query of an absolute URL, as a deviation or a log line shows where a redirect led. */
export function pathAndQuery(url: string): string {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}
