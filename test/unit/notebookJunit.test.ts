// The JUnit report: well-formed XML whatever a notebook or a server puts in it, one testcase per
// assertion with the file and line of its `expect` and a unique name, a cell that errors as one
// <error> (counted in `errors`), a cell that never ran as <skipped> with the reason, and failure
// messages that name file:line, the path and the spec section. Read back with a strict XML parser (sax, from the packaging tools).
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import type { CellResult } from '../../src/notebook/model';
import { junitReport, type JUnitNotebook } from '../../src/notebook/junitReport';

interface SaxParser {
  onerror: (error: Error) => void;
  onopentag: (node: { name: string; attributes: Record<string, string> }) => void;
  ontext: (text: string) => void;
  onclosetag: (name: string) => void;
  write(text: string): SaxParser;
  close(): void;
}
const sax = createRequire(import.meta.url)('sax') as { parser(strict: boolean): SaxParser };

interface Element {
  name: string;
  attributes: Record<string, string>;
  children: Element[];
  text: string;
}

function parseXml(xml: string): Element {
  const parser = sax.parser(true);
  const root: Element = { name: '#root', attributes: {}, children: [], text: '' };
  const stack = [root];
  parser.onerror = (error) => {
    throw error;
  };
  parser.onopentag = (node) => {
    const element: Element = { name: node.name, attributes: node.attributes, children: [], text: '' };
    stack.at(-1)!.children.push(element);
    stack.push(element);
  };
  parser.ontext = (text) => {
    stack.at(-1)!.text += text;
  };
  parser.onclosetag = () => {
    stack.pop();
  };
  parser.write(xml).close();
  return root.children[0]!;
}

function result(overrides: Partial<CellResult> = {}): CellResult {
  return {
    version: 1,
    request: { method: 'GET', path: '/v2/user/' },
    operation: 'listUsers',
    environment: { id: 'local', label: 'Local sandbox' },
    status: 200,
    ms: 40,
    pages: 1,
    outcome: 'ok',
    deviations: [],
    assertions: [],
    variablesSet: {},
    ranAt: '2026-11-26T05:00:00.000Z',
    ...overrides,
  };
}

const deviation = {
  kind: 'missingRequired' as const,
  path: 'markers[0].lab_id',
  pattern: 'markers[*].lab_id',
  count: 2,
  of: 7,
  paths: ['markers[0].lab_id', 'markers[3].lab_id'],
  spec: 'lab_id: integer, lab identifier',
  section: '2.3',
};

