// What `node dist/cli.js run` prints: one line per cell (where, which operation, status, time,
// pages, deviations, assertions), the failure messages indented below it, and the totals. Plain
// English, no colour codes: CI logs keep it as it is.
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

export function cellReport(where: string, result: CellResult): string[] {
  const tally = tallyOf(result);
  if (result.outcome !== 'ok') {
    const what = result.operation ?? (result.request.path === '' ? 'request' : `${result.request.method} ${result.request.path}`);
    const lines = [`${where}  ${what}  ${result.outcome === 'cancelled' ? 'CANCELLED' : 'ERROR'}  ${result.ms} ms`];
    if (result.error) lines.push(`    ${result.error.kind}: ${result.error.message}`);
    if (result.error?.nextStep && result.outcome === 'error') lines.push(`    next step: ${result.error.nextStep}`);
    for (const assertion of result.assertions) if (!assertion.passed) lines.push(`    failed: ${assertion.message}`);
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
  const lines = [line];
  for (const note of result.notes ?? []) lines.push(`    note: ${note}`);
  for (const assertion of result.assertions) if (!assertion.passed) lines.push(`    failed: ${assertion.message}`);
  return lines;
}

export function totalsLine(tally: CellTally, cellsNotRun: number): string {
  const notRun = cellsNotRun > 0 ? ` (${plural(cellsNotRun, 'cell')} could not run)` : '';
  return `${tally.passed} passed, ${tally.failed} failed${notRun}`;
}
