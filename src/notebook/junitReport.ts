// The JUnit XML that CI systems read: one testsuite per notebook, one testcase per assertion (a
// cell that could not run is one failed testcase; a cell that ran with no assertion is one passing
// testcase, so the report shows it ran). Every string from a notebook or a server is data: escaped,
// and characters XML cannot hold are replaced.
import type { CellResult } from './model';

export interface JUnitCell {
  /** 1-based line of the cell's fence in the file. */
  line: number;
  /** "cell 3": as the messages name it. */
  name: string;
  result: CellResult;
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
  seconds: number;
  failure?: { message: string; type: string; details: string };
}

function requestName(result: CellResult): string {
  return result.request.path === '' ? 'request' : `${result.request.method} ${result.request.path}`;
}

function deviationDetails(result: CellResult): string {
  return result.deviations
    .map((deviation) => `${deviation.kind} at ${deviation.pattern || 'the request'} (${deviation.count} of ${deviation.of}; first at ${deviation.paths.join(', ') || deviation.path || 'the request'}): ${deviation.spec} (spec ${deviation.section})`)
    .join('\n');
}

function testCases(cell: JUnitCell): TestCase[] {
  const { result } = cell;
  const seconds = result.ms / 1000;
  const prefix = `${cell.name} (line ${cell.line})`;
  if (result.outcome !== 'ok') {
    const error = result.error ?? { kind: result.outcome, message: result.outcome };
    const message = `${prefix}: ${requestName(result)}: ${error.message}`;
    return [{ name: `${prefix}: ${requestName(result)}`, seconds, failure: { message, type: error.kind, details: [message, error.nextStep].filter(Boolean).join('\n') } }];
  }
  if (result.assertions.length === 0) return [{ name: `${prefix}: ${requestName(result)}`, seconds }];
  const share = seconds / result.assertions.length;
  return result.assertions.map((assertion) => {
    const name = `${prefix}: ${assertion.text}`;
    if (assertion.passed) return { name, seconds: share };
    const section = assertion.section ? ` (spec ${assertion.section})` : '';
    const message = `${assertion.message}${assertion.message.includes(`spec ${assertion.section}`) ? '' : section}`;
    const details = assertion.section ? `${message}\n\nDeviations over all pages:\n${deviationDetails(result)}` : message;
    return { name, seconds: share, failure: { message, type: 'assertion', details } };
  });
}

function testCaseXml(classname: string, testCase: TestCase): string {
  const open = `    <testcase classname="${escapeXmlAttribute(classname)}" name="${escapeXmlAttribute(testCase.name)}" time="${testCase.seconds.toFixed(3)}"`;
  if (!testCase.failure) return `${open}/>`;
  const { message, type, details } = testCase.failure;
  return `${open}>\n      <failure message="${escapeXmlAttribute(message)}" type="${escapeXmlAttribute(type)}">${escapeXmlText(details)}</failure>\n    </testcase>`;
}

export function junitReport(notebooks: readonly JUnitNotebook[]): string {
  const suites: string[] = [];
  let tests = 0;
  let failures = 0;
  let seconds = 0;
  for (const notebook of notebooks) {
    const cases = notebook.cells.flatMap(testCases);
    const failed = cases.filter((testCase) => testCase.failure).length;
    const time = notebook.cells.reduce((sum, cell) => sum + cell.result.ms / 1000, 0);
    tests += cases.length;
    failures += failed;
    seconds += time;
    suites.push(
      [
        `  <testsuite name="${escapeXmlAttribute(notebook.file)}" tests="${cases.length}" failures="${failed}" errors="0" skipped="0" time="${time.toFixed(3)}">`,
        ...cases.map((testCase) => testCaseXml(notebook.file, testCase)),
        '  </testsuite>',
      ].join('\n'),
    );
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="Health Data notebooks" tests="${tests}" failures="${failures}" errors="0" time="${seconds.toFixed(3)}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}
