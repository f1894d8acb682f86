// Errors in the shapes FastAPI produces: `{"detail": "..."}` for plain HTTP errors and a list of
// pydantic-v2 items (`type`, `loc`, `msg`, `input`, optional `ctx`) for 422.

export interface ValidationIssue {
  type: string;
  loc: (string | number)[];
  msg: string;
  input: unknown;
  ctx?: Record<string, unknown>;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof detail === 'string' ? detail : `HTTP ${status}`);
  }
}

export class ValidationFailure extends HttpError {
  constructor(readonly issues: ValidationIssue[]) {
    super(422, issues.map((issue) => ({ ...issue, input: boundedInput(issue.input) })));
  }
}

// JSON.stringify recurses: echoing a body nested a few thousand levels deep overflows the stack.
const MAX_ECHO_DEPTH = 32;

/** The echoed `input` of a 422 item, with anything nested deeper than MAX_ECHO_DEPTH elided. */
function boundedInput(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_ECHO_DEPTH) return Array.isArray(value) ? '[…]' : '{…}';
  if (Array.isArray(value)) return value.map((item) => boundedInput(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, boundedInput(item, depth + 1)]));
}

export const notFound = (detail = 'Not Found'): HttpError => new HttpError(404, detail);

export const missing = (loc: (string | number)[], input: unknown = null): ValidationIssue => ({
  type: 'missing',
  loc,
  msg: 'Field required',
  input,
});

export const valueError = (loc: (string | number)[], input: unknown, error: string): ValidationIssue => ({
  type: 'value_error',
  loc,
  msg: `Value error, ${error}`,
  input,
  ctx: { error },
});

export const typeError = (type: string, loc: (string | number)[], input: unknown, msg: string): ValidationIssue => ({
  type,
  loc,
  msg,
  input,
});

/** Collects every problem of a request before failing, as FastAPI reports them all at once. */
export class IssueList {
  readonly items: ValidationIssue[] = [];
  add(issue: ValidationIssue): void {
    this.items.push(issue);
  }
  throwIfAny(): void {
    if (this.items.length > 0) throw new ValidationFailure(this.items);
  }
}
