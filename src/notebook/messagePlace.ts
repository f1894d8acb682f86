// Where a failure message says it happened: "cell 3, line 7: …" in VS Code (the cell's name and its
// line), the line alone by default, or nothing for the command line, which prints FILE:LINE beside it.
import type { AssertionResult } from './model';

export interface PlaceNaming {
  /** How failure messages name the cell ("cell 3"); absent: they name only the line. */
  cellName?: string;
  /**
   * How failure messages name a line of the cell (1-based in the cell); '' leaves the place out, for a
   * caller that prints it beside the message (the command line's `file.hdnb.md:LINE`). Default: cellName and line.
   */
  place?: (line: number) => string;
}

/** How failure messages name line `line` of the cell: "cell 3, line 7", or '' (no place). */
function placeOf(naming: PlaceNaming, line: number): string {
  return naming.place ? naming.place(line) : `${naming.cellName ? `${naming.cellName}, ` : ''}line ${line}`;
}

/** "cell 3, line 7: message", or the message alone when the place is ''. */
export function placed(naming: PlaceNaming, line: number, message: string): string {
  const where = placeOf(naming, line);
  return where === '' ? message : `${where}: ${message}`;
}

/** A failed assertion's result: its message led by its place, which `place` repeats for a view that shows the line apart. */
export function failedAssertion(naming: PlaceNaming, line: number, text: string, message: string): AssertionResult {
  const where = placeOf(naming, line);
  return { line, text, passed: false, message: placed(naming, line, message), ...(where === '' ? {} : { place: where }) };
}
