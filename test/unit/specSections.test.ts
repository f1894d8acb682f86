// "spec 2.3" in a deviation opens the spec at that heading (issue 28): the headings of the spec that
// ships in media/spec are found, and the references in a deviation text point at them.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, test } from 'node:test';
import { specHeadingLines, specReferences } from '../../src/domain/requests/specSections';

const SPEC = readFileSync(resolve(import.meta.dirname, '../../media/spec/health-data-api.md'), 'utf8');

describe('spec sections', () => {
  test('every numbered heading of the shipped spec is found at its line', () => {
    const headings = specHeadingLines(SPEC);
    const lines = SPEC.split('\n');
    for (const section of ['2.1', '2.1.1', '2.2', '2.3', '4.1', '7', '9']) {
      const line = headings.get(section);
      assert.ok(line !== undefined, `section ${section}`);
      assert.match(lines[line]!, new RegExp(`^#+ ${section.replace(/\./g, '\\.')}\\.? `));
    }
  });

  test('"spec 2.3" in a deviation line is a reference; an unknown section or another word is not', () => {
    const headings = specHeadingLines(SPEC);
    const text = '# missing: markers[*].lab_id\n#   spec 2.3: required\n#   spec 99.1: nothing\n#   inspect 2.3';
    const references = specReferences(text, headings);
    assert.deepEqual(
      references.map((reference) => [reference.section, text.slice(reference.start, reference.end)]),
      [['2.3', 'spec 2.3']],
    );
  });
});
