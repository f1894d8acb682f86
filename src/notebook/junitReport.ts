// The JUnit XML that CI systems read: one testsuite per notebook, one testcase per assertion, each
// with the `file` and `line` of its `expect` and a name unique in its suite. A cell that could not run
// is one testcase with an <error> (counted in `errors`), a cell that never ran one with a <skipped>
// and the reason, a cell that ran with no assertion one passing testcase (so the report shows it ran).
// Every string from a notebook or a server is data: escaped, and characters XML cannot hold are replaced.
import { placedFailures, requestName, type CellPlace } from './failurePlaces';
import type { CellResult } from './model';

export interface JUnitCell {
  /** Where the cell is in its file. */
  place: CellPlace;
  /** How its run ended; absent for a cell that never ran. */
  result?: CellResult;
  /** Why the cell never ran (an earlier cell could not reach the API, the run was stopped): a <skipped>. */
  skipped?: string;
}

export interface JUnitNotebook {
  /** The file as given on the command line. */
  file: string;
  cells: JUnitCell[];
}

/** Characters XML 1.0 cannot hold (controls, lone surrogates, U+FFFE/U+FFFF) as U+FFFD. */
function xmlSafe(text: string): string {
  // eslint-disable-next-line no-control-regex -- these are exactly the characters XML forbids
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

export function escapeXmlText(text: string): string {
  return xmlSafe(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function escapeXmlAttribute(text: string): string {
  return escapeXmlText(text).replace(/"/g, '&quot;').replace(/'/g, '&apos;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;');
}

interface TestCase {
  name: string;
  /** 1-based line in the file. */
  line: number;
  seconds: number;
  /** <failure> a check failed, <error> the cell could not run, <skipped> it never ran. */
  end?: { element: 'failure' | 'error' | 'skipped'; message: string; type?: string; details?: string };
}

function deviationDetails(result: CellResult): string {
  return result.deviations
    .map((deviation) => `${deviation.kind} at ${deviation.pattern || 'the request'} (${deviation.count} of ${deviation.of}; first at ${deviation.paths.join(', ') || deviation.path || 'the request'}): ${deviation.spec} (spec ${deviation.section})`)
    .join('\n');
}

function testCases(file: string, cell: JUnitCell): TestCase[] {
  const { result, place } = cell;
  if (!result || cell.skipped !== undefined || result.outcome === 'cancelled') {
    const reason = cell.skipped ?? 'stopped before it finished';
    return [{ name: `line ${place.request}: ${result ? requestName(result) : 'request'}`, line: place.request, seconds: (result?.ms ?? 0) / 1000, end: { element: 'skipped', message: reason } }];
  }
  const seconds = result.ms / 1000;
  const failures = placedFailures(result, place);
  if (result.outcome === 'error') {
    const [error, ...checks] = failures;
    const message = `${file}:${error!.line}: ${requestName(result)}: ${error!.message}`;
    const details = [message, result.error?.nextStep, ...checks.map((check) => `${file}:${check.line}: ${check.message}`)].filter(Boolean).join('\n');
    return [{ name: `line ${error!.line}: ${requestName(result)}`, line: error!.line, seconds, end: { element: 'error', message, type: error!.errorKind ?? 'error', details } }];
  }
  if (result.assertions.length === 0) return [{ name: `line ${place.request}: ${requestName(result)}`, line: place.request, seconds }];
  const share = seconds / result.assertions.length;
  return result.assertions.map((assertion) => {
    const line = place.fence + assertion.line;
    const name = `line ${line}: ${assertion.text}`;
    if (assertion.passed) return { name, line, seconds: share };
    const section = assertion.section ? ` (spec ${assertion.section})` : '';
    const message = `${file}:${line}: ${assertion.message}${assertion.message.includes(`spec ${assertion.section}`) ? '' : section}`;
    const details = assertion.section ? `${message}\n\nDeviations over all pages:\n${deviationDetails(result)}` : message;
    return { name, line, seconds: share, end: { element: 'failure', message, type: 'assertion', details } };
  });
}

/** Names unique within a suite: a repeat gets " (2)", " (3)"… */
function uniqueNames(cases: TestCase[]): TestCase[] {
  const seen = new Map<string, number>();
  return cases.map((testCase) => {
    const count = (seen.get(testCase.name) ?? 0) + 1;
    seen.set(testCase.name, count);
    return count === 1 ? testCase : { ...testCase, name: `${testCase.name} (${count})` };
  });
}

function testCaseXml(file: string, testCase: TestCase): string {
  const attributes = `classname="${escapeXmlAttribute(file)}" name="${escapeXmlAttribute(testCase.name)}" file="${escapeXmlAttribute(file)}" line="${testCase.line}" time="${testCase.seconds.toFixed(3)}"`;
  if (!testCase.end) return `    <testcase ${attributes}/>`;
  const { element, message, type, details } = testCase.end;
  const typeAttribute = type !== undefined ? ` type="${escapeXmlAttribute(type)}"` : '';
  const body = details !== undefined ? `>${escapeXmlText(details)}</${element}>` : '/>';
  return `    <testcase ${attributes}>\n      <${element} message="${escapeXmlAttribute(message)}"${typeAttribute}${body}\n    </testcase>`;
}

export function junitReport(notebooks: readonly JUnitNotebook[]): string {
  const suites: string[] = [];
  const totals = { tests: 0, failure: 0, error: 0, skipped: 0, seconds: 0 };
  for (const notebook of notebooks) {
    const cases = uniqueNames(notebook.cells.flatMap((cell) => testCases(notebook.file, cell)));
    const count = (element: 'failure' | 'error' | 'skipped'): number => cases.filter((testCase) => testCase.end?.element === element).length;
    const suite = { failure: count('failure'), error: count('error'), skipped: count('skipped') };
    const time = notebook.cells.reduce((sum, cell) => sum + (cell.result?.ms ?? 0) / 1000, 0);
    totals.tests += cases.length;
    totals.failure += suite.failure;
    totals.error += suite.error;
    totals.skipped += suite.skipped;
    totals.seconds += time;
    suites.push(
      [
        `  <testsuite name="${escapeXmlAttribute(notebook.file)}" tests="${cases.length}" failures="${suite.failure}" errors="${suite.error}" skipped="${suite.skipped}" time="${time.toFixed(3)}">`,
        ...cases.map((testCase) => testCaseXml(notebook.file, testCase)),
        '  </testsuite>',
      ].join('\n'),
    );
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="Health Data notebooks" tests="${totals.tests}" failures="${totals.failure}" errors="${totals.error}" skipped="${totals.skipped}" time="${totals.seconds.toFixed(3)}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}
