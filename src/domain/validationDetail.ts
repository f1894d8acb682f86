// A 422's `detail` from FastAPI, `[{loc, msg, type}]`, as one line per field for the panels.

export interface FieldProblem {
  /** `start_date (query)` style: the field, then where it was sent. */
  field: string;
  message: string;
}

const LOCATIONS = new Set(['query', 'body', 'path', 'header', 'cookie']);

export function validationFields(detail: readonly unknown[]): FieldProblem[] {
  return detail.flatMap((item) => {
    if (!item || typeof item !== 'object' || !('msg' in item)) return [];
    const { loc, msg } = item as { loc?: unknown; msg?: unknown };
    const path = Array.isArray(loc) ? loc.map(String) : [];
    const location = path[0] !== undefined && LOCATIONS.has(path[0]) ? path[0] : undefined;
    const name = (location ? path.slice(1) : path).join('.');
    const field = location ? (name ? `${name} (${location})` : location) : name || '—';
    return [{ field, message: String(msg) }];
  });
}
