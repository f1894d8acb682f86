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
    super(422, issues);
  }
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
