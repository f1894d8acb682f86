// The request cell that makes a client call again: what Save as Notebook and Add to Notebook write.
// parseRequestCell of it gives back the same operation (a property test holds them together).
import { requestOfOperation, type RequestOperation, type RequestSpec } from '../api/requests';

export interface CellSourceOptions {
  /** Written as `pages first` / `pages all`; left out (the default, all) when absent. */
  pages?: 'all' | 'first';
  assertNoDeviations?: boolean;
}

/** Path and query of a request, as a cell's request line has them. */
export function requestTarget(spec: RequestSpec): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(spec.query)) if (value !== undefined) query.set(name, String(value));
  const search = query.toString();
  return search === '' ? spec.path : `${spec.path}?${search}`;
}

/** JSON that no `{{` in a string can turn into a variable: the second brace is written as \u007b. */
function bodyText(body: unknown): string {
  return JSON.stringify(body, null, 2).replace(/\{\{/g, '{\\u007b');
}

export function requestCellSource(operation: RequestOperation, options: CellSourceOptions = {}): string {
  const spec = requestOfOperation(operation);
  const lines = [`${spec.method} ${requestTarget(spec)}`];
  if (spec.body !== undefined) lines.push('', bodyText(spec.body));
  const directives: string[] = [];
  if (options.pages) directives.push(`pages ${options.pages}`);
  if (options.assertNoDeviations) directives.push('expect no deviations');
  if (directives.length > 0) lines.push('', ...directives);
  return lines.join('\n');
}
