// The `expect` grammar on its own (pure): every example docs/notebooks.md documents parses, and each kind
// is judged right on bodies built here, including `[*]` paths, `readings` and deviation places.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, test } from 'node:test';
import type { Deviation } from '../../src/api/contract/deviations';
import { DEVIATION_KINDS } from '../../src/api/contract/deviations';
import { evaluateAssertion, parseAssertion, type Assertion, type AssertionSubject } from '../../src/notebook/assertions';

const NOTEBOOK_DOCS = readFileSync(resolve(import.meta.dirname, '../../docs/notebooks.md'), 'utf8');

function parsed(text: string): Assertion {
  const assertion = parseAssertion(text);
  if ('problem' in assertion) assert.fail(`${text}: ${assertion.problem}`);
  return assertion;
}

const bloodPressure = {
  groups: {
    omron: [{ source: { provider: 'omron' }, data: [{ systolic: 120, diastolic: 80, timestamp: '2026-11-20T08:00:00Z' }, { systolic: 185, diastolic: 95, timestamp: '2026-11-21T08:00:00Z' }] }],
    withings: [{ source: { provider: 'withings' }, data: [{ systolic: 118, diastolic: 76, timestamp: '2026-11-22T08:00:00Z' }] }],
  },
  next_cursor: null,
};

const deviation = (kind: Deviation['kind'], pattern: string): Deviation => ({ kind, path: pattern.replace(/\[\*\]/g, '[0]'), pattern, count: 1, of: 1, paths: [pattern.replace(/\[\*\]/g, '[0]')], spec: 'what the spec says', section: '2.3' });

function judge(text: string, body: unknown, deviations: Deviation[] = []): boolean {
  const subject: AssertionSubject = { status: 200, body, hasBody: true, deviations };
  return evaluateAssertion(parsed(text), subject).passed;
}

describe('expect grammar', () => {
  test('every assertion docs/notebooks.md documents parses', () => {
    const examples = [...NOTEBOOK_DOCS.matchAll(/^\| `(expect [^`]+)` \|/gm)].map((match) => match[1]!.slice('expect '.length));
    assert.ok(examples.length >= 15, `found ${examples.length} examples in docs/notebooks.md`);
    for (const example of examples) parsed(example);
  });

  test('readings and [*] paths: every value must hold, and count counts them all', () => {
    assert.equal(judge('count readings == 3', bloodPressure), true);
    assert.equal(judge('readings[*].systolic < 180', bloodPressure), false);
    assert.equal(judge('readings[*].systolic < 190', bloodPressure), true);
    assert.equal(judge('readings[0].systolic == 120', bloodPressure), true);
    assert.equal(judge('count groups.omron[0].data == 2', bloodPressure), true);
    assert.equal(judge('groups.withings[0].source.provider == withings', bloodPressure), true);
    assert.equal(judge('next_cursor == null', bloodPressure), true);
    assert.equal(judge('$.groups.omron exists', bloodPressure), true);
    const failed = evaluateAssertion(parsed('readings[*].systolic < 180'), { status: 200, body: bloodPressure, hasBody: true, deviations: [] });
    assert.equal(failed.message, 'expected readings[*].systolic (item 1) < 180, got 185');
  });

  test('values: JSON literals, bare words, quoted text; ordering only between like types', () => {
    const body = { name: 'it works', count: 3, flag: true, list: ['a', 'b'], nested: { a: [1, 2] } };
    assert.equal(judge('name == "it works"', body), true);
    assert.equal(judge('name == it works', body), true);
    assert.equal(judge('count == 3', body), true);
    assert.equal(judge('count == "3"', body), false);
    assert.equal(judge('count > 2', body), true);
    assert.equal(judge('name > 2', body), false);
    assert.equal(judge('flag == true', body), true);
    assert.equal(judge('nested == {"a": [1, 2]}', body), true);
    assert.equal(judge('list contains b', body), true);
    assert.equal(judge('list contains c', body), false);
    assert.equal(judge('name contains works', body), true);
    assert.equal(judge('nested.a contains 2', body), true);
  });

  test('deviation places: the same place, a place below it, or a * glob', () => {
    const found = [deviation('missingRequired', 'markers[*].lab_id'), deviation('unknownField', 'markers[*].expected_results[*].required')];
    assert.equal(judge('no deviations at markers[*].lab_id', {}, found), false);
    assert.equal(judge('no deviations at markers', {}, found), false);
    assert.equal(judge('no deviations at markers[*].expected_results', {}, found), false);
    assert.equal(judge('no deviations at *.required', {}, found), false);
    assert.equal(judge('no deviations at users', {}, found), true);
    assert.equal(judge('no deviations at markers[*].lab', {}, found), true, 'a prefix of a name is not a place below it');
    assert.equal(judge('no deviations of kind unknownField', {}, found), false);
    assert.equal(judge('no deviations of kind nullNotAllowed', {}, found), true);
    // Every kind the lens reports can be named, the newest included.
    for (const kind of DEVIATION_KINDS) assert.equal(judge(`no deviations of kind ${kind}`, {}, [deviation(kind, 'x')]), false, kind);
    assert.equal(judge('deviations == 2', {}, found), true);
    assert.equal(judge('deviations < 2', {}, found), false);
  });

  test('what cannot be read is a problem that shows the way', () => {
    for (const [text, problem] of [
      ['status two hundred', /expect status 200/],
      ['deviations <= many', /whole number/],
      ['no deviations of kind oddities', /unknown deviation kind "oddities": one of missingRequired/],
      ['count users >= some', /whole number/],
      ['users[ == 1', /cannot read the path/],
      ['frobnicate', /cannot read "expect frobnicate"/],
    ] as const) {
      const result = parseAssertion(text);
      assert.ok('problem' in result, text);
      assert.match(result.problem, problem);
    }
  });
});
