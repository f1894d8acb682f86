// The placeholders of a request copied from the vendor's API reference or its Postman collection:
// the host written as `{{baseUrl}}` or `{{BASE_URL}}`, a path parameter as `{user_id}` (OpenAPI) or
// `:user_id` (Postman), the key header's value as `<API_KEY>`, `{{apiKey}}` or `YOUR_API_KEY`. A
// placeholder is not a value: the host is the environment's address, a path parameter is a notebook
// variable to name (a key placeholder: keyHeaders.ts).

/** A name that stands for an address: `baseUrl`, `BASE_URL`, `api_url`, `host`, `server`. */
const HOST_NAME = /^(?:[a-z]+_?)?(?:base_?url|api_?url|url|host|api_?host|base|server|server_?url|endpoint|environment)$/i;

/** A leading host placeholder of a request target: `{{BASE_URL}}`, `<BASE_URL>`, `$BASE_URL`, `${BASE_URL}`; the rest is the path. */
export function splitHostPlaceholder(written: string): { host: string; rest: string } | undefined {
  const match = /^(\{\{\s*([A-Za-z_][\w-]*)\s*\}\}|<([A-Za-z_][\w-]*)>|\$\{([A-Za-z_]\w*)\}|\$([A-Za-z_]\w*))(?=[/?]|$)/.exec(written.trim());
  if (!match) return undefined;
  const name = match[2] ?? match[3] ?? match[4] ?? match[5]!;
  if (!HOST_NAME.test(name)) return undefined;
  const rest = written.trim().slice(match[1]!.length);
  return { host: match[1]!, rest: rest === '' ? '/' : rest };
}

/**
 * A path parameter left as the reference writes it: `{user_id}` (not `{{…}}`) or a Postman
 * `:user_id` segment. Percent-encoded braces are an id's own (Save as Notebook encodes an id so).
 */
export function pathPlaceholders(target: string): string[] {
  const path = target.split('?', 1)[0]!;
  const names: string[] = [];
  for (const match of path.matchAll(/(?<!\{)\{([A-Za-z_]\w*)\}(?!\})/g)) names.push(match[1]!);
  for (const segment of path.split('/')) {
    const postman = /^:([A-Za-z_]\w*)$/.exec(segment);
    if (postman) names.push(postman[1]!);
  }
  return [...new Set(names)];
}

/** The notebook variable to write for a path parameter: one the notebook has under that name (`user_id`, `userId`), else the parameter's own name. */
export function variableFor(parameter: string, known: Iterable<string>): { name: string; exists: boolean } {
  const plain = (name: string): string => name.replace(/[_-]/g, '').toLowerCase();
  for (const name of known) if (plain(name) === plain(parameter)) return { name, exists: true };
  return { name: parameter, exists: false };
}