describe('JUnit report', () => {
  test('one suite per notebook, one case per assertion at its file line, a cell error as one <error>, a cell never run as <skipped>', () => {
    const notebooks: JUnitNotebook[] = [
      {
        file: 'media/notebook/sample.hdnb.md',
        cells: [
          {
            place: { fence: 12, request: 13 },
            result: result({
              deviations: [deviation],
              assertions: [
                { line: 3, text: 'expect status 200', passed: true, message: 'expected status 200, got 200' },
                { line: 4, text: 'expect no deviations', passed: false, message: '1 deviation: missingRequired at markers[*].lab_id (2 of 7): lab_id: integer, lab identifier (spec 2.3)', section: '2.3' },
              ],
            }),
          },
          { place: { fence: 20, request: 21 }, result: result({ outcome: 'error', error: { kind: 'unknownVariable', message: 'unknown variable {{userId}}', line: 1, nextStep: 'Set the variable.' } }) },
          { place: { fence: 30, request: 32 }, result: result() },
          // The same assertion text twice on one line cannot happen; the same name can (two cells with no check).
          { place: { fence: 40, request: 32 }, result: result() },
          { place: { fence: 50, request: 51 }, result: result({ outcome: 'error', error: { kind: 'network', message: 'connect ECONNREFUSED' } }) },
          { place: { fence: 60, request: 61 }, skipped: 'not run: an earlier cell could not reach Local sandbox (network)' },
          { place: { fence: 70, request: 71 }, result: result({ outcome: 'cancelled' }), skipped: 'not run: the run was stopped' },
        ],
      },
      { file: 'other.hdnb.md', cells: [] },
    ];
    const root = parseXml(junitReport(notebooks));
    assert.equal(root.name, 'testsuites');
    assert.deepEqual([root.attributes.tests, root.attributes.failures, root.attributes.errors, root.attributes.skipped], ['8', '1', '2', '2']);
    const [suite, empty] = root.children;
    assert.equal(suite?.attributes.name, 'media/notebook/sample.hdnb.md');
    assert.deepEqual([suite?.attributes.tests, suite?.attributes.failures, suite?.attributes.errors, suite?.attributes.skipped], ['8', '1', '2', '2']);
    assert.equal(empty?.attributes.tests, '0');
    const cases = suite!.children;
    assert.deepEqual(cases.map((testCase) => testCase.attributes.name), [
      'line 15: expect status 200',
      'line 16: expect no deviations',
      'line 21: GET /v2/user/',
      'line 32: GET /v2/user/',
      'line 32: GET /v2/user/ (2)',
      'line 51: GET /v2/user/',
      'line 61: request',
      'line 71: GET /v2/user/',
    ]);
    assert.equal(new Set(cases.map((testCase) => testCase.attributes.name)).size, cases.length, 'names are unique');
    assert.deepEqual(cases.map((testCase) => testCase.attributes.line), ['15', '16', '21', '32', '32', '51', '61', '71']);
    assert.ok(cases.every((testCase) => testCase.attributes.file === 'media/notebook/sample.hdnb.md'));
    assert.deepEqual(cases.map((testCase) => testCase.children.map((child) => child.name).join()), ['', 'failure', 'error', '', '', 'error', 'skipped', 'skipped']);
    const deviationFailure = cases[1]!.children[0]!;
    assert.equal(deviationFailure.attributes.type, 'assertion');
    assert.match(deviationFailure.attributes.message!, /^media\/notebook\/sample\.hdnb\.md:16: .*markers\[\*\]\.lab_id.*\(spec 2\.3\)/);
    assert.match(deviationFailure.text, /missingRequired at markers\[\*\]\.lab_id \(2 of 7; first at markers\[0\]\.lab_id, markers\[3\]\.lab_id\)/);
    const cellError = cases[2]!.children[0]!;
    assert.equal(cellError.attributes.type, 'unknownVariable');
    assert.equal(cellError.attributes.message, 'media/notebook/sample.hdnb.md:21: GET /v2/user/: unknown variable {{userId}}');
    assert.match(cellError.text, /Set the variable\./);
    assert.equal(cases[6]!.children[0]!.attributes.message, 'not run: an earlier cell could not reach Local sandbox (network)');
    assert.equal(cases[7]!.children[0]!.attributes.message, 'not run: the run was stopped');
  });

  test('hostile strings stay data: escaped, and characters XML cannot hold replaced (property)', () => {
    const hostile = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.constantFrom(']]></failure><injected/>', '"\' onload="x', '<script>alert(1)</script>', '&amp;&#0;', '\u0000\u0001\uFFFE\uD800', 'line\nbreak\r\ttab'),
    );
    fc.assert(
      fc.property(hostile, hostile, hostile, (file, text, message) => {
        const xml = junitReport([
          {
            file,
            cells: [
              { place: { fence: 1, request: 2 }, result: result({ request: { method: 'GET', path: text }, assertions: [{ line: 2, text, passed: false, message }] }) },
              { place: { fence: 5, request: 6 }, result: result({ outcome: 'error', error: { kind: text, message } }) },
            ],
          },
        ]);
        const root = parseXml(xml);
        const suite = root.children[0]!;
        assert.equal(suite.children.length, 2);
        assert.equal(root.children.length, 1, 'nothing injected');
        // eslint-disable-next-line no-control-regex -- the characters XML forbids, as the report replaces them
        const clean = (value: string): string => value.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
        assert.equal(suite.attributes.name, clean(file));
        assert.equal(suite.children[0]!.children[0]!.attributes.message, clean(`${file}:3: ${message}`));
      }),
      { numRuns: 300 },
    );
  });
});
