// Where in the notebook file each failure of a cell is: the line of the failing `expect` (or `let`),
// the line a syntax error names, or the request line for a request that failed. The command line's
// report, the JUnit report and CI annotations all point there, so `file.hdnb.md:LINE` opens the line.
import type { CellResult } from './model';
import { isCellSyntaxError, parsedRequestCell } from './requestCell';

/** A request cell's place in its file, as 1-based lines of the file. */
export interface CellPlace {
  /** The cell's opening fence (```http); a line L of the cell is line fence + L of the file. */
  fence: number;
  /** The request line (`GET …`): where a failure without a line of its own points. */
  request: number;
}

export interface PlacedFailure {
  /** 1-based line in the file. */
  line: number;
  /** What failed: the assertion as written, or the request. */
  title: string;
  /** Why, as the runner said it. */
  message: string;
  kind: 'assertion' | 'error';
  /** The error's kind for an 'error' ("network", "unknownVariable"). */
  errorKind?: string;
}

export function cellPlace(fence: number, source: string): CellPlace {
  const cell = parsedRequestCell(source);
  const firstWritten = source.split('\n').findIndex((line) => line.trim() !== '');
  const line = isCellSyntaxError(cell) ? Math.max(1, firstWritten + 1) : cell.line;
  return { fence, request: fence + line };
}

/** "GET /v2/user/" as sent, or "request" for a cell that never made one. */
export function requestName(result: CellResult): string {
  return result.request.path === '' ? 'request' : `${result.request.method} ${result.request.path}`;
}

/** The cell's failures in file order of its lines: the error (when it could not run), then each failed check. */
export function placedFailures(result: CellResult, place: CellPlace): PlacedFailure[] {
  const failures: PlacedFailure[] = [];
  if (result.outcome === 'error') {
    const error = result.error ?? { kind: 'error', message: 'The cell could not run.' };
    failures.push({ line: error.line !== undefined ? place.fence + error.line : place.request, title: requestName(result), message: error.message, kind: 'error', errorKind: error.kind });
  }
  for (const assertion of result.assertions) {
    if (!assertion.passed) failures.push({ line: place.fence + assertion.line, title: assertion.text, message: assertion.message, kind: 'assertion' });
  }
  return failures;
}
