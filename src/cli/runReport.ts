// What `node dist/cli.js run` prints: one line per cell (where, which operation, status, time,
// pages, deviations, assertions), then each failure as `file.hdnb.md:LINE: why` (LINE: the failing
// `expect` line in the file, or the request line), and the totals. Plain English, no colour codes:
// CI logs keep it as it is, and editors and problem matchers open `file:LINE`.
import { placedFailures, type CellPlace } from '../notebook/failurePlaces';
import type { CellResult } from '../notebook/model';

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

export interface CellTally {
  passed: number;
  failed: number;
}

/** Assertions of a cell; a cell that could not run counts as one failure. */
export function tallyOf(result: CellResult): CellTally {
  if (result.outcome !== 'ok') return { passed: 0, failed: 1 };
  const failed = result.assertions.filter((assertion) => !assertion.passed).length;
  return { passed: result.assertions.length - failed, failed };
}

export function cellReport(file: string, place: CellPlace, result: CellResult): string[] {
  const tally = tallyOf(result);
  const where = `${file}:${place.request}`;
  const failures = placedFailures(result, place).map((failure) => `${file}:${failure.line}: ${failure.kind === 'error' ? `${failure.errorKind}: ` : ''}${failure.message}`);
  if (result.outcome !== 'ok') {
    const what = result.operation ?? (result.request.path === '' ? 'request' : `${result.request.method} ${result.request.path}`);
    const lines = [`${where}  ${what}  ${result.outcome === 'cancelled' ? 'CANCELLED' : 'ERROR'}  ${result.ms} ms`, ...failures];
    if (result.error?.nextStep && result.outcome === 'error') lines.push(`    next step: ${result.error.nextStep}`);
    return lines;
  }
  const line = [
    where,
    result.operation ?? 'request',
    String(result.status ?? '-'),
    `${result.ms} ms`,
    plural(result.pages, 'page'),
    plural(result.deviations.length, 'deviation'),
    `${tally.passed} passed, ${tally.failed} failed`,
  ].join('  ');
  return [line, ...(result.notes ?? []).map((note) => `    note: ${note}`), ...failures];
}

/** A cell that never ran: where, and why. */
export function skippedReport(file: string, place: CellPlace, reason: string): string {
  return `${file}:${place.request}  SKIPPED  ${reason}`;
}

export function totalsLine(tally: CellTally, cellsNotRun: number, cellsSkipped = 0): string {
  const parts = [...(cellsNotRun > 0 ? [`${plural(cellsNotRun, 'cell')} could not run`] : []), ...(cellsSkipped > 0 ? [`${plural(cellsSkipped, 'cell')} skipped`] : [])];
  return `${tally.passed} passed, ${tally.failed} failed${parts.length > 0 ? ` (${parts.join(', ')})` : ''}`;
}
