// The JUnit report: well-formed XML whatever a notebook or a server puts in it, one testcase per
// assertion, a cell that errors as one failed testcase, and failure messages that name the cell,
// the path and the spec section. Read back with a strict XML parser (sax, from the packaging tools).
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
  test('one suite per notebook, one case per assertion, a cell error as one failed case', () => {
    const notebooks: JUnitNotebook[] = [
      {
        file: 'media/notebook/sample.hdnb.md',
        cells: [
          {
            line: 12,
            name: 'cell 2',
            result: result({
              deviations: [deviation],
              assertions: [
                { line: 3, text: 'expect status 200', passed: true, message: 'expected status 200, got 200' },
                { line: 4, text: 'expect no deviations', passed: false, message: 'cell 2, line 4: 1 deviation: missingRequired at markers[*].lab_id (2 of 7): lab_id: integer, lab identifier (spec 2.3)', section: '2.3' },
              ],
            }),
          },
          { line: 20, name: 'cell 4', result: result({ outcome: 'error', error: { kind: 'unknownVariable', message: 'line 1: unknown variable {{userId}}', line: 1 } }) },
          { line: 30, name: 'cell 6', result: result() },
        ],
      },
      { file: 'other.hdnb.md', cells: [] },
    ];
    const root = parseXml(junitReport(notebooks));
    assert.equal(root.name, 'testsuites');
    assert.equal(root.attributes.tests, '4');
    assert.equal(root.attributes.failures, '2');
    const [suite, empty] = root.children;
    assert.equal(suite?.attributes.name, 'media/notebook/sample.hdnb.md');
    assert.equal(suite?.attributes.tests, '4');
    assert.equal(suite?.attributes.failures, '2');
    assert.equal(empty?.attributes.tests, '0');
    const cases = suite!.children;
    assert.deepEqual(cases.map((testCase) => testCase.attributes.name), [
      'cell 2 (line 12): expect status 200',
      'cell 2 (line 12): expect no deviations',
      'cell 4 (line 20): GET /v2/user/',
      'cell 6 (line 30): GET /v2/user/',
    ]);
    assert.deepEqual(cases.map((testCase) => testCase.children.length), [0, 1, 1, 0]);
    const deviationFailure = cases[1]!.children[0]!;
    assert.equal(deviationFailure.attributes.type, 'assertion');
    assert.match(deviationFailure.attributes.message!, /cell 2, line 4: .*markers\[\*\]\.lab_id.*\(spec 2\.3\)/);
    assert.match(deviationFailure.text, /missingRequired at markers\[\*\]\.lab_id \(2 of 7; first at markers\[0\]\.lab_id, markers\[3\]\.lab_id\)/);
    const cellError = cases[2]!.children[0]!;
    assert.equal(cellError.attributes.type, 'unknownVariable');
    assert.equal(cellError.attributes.message, 'cell 4 (line 20): GET /v2/user/: line 1: unknown variable {{userId}}');
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
              { line: 1, name: 'cell 1', result: result({ request: { method: 'GET', path: text }, assertions: [{ line: 2, text, passed: false, message }] }) },
              { line: 5, name: 'cell 3', result: result({ outcome: 'error', error: { kind: text, message } }) },
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
        assert.equal(suite.children[0]!.children[0]!.attributes.message, clean(message));
      }),
      { numRuns: 300 },
    );
  });
});
