// The assertions whose verdict a recording cannot promise to reproduce, each named with why. A
// recording shifts a person's dates by whole weeks (the scrubber's rule), so an assertion comparing a
// date with a literal holds in the copy only when that literal moved by the same days as the field it
// is compared with — true of a blood-pressure cell's readings, not of a list whose users each have
// their own offset, nor of a birth date (kept to its year). `expect readings every day` over a window
// with no end counts the days up to today, which is another day when the recording is replayed.
import { isDateString } from '../../scrub/dateShift';
import type { NotebookFile } from '../model';
import { isCellSyntaxError, parsedRequestCell } from '../requestCell';

export interface ReplayCaveat {
  /** The cell's index in the notebook's cells. */
  cellIndex: number;
  /** 1-based line of the assertion inside the cell. */
  line: number;
  text: string;
  reason: string;
}

const DATE_SHORTCUT = /\{\{\s*(today|yesterday|\d{1,5}\s+days?\s+ago)\s*\}\}/;
const DATE_LITERAL = /(?:==|!=|<=|>=|<|>)\s*["']?(\d{4}-\d{2}-\d{2}[^\s"']*)/;

export const DATE_LITERAL_CAVEAT = "compares a date with a literal: a recording's dates are shifted, so its verdict on the recording may differ from the live run's";
export const OPEN_WINDOW_CAVEAT = 'counts days up to today (the query has no end_date): replayed on another day, its verdict may differ';

export function replayCaveats(notebook: NotebookFile): ReplayCaveat[] {
  const caveats: ReplayCaveat[] = [];
  notebook.cells.forEach((cell, cellIndex) => {
    if (cell.kind !== 'request') return;
    const parsed = parsedRequestCell(cell.source);
    if (isCellSyntaxError(parsed)) return;
    const openWindow = parsed.target.includes('/blood_pressure/') && !/[?&](end_date|range)=/.test(parsed.target);
    for (const { line, text, assertion } of parsed.assertions) {
      const literal = DATE_LITERAL.exec(text)?.[1];
      if (DATE_SHORTCUT.test(text) || (assertion.kind === 'compare' && literal !== undefined && isDateString(literal))) caveats.push({ cellIndex, line, text, reason: DATE_LITERAL_CAVEAT });
      else if (assertion.kind === 'readingsEveryDay' && openWindow) caveats.push({ cellIndex, line, text, reason: OPEN_WINDOW_CAVEAT });
    }
  });
  return caveats;
}
